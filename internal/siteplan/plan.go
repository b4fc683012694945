package siteplan

import (
	"go/token"
	"strings"
	"sync"

	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/yql"
)

// Use says who plans a text. The two uses read a text differently, and
// each keeps the reading its findings were built on:
//
//   - ForRules parses the text as written, keys the table paths of its
//     references when resolving them, and gives the planner every Go fact
//     about the parameters.
//   - ForEvidence parses the keyed text (site.Text.Keyed): a hole standing
//     for the same Go value reads as the same name wherever it is used, in
//     a table path or in an expression. A hole glued to other identifier
//     characters outside backticks stays raw there, so its path matches
//     only a table defined with the same shape. The planner gets the
//     narrower parameter facts of ParamOracle.
type Use int

const (
	ForRules Use = iota
	ForEvidence
)

// Text is one text variant of a YQL site, parsed and planned.
type Text struct {
	Site *site.Site
	Text *site.Text
	// Src is the text parsed: Text.YQL, or its keyed form (ForEvidence).
	Src    string
	Script *yql.Script
	// Plans are the plans of the script's DML statements (SELECT, INSERT,
	// UPSERT, REPLACE, UPDATE, DELETE), in order; other statements (DDL,
	// DECLARE, PRAGMA, named expressions) have none.
	Plans []Planned
	// shifts map offsets of Src back to Text.YQL; nil when they are one.
	shifts site.Shifts
	// lookups are the catalogue's answers for the references it did not
	// resolve, by span, for -explain.
	lookups map[yql.Span]string
	// incomplete holds, by span, why a table the catalogue knows only in
	// part is so (schema.Table.Incomplete), for -explain.
	incomplete map[yql.Span]string
}

// Planned is the plan of one statement.
type Planned struct {
	Index int // in Script.Stmts
	Plan  *keyplan.Plan
}

// Plan parses text t of the YQL site s (its Query payload set) and plans
// every DML statement against cat. parses may be nil.
func Plan(s *site.Site, t *site.Text, cat *schema.Catalog, use Use, parses *Parses) *Text {
	q := s.Query
	if q == nil {
		q = &site.Query{}
	}
	out := &Text{Site: s, Text: t, Src: t.YQL}
	if use == ForEvidence {
		out.Src, out.shifts = t.Keyed()
	}
	out.Script = parses.Parse(out.Src)
	resolve := func(ref *yql.TableRef, pragmaPrefix string) (*schema.Table, bool) {
		if ref == nil || ref.Named != "" {
			return nil, false
		}
		path := ref.Path
		if use == ForRules {
			path = t.KeyPath(path)
		}
		tbl, status := Lookup(cat, q, t.KeyPath(pragmaPrefix), path)
		if !status.OK() || tbl == nil {
			if out.lookups == nil {
				out.lookups = map[yql.Span]string{}
			}
			out.lookups[ref.Span] = status.String()
			if tbl != nil && tbl.Incomplete != "" {
				if out.incomplete == nil {
					out.incomplete = map[yql.Span]string{}
				}
				out.incomplete[ref.Span] = tbl.Incomplete
			}
			return nil, false
		}
		return tbl, true
	}
	planner := keyplan.NewPlanner(out.Script, out.Src, resolve, ParamOracle(q.Params, use))
	for i, st := range out.Script.Stmts {
		switch st.(type) {
		case *yql.SelectStmt, *yql.InsertStmt, *yql.UpdateStmt, *yql.DeleteStmt:
			out.Plans = append(out.Plans, Planned{Index: i, Plan: planner.Plan(i)})
		}
	}
	return out
}

// Lookup resolves a table path read from a text (already keyed, see
// site.Text.KeyPath) against cat. The text's own PRAGMA TablePathPrefix
// (pragmaPrefix, keyed) wins over the driver's prefix, as the driver's
// prefix is itself a PRAGMA placed before the text; when the driver adds
// a prefix ydblint cannot see, only a unique suffix match can name the
// table. -explain uses it too, to say why a table is unknown.
func Lookup(cat *schema.Catalog, q *site.Query, pragmaPrefix, path string) (*schema.Table, schema.LookupStatus) {
	prefix := pragmaPrefix
	if prefix == "" && (!q.PrefixUnknown || strings.HasPrefix(path, "/")) {
		prefix = q.TablePathPrefix
	}
	return cat.Lookup(path, prefix)
}

// Pos maps byte off of Src to a Go position: the exact byte inside a
// string literal when the text came from one, else the enclosing
// expression or call.
func (t *Text) Pos(off int) token.Pos {
	o := t.shifts.Orig(off)
	p, _ := t.Text.PosRange(o, o+1)
	return p
}

// LookupStatus is the catalogue's answer for the reference at sp; false
// when it resolved or was never looked up.
func (t *Text) LookupStatus(sp yql.Span) (string, bool) {
	s, ok := t.lookups[sp]
	return s, ok
}

// IncompleteWhy is why the table the reference at sp names is known only
// in part ("CREATE TABLE at x.sql:3 not understood …"); "" when it is not
// such a table.
func (t *Text) IncompleteWhy(sp yql.Span) string { return t.incomplete[sp] }

// Parses memoises the YQL parse of a package's texts: schemafact parses
// what it plans or applies, and queryplan finds there every text whose
// keyed form is the text itself (one without holes). Scripts are never
// modified once parsed. A nil *Parses parses every time.
type Parses struct {
	mu      sync.Mutex
	parser  yql.Parser
	scripts map[string]*yql.Script
}

// Parse returns yql.Parse(text), parsing it at most once.
func (p *Parses) Parse(text string) *yql.Script {
	if p == nil {
		return yql.Parse(text)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if s, ok := p.scripts[text]; ok {
		return s
	}
	s := p.parser.Parse(text)
	if p.scripts == nil {
		p.scripts = map[string]*yql.Script{}
	}
	p.scripts[text] = s
	return s
}

// Release empties the memo once its last user (queryplan) has planned the
// package, so that a driver holding every package's results does not hold
// these scripts too; a later Parse parses again.
func (p *Parses) Release() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.scripts = nil
	p.parser = yql.Parser{}
}
