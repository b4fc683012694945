package queryplan

import (
	_ "embed"
	"fmt"
	"go/token"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/siteplan"
	"github.com/ydblint/ydblint/internal/suppress"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/querysite"
	"github.com/ydblint/ydblint/passes/schemafact"
)

//go:embed doc.go
var doc string

// Analyzer parses and plans every query text of the package once, for all
// rules. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:             "queryplan",
	Doc:              analysisutil.MustExtractDoc(doc, "queryplan"),
	URL:              "https://pkg.go.dev/github.com/ydblint/ydblint/passes/queryplan",
	Requires:         []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer, querysite.Analyzer, schemafact.Analyzer},
	Run:              report.WrapFact(run, failed),
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Result](),
}

// Result is what the rules read: the planned statements of every query text,
// the sites without YQL (BulkUpsert, ReadRows, ReadTable), and the schema.
type Result struct {
	// Statements are the DML statements of every text variant of every
	// YQL site, in site order, then variant order, then statement order.
	Statements []*Statement
	// KeyedSites are the BulkUpsert, ReadRows and StreamReadTable sites
	// whose table resolved to a known row table.
	KeyedSites []*KeyedSite
	// KeyedChoices are the keyed sites whose table path is one of several
	// known row tables (choice.go): rules judge their rows only by what
	// holds under every table.
	KeyedChoices []*KeyedChoice
	// Schema is schemafact's result (catalogue and discovery problems).
	Schema *schemafact.Result
	// InScope is false when the configuration excludes the package; every
	// other field is then empty.
	InScope bool
	// Failure is set when the pass failed on this package (a panic,
	// recovered); the rules report it through report.WrapRun, as they do
	// querysite's and schemafact's (see report.WrapFact).
	Failure string
	// sites is the number of query sites querysite found in the package.
	sites int
	// siteList and texts (the planned texts of each YQL site) are kept
	// for Outcomes (outcome.go), which is computed only when a driver asks
	// for it (-explain, -stats).
	siteList []*site.Site
	texts    map[*site.Site][]*siteplan.Text
}

// failed is the Result of a package on which the pass panicked: nothing
// planned, and not known to use YDB.
func failed(pass *analysis.Pass, msg string) any {
	pkgstate.Of(pass).SetUsesYDB(false)
	res := &Result{Failure: msg}
	res.Schema, _ = pass.ResultOf[schemafact.Analyzer].(*schemafact.Result)
	return res
}

// Statement is one planned statement of one text variant.
type Statement struct {
	Site   *site.Site
	Text   *site.Text
	Script *yql.Script
	Index  int // in Script.Stmts
	Plan   *keyplan.Plan
	// Variant is the index of Text in Site.Query.Texts; Variants their number.
	Variant, Variants int
}

// Stmt returns the planned statement's syntax.
func (s *Statement) Stmt() yql.Stmt { return s.Script.Stmts[s.Index] }

// Pos maps a span of the YQL text to a Go range: the exact bytes inside a
// string literal when the text came from one, else the enclosing expression
// or call.
func (s *Statement) Pos(sp yql.Span) (token.Pos, token.Pos) {
	return s.Text.PosRange(sp.Start, sp.End)
}

// YQL returns the suppression context of a diagnostic at byte off of the
// statement's text: ydblint:ignore comments inside the query text apply to
// the statement they precede or contain.
func (s *Statement) YQL(off int) report.YQL {
	spans := make([]suppress.Span, len(s.Script.Stmts))
	for i, st := range s.Script.Stmts {
		sp := st.NodeSpan()
		spans[i] = suppress.Span{Start: sp.Start, End: sp.End}
	}
	return report.YQL{Text: s.Text.YQL, Stmts: spans, Off: off, Map: s.Text}
}

// KeyedSite is a BulkUpsert, ReadRows or StreamReadTable call on a known table.
type KeyedSite struct {
	Site  *site.Site
	Table *schema.Table
}

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	res := &Result{Schema: pass.ResultOf[schemafact.Analyzer].(*schemafact.Result)}
	defer res.Schema.Parses.Release()
	defer cfg.Session().PackageDone(pass.Pkg.Path()) // a driver's progress count
	if !cfg.IsPkgInScope(pass.Pkg) {
		pkgstate.Of(pass).SetUsesYDB(false)
		return res, nil
	}
	res.InScope = true
	sites := pass.ResultOf[querysite.Analyzer].(*site.Result)
	res.sites = len(sites.Sites)
	res.siteList = sites.Sites
	// Package-wide messages (configuration errors) are reported only in
	// packages that hand anything to ydb-go-sdk or database/sql: the rest
	// of a module has nothing to do with ydblint.
	pkgstate.Of(pass).SetUsesYDB(res.sites > 0)
	for _, s := range sites.Sites {
		switch s.Kind {
		case sdk.KindYQL:
			sts, texts := planSite(s, res.Schema.Catalog, res.Schema.Parses)
			res.Statements = append(res.Statements, sts...)
			if texts != nil {
				if res.texts == nil {
					res.texts = map[*site.Site][]*siteplan.Text{}
				}
				res.texts[s] = texts
			}
		case sdk.KindBulkUpsert, sdk.KindReadRows, sdk.KindReadTable:
			if t := resolveSiteTable(s, res.Schema.Catalog); t != nil {
				res.KeyedSites = append(res.KeyedSites, &KeyedSite{Site: s, Table: t})
			} else if t, kc := resolveChoice(s, res.Schema.Catalog); t != nil { // choice.go
				res.KeyedSites = append(res.KeyedSites, &KeyedSite{Site: s, Table: t})
			} else if kc != nil {
				res.KeyedChoices = append(res.KeyedChoices, kc)
			}
		}
	}
	return res, nil
}

// planSite plans every text variant of a YQL site (siteplan.ForRules)
// and lists the statements that read or write a table. Texts the rules
// must not judge (PostgreSQL syntax, explain-only) are not planned.
func planSite(s *site.Site, cat *schema.Catalog, parses *siteplan.Parses) ([]*Statement, []*siteplan.Text) {
	q := s.Query
	if q == nil || q.NotYQL || q.ExplainOnly {
		return nil, nil
	}
	var out []*Statement
	var texts []*siteplan.Text
	for vi, text := range q.Texts {
		tp := siteplan.Plan(s, text, cat, siteplan.ForRules, parses)
		texts = append(texts, tp)
		for _, p := range tp.Plans {
			if len(p.Plan.Reads) == 0 && len(p.Plan.Writes) == 0 {
				continue
			}
			out = append(out, &Statement{
				Site: s, Text: text, Script: tp.Script, Index: p.Index, Plan: p.Plan,
				Variant: vi, Variants: len(q.Texts),
			})
		}
	}
	return out, texts
}

// resolveSiteTable resolves the table path argument of a keyed site.
func resolveSiteTable(s *site.Site, cat *schema.Catalog) *schema.Table {
	if s.Table == nil || s.Table.Path == nil {
		return nil
	}
	t, status := cat.Lookup(s.Table.Path.KeyedPath(), "")
	if !status.OK() || t == nil || t.Store != schema.RowStore {
		return nil
	}
	return t
}

// Edits turns planner text edits into Go text edits; ok is false when any
// edit falls outside an exact string-literal segment (site.Text.ExactRange),
// as then no fix is offered.
func (s *Statement) Edits(edits []keyplan.TextEdit) ([]analysis.TextEdit, bool) {
	if len(edits) == 0 {
		return nil, false
	}
	out := make([]analysis.TextEdit, 0, len(edits))
	for _, e := range edits {
		pos, end, ok := s.Text.ExactRange(e.Start, e.End)
		if !ok || strings.ContainsAny(e.NewText, "`") {
			return nil, false
		}
		out = append(out, analysis.TextEdit{Pos: pos, End: end, NewText: []byte(e.NewText)})
	}
	return out, true
}

// DescribeTable names a table for messages: its path, its primary key and
// where the schema came from.
func DescribeTable(t *schema.Table) string {
	src := t.KeySrc
	if src.IsZero() {
		src = t.Src
	}
	return fmt.Sprintf("table %s, primary key %s (schema: %s)", displayPath(t.Path), t.KeyString(), src)
}

// DescribeTable names a table for messages about this statement as the
// package's DescribeTable does, but with the path the statement wrote
// when the catalogue's path holds a Go value's identity: a table keyed by
// a struct field, {field:example.com/svc/store.Repo.folder}/account, is
// shown as the site wrote it, <r.folder>/account, or as account under a
// PRAGMA TablePathPrefix that holds the folder. Any other path is shown
// as DescribeTable shows it.
func (s *Statement) DescribeTable(ref *yql.TableRef, t *schema.Table) string {
	d := DescribeTable(t)
	written, ok := s.writtenPath(ref, t)
	if !ok {
		return d
	}
	return strings.Replace(d, "table "+displayPath(t.Path), "table "+written, 1)
}

// TableName names a table for messages about this statement without its
// key: as the statement wrote it when the catalogue's path holds a Go
// value's identity (<r.folder>/account, or account under a PRAGMA
// TablePathPrefix), as DisplayPath shows it otherwise. A path written as
// nothing but one Go expression (`+r.table()+`) says less than the
// identity it resolves to, which is kept.
func (s *Statement) TableName(ref *yql.TableRef, t *schema.Table) string {
	if t == nil {
		return ""
	}
	written, ok := s.writtenPath(ref, t)
	if !ok || s.bareHole(ref) {
		return displayPath(t.Path)
	}
	return written
}

// HeadlineName names a table in a finding's headline as DescribeTable
// names it in the detail: the path the statement wrote when the
// catalogue's path holds a Go value's identity (<path.Base(cfg.Path)>,
// <r.folder>/account), the catalogue's path otherwise — never the
// identity itself, which is not what the user wrote.
func (s *Statement) HeadlineName(ref *yql.TableRef, t *schema.Table) string {
	if t == nil {
		return ""
	}
	if written, ok := s.writtenPath(ref, t); ok {
		return shortenHoles(written)
	}
	return displayPath(t.Path)
}

// maxHeadlineHole bounds the description of one Go value in a headline's
// table name; a longer one is shown as <…> (the detail has it whole).
const maxHeadlineHole = 32

// shortenHoles replaces each <Go expression> of a displayed path that is
// longer than maxHeadlineHole with <…>:
// <s.folder>/spans_<strings.ReplaceAll(day.Format(…), "-", "")> becomes
// <s.folder>/spans_<…>.
func shortenHoles(p string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(p, '<')
		if i < 0 {
			b.WriteString(p)
			return b.String()
		}
		depth, j := 0, -1
		for k := i; k < len(p) && j < 0; k++ {
			switch p[k] {
			case '<':
				depth++
			case '>':
				depth--
				if depth == 0 {
					j = k
				}
			}
		}
		if j < 0 {
			b.WriteString(p)
			return b.String()
		}
		b.WriteString(p[:i])
		if j-i-1 > maxHeadlineHole {
			b.WriteString("<…>")
		} else {
			b.WriteString(p[i : j+1])
		}
		p = p[j+1:]
	}
}

// writtenPath is the path ref wrote, for a table whose catalogue path
// holds a Go value's identity, when every hole in it has a description.
func (s *Statement) writtenPath(ref *yql.TableRef, t *schema.Table) (string, bool) {
	if s == nil || s.Text == nil || t == nil || ref == nil || ref.Path == "" || ref.Named != "" || !hasIdentity(t.Path) {
		return "", false
	}
	for i, h := range s.Text.Holes {
		if h.Desc == "" && h.Key != schema.DatabaseRootKey && strings.Contains(ref.Path, yql.HoleName(i)) {
			return "", false // the hole would show as <?>: the identity says more
		}
	}
	written := displayText(ref.Path, s.Text.Holes)
	if written == "" || strings.Contains(written, yql.HolePrefix) {
		return "", false
	}
	return written, true
}

// bareHole reports whether ref's path is one hole and nothing else (quotes
// aside).
func (s *Statement) bareHole(ref *yql.TableRef) bool {
	p := strings.Trim(strings.TrimSpace(ref.Path), "`/")
	for i := range s.Text.Holes {
		if p == yql.HoleName(i) {
			return true
		}
	}
	return false
}

// hasIdentity reports whether a catalogue path shows a Go value's
// identity once the database root is dropped.
func hasIdentity(p string) bool {
	if rest, ok := strings.CutPrefix(strings.TrimPrefix(p, "/"), "{"+schema.DatabaseRootKey+"}/"); ok {
		p = rest
	}
	return strings.Contains(p, "{")
}

// displayPath renders a catalogue path for people: a hole key becomes the Go
// expression's identity ("{field:pkg.T.table}" → "<pkg.T.table>"), and a
// leading database name is dropped, since a path relative to the database
// names the same table (schema.DatabaseRootKey).
func displayPath(p string) string {
	if !strings.Contains(p, "{") {
		return p
	}
	if rest, ok := strings.CutPrefix(strings.TrimPrefix(p, "/"), "{"+schema.DatabaseRootKey+"}/"); ok && rest != "" {
		p = rest
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(p, '{')
		if i < 0 {
			b.WriteString(p)
			return b.String()
		}
		j := strings.IndexByte(p[i:], '}')
		if j < 0 {
			b.WriteString(p)
			return b.String()
		}
		key := p[i+1 : i+j]
		if k := strings.IndexByte(key, ':'); k >= 0 {
			key = key[k+1:]
		}
		b.WriteString(p[:i] + "<" + key + ">")
		p = p[i+j+1:]
	}
}

// Via describes the wrapper chain of a site for messages ("" for a direct
// SDK call).
func Via(qs *site.Site) string {
	if len(qs.Chain) == 0 {
		return ""
	}
	parts := make([]string, 0, len(qs.Chain))
	for _, f := range qs.Chain {
		s := f.Func
		if f.PosString != "" {
			s += " at " + f.PosString
		}
		parts = append(parts, s)
	}
	return "; reached through " + strings.Join(parts, " → ") + " → " + qs.API
}

// ScanReported says whether a read is reported as a scan of every
// partition: FULL (by fullscan, or by hashprefix for a hash-prefix table
// read without its hash) unless by design (BATCH) or an intended export
// (no WHERE), and with -strict DEPENDS. truncation stays silent on a
// statement with such a read: the scan is the stronger finding, and once
// the read uses its key the row bound is checked again.
func ScanReported(read *keyplan.Access, strict bool) bool {
	if read == nil || read.Table == nil {
		return false
	}
	switch read.Verdict {
	case keyplan.Full:
		return read.Break.Code != keyplan.ReasonBatch && read.Break.Code != keyplan.ReasonNoWhere
	case keyplan.Depends:
		return strict
	}
	return false
}
