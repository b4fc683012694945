package keyplan

import (
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
)

// This file finds the unique keys of a table (the primary key, each
// GLOBAL UNIQUE index) whose every column each OR branch of a read pins to
// a finite set of values: each value of such a key is at most one row, so
// the read returns at most the sum over the branches of the product of the
// sets' sizes. An IN $list's size is known only to the Go code that binds
// the list, so it is handed back as the list expression.

// PointSet is the values one predicate atom pins its key columns to:
// Count of them, or, for `IN $list` (Count -1), as many as the list
// expression List holds at run time.
type PointSet struct {
	Count int
	List  yql.Expr
}

// PointKey is a unique key of the table (the primary key, or a GLOBAL
// UNIQUE index) every column of which every OR branch pins to points; each
// branch lists its pinning atoms once (a tuple IN pinning two columns is
// one set).
type PointKey struct {
	// Name is "PRIMARY KEY" or the index name.
	Name     string
	Branches [][]PointSet
}

// pointKeys returns the unique keys of t the branches pin to points, the
// primary key first. A unique index does not count NULLs as duplicates, so
// `col IS NULL` pins none of its columns; an index only some of the merged
// definitions have proves nothing.
func pointKeys(t *schema.Table, branches [][]*atom) []PointKey {
	var out []PointKey
	if pk, ok := pointKey("PRIMARY KEY", t.PrimaryKey, branches, true); ok {
		out = append(out, pk)
	}
	for _, ix := range t.Indexes {
		if !ix.Unique || ix.Kind != "" || ix.Partial {
			continue
		}
		if pk, ok := pointKey(ix.Name, ix.Columns, branches, false); ok {
			out = append(out, pk)
		}
	}
	return out
}

func pointKey(name string, cols []string, branches [][]*atom, nullIsPoint bool) (PointKey, bool) {
	if len(cols) == 0 || len(branches) == 0 {
		return PointKey{}, false
	}
	pk := PointKey{Name: name}
	for _, br := range branches {
		var used []*atom
		for _, c := range cols {
			at := pinning(br, c, nullIsPoint)
			if at == nil {
				return PointKey{}, false
			}
			if !containsAtom(used, at) {
				used = append(used, at)
			}
		}
		sets := make([]PointSet, 0, len(used))
		for _, at := range used {
			sets = append(sets, PointSet{Count: at.count, List: at.list})
		}
		pk.Branches = append(pk.Branches, sets)
	}
	return pk, true
}

// pinning returns the point atom of the branch that pins column c to the
// fewest values (a known count before a run-time list), nil when none does.
func pinning(br []*atom, c string, nullIsPoint bool) *atom {
	var best *atom
	for _, at := range br {
		if at.kind != atomPoint || indexOf(at.cols, c) < 0 || at.null && !nullIsPoint {
			continue
		}
		if at.count < 0 && at.list == nil {
			continue // a run-time size nobody can look up
		}
		if best == nil || at.count >= 0 && (best.count < 0 || at.count < best.count) {
			best = at
		}
	}
	return best
}
