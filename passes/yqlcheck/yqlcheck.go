package yqlcheck

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

//go:embed doc.go
var doc string

const name = "yqlcheck"

// Analyzer reports statements YDB rejects when it compiles them.
var Analyzer = &analysis.Analyzer{
	Name:             name,
	Doc:              analysisutil.MustExtractDoc(doc, name),
	URL:              report.URLBase + name,
	Requires:         []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer, queryplan.Analyzer},
	Run:              report.WrapRun(run),
	RunDespiteErrors: true,
}

// variantSensitive are the categories that pair a text with the call's
// bindings: reported only when every text variant of the call has the fault.
var variantSensitive = map[string]bool{
	categoryUnboundParameter: true, categoryMissingParameter: true,
	categoryParameterType: true, categoryUnusedParameter: true,
}

// Categories (headings of doc.go).
const (
	categoryUnknownColumn    = "unknown-column"
	categoryUnknownIndex     = "unknown-index"
	categoryUnboundParameter = "unbound-parameter"
	categoryMissingParameter = "missing-parameter"
	categoryParameterType    = "parameter-type"
	categoryUnusedParameter  = "unused-parameter"
	categoryValueCount       = "value-count"
	categoryMissingNotNull   = "missing-not-null"
	// DDL YDB rejects: the categories are schema.Fault* (key-type,
	// uniform-partitions, partition-at-keys, ttl-column, schema-syntax, unknown-type).
)

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	plans := pass.ResultOf[queryplan.Analyzer].(*queryplan.Result)
	if !plans.InScope {
		return nil, nil
	}
	for _, st := range plans.Statements {
		report.NoteYQL(pass, cfg, name, st.YQL(0))
	}
	c := &checker{pass: pass, cfg: cfg, namesCertain: namesCertain(plans.Schema.Catalog)}
	c.checkDDL(plans)
	seenText := map[*site.Text]bool{}
	for _, st := range plans.Statements {
		if !seenText[st.Text] {
			seenText[st.Text] = true
			c.checkParams(st)
		}
		c.checkNames(st)
		c.checkWrites(st)
	}
	c.flush()
	return nil, nil
}

type checker struct {
	pass *analysis.Pass
	cfg  *config.Config
	// namesCertain is false when the module's DDL may have changed some
	// table in a way the catalogue did not see (an ALTER TABLE of a table
	// whose name is not known): no name is then judged missing.
	namesCertain bool
	calls        map[token.Pos]*ast.CallExpr // this package's calls by position, built on first use
	pending      map[pendingKey]*pending
	order        []*pending
}

// namesCertain reports whether the catalogue saw every ALTER TABLE of the
// module land on a known table.
func namesCertain(cat *schema.Catalog) bool {
	if cat == nil {
		return false
	}
	for _, w := range cat.Warnings {
		if strings.HasPrefix(w.Msg, "ALTER TABLE with an unknown table name") {
			return false
		}
	}
	return true
}

// certainTable returns t when its columns and indexes are fully known.
func certainTable(t *schema.Table) *schema.Table {
	if t == nil || t.Conflict || t.Incomplete != "" || len(t.Columns) == 0 || len(t.PrimaryKey) == 0 {
		return nil
	}
	for _, col := range t.Columns {
		if yql.ContainsHole(col.Name) {
			return nil
		}
	}
	for _, ix := range t.Indexes {
		if yql.ContainsHole(ix.Name) {
			return nil
		}
	}
	return t
}

// tableOf maps the statement's table references to the tables the planner
// resolved them to, keeping only certain ones.
func tableOf(st *queryplan.Statement) keyplan.TableOf {
	refs := map[*yql.TableRef]*schema.Table{}
	for _, r := range st.Plan.Reads {
		if r.Ref != nil && r.Named == "" {
			refs[r.Ref] = r.Table
		}
	}
	for _, w := range st.Plan.Writes {
		if w.Ref != nil {
			refs[w.Ref] = w.Table
		}
	}
	return func(ref *yql.TableRef) *schema.Table {
		return certainTable(refs[ref])
	}
}

func (c *checker) report(st *queryplan.Statement, sp yql.Span, category, msg string, fixes ...analysis.SuggestedFix) {
	pos, end := st.Pos(sp)
	c.add(st, analysis.Diagnostic{Pos: pos, End: end, Category: category, Message: msg, SuggestedFixes: fixes}, report.InYQL(st.YQL(sp.Start)))
}

// pending is one diagnostic waiting for the variants of its site: text
// variants that share the faulty literal give one diagnostic, which names
// the texts (queryplan.WhichNote, as fullscan and hashprefix do) only when
// some of them do not have the fault.
type pending struct {
	site     *site.Site
	d        analysis.Diagnostic
	opts     []report.Option
	variants []int
	of       int
}

type pendingKey struct {
	site     *site.Site
	pos, end token.Pos
	category string
	msg      string
}

func (c *checker) add(st *queryplan.Statement, d analysis.Diagnostic, opts ...report.Option) {
	k := pendingKey{st.Site, d.Pos, d.End, d.Category, d.Message}
	if p := c.pending[k]; p != nil {
		if p.variants[len(p.variants)-1] != st.Variant {
			p.variants = append(p.variants, st.Variant)
		}
		return
	}
	if c.pending == nil {
		c.pending = map[pendingKey]*pending{}
	}
	p := &pending{site: st.Site, d: d, opts: opts, variants: []int{st.Variant}, of: st.Variants}
	c.pending[k] = p
	c.order = append(c.order, p)
}

// flush reports the pending diagnostics in the order they were found. A
// fault every text has, each at a literal of its own (the same unknown
// column written in both branches), says nothing of the texts.
func (c *checker) flush() {
	everyText := c.inEveryText()
	for _, p := range c.order {
		d := p.d
		if p.of > 1 && len(p.variants) < p.of && variantSensitive[d.Category] {
			// The Go bindings are the call's, the texts are what the call
			// may run: a text variant may never run with these bindings
			// (querysite lists every value a map or a helper can give).
			// Parameters are judged only when every variant agrees.
			continue
		}
		if p.of > 1 && len(p.variants) < p.of && !everyText[p] {
			d.Message += queryplan.WhichNote(c.pass.Fset, p.site, p.variants)
		}
		d.Message += queryplan.Via(p.site)
		report.Report(c.pass, c.cfg, name, d, p.opts...)
	}
}

// inEveryText tells, for each pending diagnostic, whether its fault is in
// every text of its site once the diagnostics of the same fault (category
// and message) at other positions of the site are counted with it, as
// queryplan.InEveryText does for the rules that gather Findings.
func (c *checker) inEveryText() map[*pending]bool {
	type fault struct {
		site     *site.Site
		cat, msg string
	}
	texts := map[fault]map[int]bool{}
	for _, p := range c.order {
		k := fault{p.site, p.d.Category, p.d.Message}
		if texts[k] == nil {
			texts[k] = map[int]bool{}
		}
		for _, v := range p.variants {
			texts[k][v] = true
		}
	}
	out := map[*pending]bool{}
	for _, p := range c.order {
		out[p] = len(texts[fault{p.site, p.d.Category, p.d.Message}]) >= p.of
	}
	return out
}

// tableName names a table for a headline, as the statement wrote it
// (Statement.TableName).
func tableName(st *queryplan.Statement, ref *yql.TableRef, t *schema.Table) string {
	return "table " + st.TableName(ref, t)
}

// schemaOf is the message part that says where a table's definition came
// from, "; table t is defined at (schema: file:line)".
func schemaOf(st *queryplan.Statement, ref *yql.TableRef, t *schema.Table) string {
	return fmt.Sprintf("; table %s is defined at (schema: %s)", st.TableName(ref, t), t.Src)
}

// reportAt reports at the Go expression that binds a parameter.
func (c *checker) reportAt(st *queryplan.Statement, b *site.Binding, category, msg string) {
	c.add(st, analysis.Diagnostic{Pos: b.Pos, End: b.End, Category: category, Message: msg})
}
