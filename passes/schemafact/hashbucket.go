package schemafact

import (
	"go/token"
	"sort"
	"strings"

	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/yql"
)

// Bucket evidence (schema.HashPrefix.Bucket). A table keyed
// (idx_hash, rev_start_time, …) whose idx_hash is farm.Hash64 of a service
// name and a bucket number — values the table does not key by — never shows
// "leading column = F(another key column)", the §4 A shape. What it shows is
// that the module binds the leading key column, wherever it binds it, to a
// value certainly computed by a hash function:
//
//   - a read pins it to a parameter bound in Go to such a value
//     (`idx_hash = $hash` with table.ValueParam("$hash",
//     types.Uint64Value(dbmodel.HashTagIndex(…)))), or to Digest::F(…);
//   - a write (INSERT/UPSERT/REPLACE) writes such a parameter or Digest::F(…)
//     to it;
//   - every row of a BulkUpsert (every alternative, when the rows come from
//     several implementations of an interface method) sets the field to such
//     a Go value.
//
// Certainly a hash means querysite's Value.HashFunc: the hash table of
// internal/sdk, a module helper returning one (querysite/gohash.Fact), `% N` and
// other derivations of one. The column's name is never evidence.
//
// One binding of the leading column to something that is known and not a
// hash — a request parameter, a value of a method whose body is not seen, a
// constant in a read — is a conflict: the column may hold something else
// there, so the table gets no bucket evidence from this package, and
// bucket evidence imported from facts is dropped. A value nothing is known
// about (an untraced binding) neither supports nor contradicts. A constant
// written to the column is not a conflict: with evidence it is the fault
// hashprefix reports (every such row lands in one partition).
type bucketObs struct {
	table  *schema.Table
	column string
	hash   bool   // false: a conflict
	fn     string // the hash function, for advice
	kind   string // "read" or "write"
	pos    token.Pos
}

// bucketValue classifies a Go value bound to the leading key column: a
// certain hash (with its function), a known non-hash (conflict), or
// nothing known (ok false). A constant is reported as a conflict only when
// constConflict is set (reads).
func bucketValue(v site.Value, constConflict bool) (hash bool, fn string, ok bool) {
	switch {
	case v.HashFunc != "":
		return true, v.HashFunc, true
	case v.Null == site.DefinitelyNull:
		return false, "", false // nullkey's concern, not a value
	case v.Const:
		return false, "", constConflict
	case v.Origin != "":
		return false, "", true
	}
	return false, "", false
}

// bucketParam classifies a parameter `$name` bound to the leading column.
func bucketParam(s *site.Site, name string, constConflict bool) (hash bool, fn string, pos token.Pos, ok bool) {
	if s.Query == nil {
		return false, "", token.NoPos, false
	}
	p := s.Query.Params
	if p == nil || p.Mode == site.BindUnknown {
		return false, "", token.NoPos, false
	}
	b := p.Lookup(name)
	if b == nil {
		return false, "", token.NoPos, false
	}
	hash, fn, ok = bucketValue(b.Value, constConflict)
	return hash, shortFunc(fn), b.Pos, ok
}

// planBucketObs collects the observations of one planned statement.
func planBucketObs(s *site.Site, plan *keyplan.Plan, pos func(yql.Span) token.Pos) []bucketObs {
	var out []bucketObs
	for _, a := range plan.Reads {
		if a == nil || a.Table == nil || a.Index != nil || len(a.Table.PrimaryKey) < 2 || len(a.Bindings) == 0 {
			continue
		}
		lead := a.Bindings[0]
		if lead.Column != a.Table.PrimaryKey[0] || lead.Kind != keyplan.BindPoint || lead.Value == nil || lead.Null {
			continue
		}
		o := bucketObs{table: a.Table, column: lead.Column, kind: "read", pos: pos(lead.Atom)}
		switch x := lead.Value.(type) {
		case *yql.ParamRef:
			hash, fn, at, ok := bucketParam(s, x.Name, true)
			if !ok {
				continue
			}
			o.hash, o.fn = hash, fn
			if hash && at.IsValid() {
				o.pos = at
			}
		case *yql.Call:
			if !strings.EqualFold(x.Module, "Digest") {
				continue
			}
			o.hash, o.fn = true, x.FullName()
		case *yql.Literal:
			// WHERE idx_hash = 0: the column is read as a plain value.
		default:
			continue
		}
		out = append(out, o)
	}
	for _, w := range plan.Writes {
		if w == nil || w.Table == nil || len(w.Table.PrimaryKey) < 2 {
			continue
		}
		kw := w.Key(w.Table.PrimaryKey[0])
		if kw == nil {
			continue
		}
		for _, v := range kw.Values {
			o := bucketObs{table: w.Table, column: kw.Column, kind: "write", pos: pos(v.Span)}
			switch v.Class {
			case keyplan.ValParam:
				hash, fn, at, ok := bucketParam(s, v.Param, false)
				if !ok {
					continue
				}
				o.hash, o.fn = hash, fn
				if hash && at.IsValid() {
					o.pos = at
				}
			case keyplan.ValHash:
				o.hash, o.fn = true, v.Func
			default:
				continue
			}
			out = append(out, o)
		}
	}
	return out
}

// rowBucketObs is the observation of a BulkUpsert whose rows all set the
// leading key column of its table: one hash observation when every row
// (every alternative) sets it to a certain hash, one conflict when some row
// sets it to a known non-hash, none otherwise (a row without the field, an
// unknown value, a constant: the row then says nothing about the column).
// A row alternative t would reject (a field t has no column for, a key
// column of t other than the leading one missing) is another table's row
// and is left out, so t's evidence names only the hash functions of the
// rows t can hold.
func rowBucketObs(s *site.Site, t *schema.Table) []bucketObs {
	if t == nil || t.Store != schema.RowStore || len(t.PrimaryKey) < 2 || s.Bulk == nil || !s.Bulk.Known || len(s.Bulk.Rows) == 0 {
		return nil
	}
	col := t.PrimaryKey[0]
	var fns []string
	at := token.NoPos
	allHash := true
	for _, row := range s.Bulk.Rows {
		if row == nil || !row.Known {
			return nil
		}
		if row.Impl != "" && !rowCanGoTo(t, row) {
			// A row alternative t would reject (the batch with it) is
			// another table's: its hash function is that table's, and
			// its value says nothing about t.
			continue
		}
		f := rowField(row, col)
		if f == nil {
			allHash = false
			continue
		}
		hash, fn, ok := bucketValue(f.Value, false)
		switch {
		case ok && !hash:
			return []bucketObs{{table: t, column: col, kind: "write", pos: f.Pos}}
		case !hash:
			allHash = false
			continue
		}
		if !at.IsValid() {
			at = f.Pos
		}
		fns = append(fns, shortFunc(fn))
	}
	if !allHash || len(fns) == 0 {
		return nil
	}
	return []bucketObs{{table: t, column: col, hash: true, fn: commonFunc(fns), kind: "write", pos: at}}
}

// rowCanGoTo reports whether t would take row: t has a column for every
// field of the row (a positional field, which names no column, never
// fits), and the row has every key column of t but the leading one —
// BulkUpsert rejects a row without a key column (the leading one is
// left out of the test: a row without it is the fault hashprefix
// reports, not another table's row).
func rowCanGoTo(t *schema.Table, row *site.Row) bool {
	for _, f := range row.Fields {
		if f == nil || f.Name == "" || t.Column(f.Name) == nil {
			return false
		}
	}
	for _, col := range t.PrimaryKey[1:] {
		if rowField(row, col) == nil {
			return false
		}
	}
	return true
}

// commonFunc names the hash function of the rows: the one every row uses,
// or "one of a, b, c" (sorted, at most three named) when row alternatives
// use different ones.
func commonFunc(fns []string) string {
	sort.Strings(fns)
	var distinct []string
	for _, f := range fns {
		if len(distinct) == 0 || distinct[len(distinct)-1] != f {
			distinct = append(distinct, f)
		}
	}
	switch {
	case len(distinct) == 1:
		return distinct[0]
	case len(distinct) > 3:
		return "one of " + strings.Join(distinct[:3], ", ") + ", …"
	}
	return "one of " + strings.Join(distinct, ", ")
}

// bucketEvidence turns the observations into evidence: per table, the
// first hash observation (in source order, reads ranked below writes like
// other evidence), unless some observation of the table is a conflict.
// Tables with a conflict are returned too: imported bucket evidence for
// them is dropped (dropBucketConflicts).
func bucketEvidence(obs []bucketObs, srcOf func(token.Pos) schema.Source) (ev []HashEvidence, conflicts []*schema.Table) {
	type acc struct {
		first    *bucketObs
		conflict bool
	}
	byTable := map[*schema.Table]*acc{}
	var order []*schema.Table
	for i := range obs {
		o := &obs[i]
		a := byTable[o.table]
		if a == nil {
			a = &acc{}
			byTable[o.table] = a
			order = append(order, o.table)
		}
		if !o.hash {
			a.conflict = true
			continue
		}
		if a.first == nil || o.kind == "write" && a.first.kind == "read" {
			a.first = o
		}
	}
	for _, t := range order {
		a := byTable[t]
		if a.conflict {
			conflicts = append(conflicts, t)
			continue
		}
		if a.first == nil {
			continue
		}
		h := schema.HashPrefix{Column: a.first.column, GoFunc: a.first.fn, Evidence: a.first.kind, Src: srcOf(a.first.pos)}
		ev = append(ev, HashEvidence{Table: t.Path, Hash: h})
	}
	return ev, conflicts
}

// dropBucketConflicts removes bucket evidence (imported, or recorded by
// the regular model's facts) from tables this package binds to a non-hash.
func dropBucketConflicts(conflicts []*schema.Table) {
	for _, t := range conflicts {
		if t.Hash.Bucket() {
			t.Hash = nil
		}
	}
}

// shortFunc spells a function the way its callers write it:
// "github.com/x/y/dbmodel.HashTagIndex" → "dbmodel.HashTagIndex",
// "hash/fnv.New64a" → "fnv.New64a".
func shortFunc(fn string) string {
	slash := strings.LastIndexByte(fn, '/')
	return fn[slash+1:]
}

// applyBucketEvidence records bucket evidence after the §4 A evidence:
// SetHash keeps evidence naming a source column over it (schema
// preferHash). Tables this package contradicts lose imported bucket
// evidence first. Evidence the catalogue rejects is dropped silently: it
// was a guess at a shape, not something the user wrote. own is given the
// evidence recorded and the conflicts (module.go).
func (d *discovery) applyBucketEvidence(cat *schema.Catalog, obs []bucketObs, own *OwnEvidence) {
	ev, conflicts := bucketEvidence(obs, d.srcOf)
	dropBucketConflicts(conflicts)
	for _, t := range conflicts {
		own.addConflict(t)
	}
	for _, e := range ev {
		t, err := setHash(cat, e.Table, e.Hash)
		if err != nil {
			continue
		}
		own.addHash(t, e.Hash)
		shareUnknownPrefix(cat, e.Table, e.Hash)
	}
}

// bulkTableChoice resolves the table alternatives of a BulkUpsert whose
// path is one of several (site.TableArg.Alternatives): every
// alternative must name one known row table; nil otherwise (and for a
// site with one table).
func bulkTableChoice(s *site.Site, cat *schema.Catalog) []*schema.Table {
	if s.Table == nil || s.Table.Path != nil || len(s.Table.Alternatives) < 2 {
		return nil
	}
	var out []*schema.Table
	seen := map[*schema.Table]bool{}
	for _, alt := range s.Table.Alternatives {
		t, st := cat.Lookup(alt.KeyedPath(), "")
		if !st.OK() || t == nil || t.Store != schema.RowStore {
			return nil
		}
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// choiceBucketObs is rowBucketObs when the rows go to one of several
// tables and nothing says which: the rows are evidence only when, under
// EVERY candidate table, every row (every row alternative) sets that
// table's leading key column to a hash — then for each of them. A row
// binding some candidate's leading column to a known non-hash is a
// conflict for every candidate (it may go to any of them).
func choiceBucketObs(s *site.Site, tables []*schema.Table) []bucketObs {
	var hashes []bucketObs
	for _, t := range tables {
		obs := rowBucketObs(s, t)
		if len(obs) != 1 {
			return nil
		}
		if !obs[0].hash {
			var out []bucketObs
			for _, u := range tables {
				if len(u.PrimaryKey) > 0 {
					out = append(out, bucketObs{table: u, column: u.PrimaryKey[0], kind: "write", pos: obs[0].pos})
				}
			}
			return out
		}
		hashes = append(hashes, obs[0])
	}
	return hashes
}
