package schemafact

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/siteplan"
	"github.com/ydblint/ydblint/internal/yql"
)

// HashEvidence is one piece of hash-prefix evidence (yql-semantics.md §4 A)
// for a table: a write in this package sets the leading key column to a
// hash of another key column.
type HashEvidence struct {
	Table  string // the table as the write names it (keyed, see site.Text.Keyed)
	Prefix string // the TablePathPrefix in effect, "" when none
	Hash   schema.HashPrefix
}

// writeEvidence collects §4 A hash-prefix evidence from this package's
// writes: the key planner (internal/keyplan) plans every
// INSERT/UPSERT/REPLACE of every recovered text against the catalogue built
// so far and reports a write that sets the leading key column to
// Digest::F(x) (or to a parameter bound in Go to a hash of the parameter
// written to another key column) while writing x to that other column.
// Evidence carried by imported facts is already in the catalogue.
//
// BulkUpsert rows carry evidence of their own (rowEvidence).
//
// The same plans give the observations of bucket evidence (hashbucket.go),
// returned separately: they apply only where this evidence does not.
func writeEvidence(sites []*site.Site, cat *schema.Catalog, srcOf func(token.Pos) schema.Source, parses *siteplan.Parses) ([]HashEvidence, []bucketObs) {
	if len(cat.Tables) == 0 {
		return nil, nil
	}
	var out []HashEvidence
	var obs []bucketObs
	for _, s := range sites {
		if s.Kind == sdk.KindBulkUpsert {
			out = append(out, rowEvidence(s, cat, srcOf)...)
			if alts := bulkTableChoice(s, cat); alts != nil {
				obs = append(obs, choiceBucketObs(s, alts)...)
			} else {
				obs = append(obs, rowBucketObs(s, bulkTable(s, cat))...)
			}
			continue
		}
		q := s.Query
		if q == nil || q.NotYQL || q.ExplainOnly {
			continue
		}
		for _, t := range q.Texts {
			if t == nil || !mayHash(t.YQL) {
				continue
			}
			ev, o := textEvidence(siteplan.Plan(s, t, cat, siteplan.ForEvidence, parses), srcOf)
			out, obs = append(out, ev...), append(obs, o...)
		}
	}
	return out, obs
}

// mayHash is a cheap filter before parsing: a write, or a keyed read
// (WHERE) that may carry read-side evidence.
func mayHash(text string) bool {
	u := strings.ToUpper(text)
	return strings.Contains(u, "INSERT") || strings.Contains(u, "UPSERT") || strings.Contains(u, "REPLACE") ||
		strings.Contains(u, "WHERE")
}

// textEvidence is the evidence and the bucket observations of one planned
// text.
func textEvidence(tp *siteplan.Text, srcOf func(token.Pos) schema.Source) ([]HashEvidence, []bucketObs) {
	s := tp.Site
	var out []HashEvidence
	var obs []bucketObs
	for _, p := range tp.Plans {
		plan := p.Plan
		obs = append(obs, planBucketObs(s, plan, func(sp yql.Span) token.Pos { return tp.Pos(sp.Start) })...)
		for _, a := range plan.Reads {
			if a == nil || a.HashEvidence == nil || a.Table == nil {
				continue
			}
			h := *a.HashEvidence
			if h.Src = srcOf(tp.Pos(a.HashEvidenceSpan.Start)); h.Src.IsZero() {
				h.Src = srcOf(s.Pos)
			}
			out = append(out, HashEvidence{Table: a.Table.Path, Hash: h})
		}
		for _, w := range plan.Writes {
			if w == nil || w.Hash == nil || w.Table == nil {
				continue
			}
			h := *w.Hash
			if h.Src = srcOf(tp.Pos(w.HashSpan.Start)); h.Src.IsZero() {
				h.Src = srcOf(s.Pos)
			}
			out = append(out, HashEvidence{Table: w.Table.Path, Hash: h})
		}
	}
	return out, obs
}

// applyHashEvidence records each piece of evidence in cat. Evidence the
// catalogue rejects (the table is unknown or ambiguous, the column is not
// the leading key column) is returned as a problem rather than dropped
// silently; facts then carry the accepted evidence to importers.
//
// own, when not nil, is given the evidence recorded (module.go).
func applyHashEvidence(cat *schema.Catalog, ev []HashEvidence, own *OwnEvidence) []Problem {
	var problems []Problem
	for _, e := range ev {
		ref := e.Table
		if e.Prefix != "" {
			if p, unknown, ok := schema.NormalizePath(e.Table, e.Prefix); ok && !unknown {
				ref = p
			}
		}
		h := e.Hash
		if h.Evidence == "" {
			h.Evidence = "write"
		}
		t, err := setHash(cat, ref, h)
		if err != nil {
			problems = append(problems, Problem{
				Category: CategoryIncomplete,
				Src:      h.Src,
				Table:    e.Table,
				Message:  fmt.Sprintf("hash-prefix evidence %s = %s(%s) not recorded: %v", h.Column, h.Func, h.SourceColumn, err),
			})
			continue
		}
		own.addHash(t, h)
		shareUnknownPrefix(cat, ref, h)
	}
	return problems
}

// setHash is schema.Catalog.SetHash, returning the table.
func setHash(cat *schema.Catalog, ref string, h schema.HashPrefix) (*schema.Table, error) {
	t, st := cat.Lookup(ref, "")
	if !st.OK() {
		return nil, fmt.Errorf("table %s: %s", ref, st)
	}
	return t, schema.SetTableHash(t, h)
}

// shareUnknownPrefix: evidence recorded on a table whose prefix is unknown
// (the write ran under a TablePathPrefix that cannot be seen) holds for
// every table the same reference could name — same last path segment,
// identical columns and key — as schema.Lookup resolves such candidates to
// one table. Without this a query resolving to the other definition (the
// same table created under a keyed prefix) would miss the evidence.
func shareUnknownPrefix(cat *schema.Catalog, ref string, h schema.HashPrefix) {
	t, st := cat.Lookup(ref, "")
	if !st.OK() || t == nil || !t.PrefixUnknown {
		return
	}
	for _, u := range cat.Tables {
		if u == t || u.Hash != nil || u.Conflict || u.Incomplete != "" || lastSegment(u.Path) != lastSegment(t.Path) || !sameDefinition(t, u) {
			continue
		}
		hc := h
		u.Hash = &hc
	}
}

func lastSegment(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// sameDefinition: the same primary key and the same columns with the same
// types, in order.
func sameDefinition(a, b *schema.Table) bool {
	if len(a.PrimaryKey) != len(b.PrimaryKey) || len(a.Columns) != len(b.Columns) || a.Store != b.Store {
		return false
	}
	for i := range a.PrimaryKey {
		if a.PrimaryKey[i] != b.PrimaryKey[i] {
			return false
		}
	}
	for i := range a.Columns {
		if a.Columns[i].Name != b.Columns[i].Name || a.Columns[i].Type != b.Columns[i].Type {
			return false
		}
	}
	return true
}

// rowEvidence collects evidence from the rows of a BulkUpsert: every known
// row sets the leading key column to a Go hash (querysite Value.HashFunc)
// of the very value (same Origin) it writes to another key column. Rows
// built in a loop are one representative row; rows that disagree give no
// evidence.
func rowEvidence(s *site.Site, cat *schema.Catalog, srcOf func(token.Pos) schema.Source) []HashEvidence {
	if s.Bulk == nil || !s.Bulk.Known || len(s.Bulk.Rows) == 0 {
		return nil
	}
	t := bulkTable(s, cat)
	if t == nil || t.Store != schema.RowStore || len(t.PrimaryKey) < 2 {
		return nil
	}
	var found *schema.HashPrefix
	var at token.Pos
	for _, row := range s.Bulk.Rows {
		hp, pos := rowHash(row, t)
		if hp == nil {
			return nil
		}
		if found != nil && *found != *hp {
			return nil
		}
		if found == nil {
			found, at = hp, pos
		}
	}
	h := *found
	if h.Src = srcOf(at); h.Src.IsZero() {
		h.Src = srcOf(s.Pos)
	}
	return []HashEvidence{{Table: t.Path, Hash: h}}
}

// rowHash is the evidence of one row, with the position of its hash field.
func rowHash(row *site.Row, t *schema.Table) (*schema.HashPrefix, token.Pos) {
	if row == nil || !row.Known {
		return nil, token.NoPos
	}
	lead := rowField(row, t.PrimaryKey[0])
	if lead == nil || lead.Value.HashFunc == "" || lead.Value.HashOf == "" {
		return nil, token.NoPos
	}
	for _, col := range t.PrimaryKey[1:] {
		if f := rowField(row, col); f != nil && f.Value.Origin != "" && f.Value.Origin == lead.Value.HashOf {
			return &schema.HashPrefix{Column: lead.Name, SourceColumn: col, Evidence: "write"}, lead.Pos
		}
	}
	return nil, token.NoPos
}

func rowField(row *site.Row, name string) *site.Field {
	for _, f := range row.Fields {
		if f != nil && f.Name == name {
			return f
		}
	}
	return nil
}

// bulkTable is the table a BulkUpsert writes, when its path resolves to
// exactly one table of the catalogue.
func bulkTable(s *site.Site, cat *schema.Catalog) *schema.Table {
	if s.Table == nil || s.Table.Path == nil {
		return nil
	}
	t, st := cat.Lookup(s.Table.Path.KeyedPath(), "")
	if !st.OK() {
		return nil
	}
	return t
}
