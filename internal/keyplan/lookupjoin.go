package keyplan

import "github.com/ydblint/ydblint/internal/yql"

// This file recognises YDB's batch lookup: a list of keys (AS_TABLE($keys)
// or a list parameter $keys) joined with a table on the table's whole key.
// KQP's rule KqpJoinToIndexLookup (ydb/core/kqp/opt/logical/
// kqp_opt_log_join.cpp) turns such a join into point lookups of the right
// input's table, one per row of the left input, for the join kinds Inner,
// Left, LeftOnly, LeftSemi and RightSemi, when the right input is a plain
// read of the table: a filter on the table's own columns makes it a
// non-passthrough FlatMap and, before the versions that take an extra
// right filter, no lookup. Only that shape is a lookup for certain; every
// other join stays DEPENDS.

// lookupJoinKinds are the JoinSource kinds KqpJoinToIndexLookup accepts
// (Inner, Left, LeftOnly, LeftSemi, RightSemi in KQP's spelling).
var lookupJoinKinds = map[string]bool{
	"INNER": true, "LEFT": true, "LEFT ONLY": true, "LEFT SEMI": true, "RIGHT SEMI": true,
}

// markLookupJoin records on the right side of j that it is the lookup
// side of a join from a key list, when j has that shape; right is the
// side collectSides made for j.Right.
func (st *planState) markLookupJoin(j *yql.JoinSource, left, right *side) {
	if left == nil || right == nil || right.ts == nil || !lookupJoinKinds[j.Kind] {
		return
	}
	switch l := j.Left.(type) {
	case *yql.AsTableSource:
		right.lookupFrom = left
	case *yql.NamedSource:
		if _, bound := st.named(l.Name); !bound {
			right.lookupFrom = left // a list parameter, not a named subquery
		}
	}
}

// lookupJoin reports whether the side's read is KQP's batch lookup: one OR
// branch whose every atom is an equality joining a key column with a
// column of the key list, covering every column of key.
func lookupJoin(sc *scope, s *side, key []string, branches [][]*atom) bool {
	if s.lookupFrom == nil || len(branches) != 1 {
		return false
	}
	from := -1
	for i, o := range sc.sides {
		if o == s.lookupFrom {
			from = i
		}
	}
	if from < 0 {
		return false
	}
	joined := map[string]bool{}
	for _, at := range branches[0] {
		if at.kind != atomDepends || at.reason != ReasonJoin || len(at.cols) != 1 {
			return false // a filter on the table's own columns
		}
		if at.value != nil {
			ref, ok := at.value.(*yql.ColumnRef)
			if !ok || sc.resolveColumn(ref) != from {
				return false
			}
		}
		joined[at.cols[0]] = true
	}
	for _, k := range key {
		if !joined[k] {
			return false
		}
	}
	return true
}
