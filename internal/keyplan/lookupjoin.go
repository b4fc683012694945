package keyplan

import "github.com/ydblint/ydblint/internal/yql"

// This file recognises YDB's batch lookup: a list of keys (AS_TABLE($keys)
// or a list parameter $keys) joined with a table on a prefix of the
// table's key, the whole key being the common case.
// KQP's rule KqpJoinToIndexLookup (ydb/core/kqp/opt/logical/
// kqp_opt_log_join.cpp) turns such a join into lookups of the right
// input's table by key prefix, one per row of the left input, for the join kinds Inner,
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

// lookupJoin returns the verdict of the side's read when it is KQP's
// batch lookup, with the number of leading key columns each row of the key
// list pins, and Unknown when it is not: one OR branch whose atoms are
// equalities joining key columns with columns of the key list (USING
// included), and comparisons of the table's columns with the key list's,
// which stay a filter after the join; the joined columns cover a key
// prefix. The whole key is POINT (a point per key), a prefix RANGE (a
// range per key). A filter on the table's own columns may be pushed into
// its read, which then is not a plain one: not a lookup for certain.
func lookupJoin(sc *scope, s *side, key []string, branches [][]*atom) (Verdict, int) {
	if s.lookupFrom == nil || len(branches) != 1 {
		return Unknown, 0
	}
	from := -1
	for i, o := range sc.sides {
		if o == s.lookupFrom {
			from = i
		}
	}
	if from < 0 {
		return Unknown, 0
	}
	joined := map[string]bool{}
	for _, at := range branches[0] {
		if at.reason != ReasonJoin || len(at.cols) != 1 {
			return Unknown, 0 // a filter on the table's own columns
		}
		if at.value != nil {
			ref, ok := at.value.(*yql.ColumnRef)
			if !ok || sc.resolveColumn(ref) != from {
				return Unknown, 0
			}
		}
		switch at.kind {
		case atomDepends: // an equality (or USING)
			joined[at.cols[0]] = true
		case atomResidual: // <, >, …: a filter after the join
		default:
			return Unknown, 0
		}
	}
	prefix := 0
	for prefix < len(key) && joined[key[prefix]] {
		prefix++
	}
	switch {
	case prefix == len(key):
		return Point, prefix
	case prefix > 0:
		return Range, prefix
	}
	return Unknown, 0
}
