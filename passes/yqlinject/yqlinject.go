package yqlinject

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/suppress"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

//go:embed doc.go
var doc string

const name = "yqlinject"

// Analyzer reports Go values spliced into YQL text where a declared
// parameter belongs.
var Analyzer = &analysis.Analyzer{
	Name:             name,
	Doc:              analysisutil.MustExtractDoc(doc, name),
	URL:              report.URLBase + name,
	Requires:         []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer, queryplan.Analyzer},
	Run:              report.WrapRun(run),
	RunDespiteErrors: true,
}

// Categories (headings of doc.go).
const (
	categoryInjection = "injection"
	categoryCache     = "compile-cache"
)

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	plans := pass.ResultOf[queryplan.Analyzer].(*queryplan.Result)
	if !plans.InScope || sdk.IsLibrary(pass.Pkg.Path()) {
		return nil, nil
	}
	c := &checker{pass: pass, cfg: cfg, walks: map[*ast.FuncDecl]*originWalk{}, reported: map[token.Pos]bool{}}
	for _, s := range plans.Sites() {
		if judged(s) {
			c.checkSite(s)
		}
	}
	return nil, nil
}

// judged says whether a site's texts are YQL that runs: not PostgreSQL
// syntax, not only explained, not handed to another database's driver.
func judged(s *site.Site) bool {
	q := s.Query
	if s.Kind != sdk.KindYQL || q == nil || q.NotYQL || q.ExplainOnly {
		return false
	}
	return q.SQLDriver == "" || q.SQLDriver == "ydb"
}

type checker struct {
	pass  *analysis.Pass
	cfg   *config.Config
	walks map[*ast.FuncDecl]*originWalk
	// reported holds the Go expressions already reported: a hole shared by
	// several text variants, or by the sites of several wrappers of one
	// helper (each reaching the SDK through it), is reported once, for the
	// first site in source order.
	reported map[token.Pos]bool
}

// finding is one spliced value to report.
type finding struct {
	category string
	expr     ast.Expr
	message  string
	text     *site.Text
	off      int
}

func (c *checker) checkSite(s *site.Site) {
	for _, t := range s.Query.Texts {
		for _, u := range ValueUses(t.YQL) {
			if u.Hole >= len(t.Holes) {
				continue
			}
			h := t.Holes[u.Hole]
			if c.reported[h.Pos] {
				continue
			}
			if f := c.judge(s, t, h, u); f != nil {
				c.reported[h.Pos] = true
				c.report(f)
			}
		}
	}
}

// judge decides whether the value filling hole h at use u is reported,
// and how.
func (c *checker) judge(s *site.Site, t *site.Text, h site.Hole, u Use) *finding {
	e, f := expression(c.pass.Files, h.Pos, h.End)
	if e == nil {
		return nil // no single Go expression fills the hole
	}
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value != nil || tv.Type == nil {
		return nil // a constant, or untyped
	}
	kind := valueKind(tv.Type)
	if kind == kindOther || isEnum(tv.Type) {
		return nil
	}
	o := c.walk(f, e.Pos()).of(e, 0)
	switch {
	case kind == kindString && o != nil:
		return &finding{category: categoryInjection, expr: e, text: t, off: u.Off,
			message: c.injectionMessage(s, e, tv.Type, u, o)}
	case kind == kindNumber && (o != nil || c.cfg.Strict):
		return &finding{category: categoryCache, expr: e, text: t, off: u.Off,
			message: c.cacheMessage(s, e, tv.Type, u, o)}
	}
	return nil
}

// walk returns the origin walk of the function declaration holding pos
// (nil, which finds no origin, outside an exported function).
func (c *checker) walk(f *ast.File, pos token.Pos) *originWalk {
	fd := enclosingFunc(f, pos)
	if fd == nil {
		return nil
	}
	w, ok := c.walks[fd]
	if !ok {
		w = newOriginWalk(c.pass.TypesInfo, fd)
		c.walks[fd] = w
	}
	return w
}

func (c *checker) report(f *finding) {
	report.Report(c.pass, c.cfg, name, analysis.Diagnostic{
		Pos: f.expr.Pos(), End: f.expr.End(), Category: f.category, Message: f.message,
	}, report.InYQL(yqlContext(f.text, f.off)))
}

// yqlContext is the suppression context of a finding at byte off of a
// text: `-- ydblint:ignore yqlinject …` in the text applies to the
// statement it precedes.
func yqlContext(t *site.Text, off int) report.YQL {
	var spans []suppress.Span
	start := 0
	for i := 0; i <= len(t.YQL); i++ {
		if i == len(t.YQL) || t.YQL[i] == ';' {
			spans = append(spans, suppress.Span{Start: start, End: i})
			start = i + 1
		}
	}
	return report.YQL{Text: t.YQL, Stmts: spans, Off: off, Map: t}
}

func (c *checker) injectionMessage(s *site.Site, e ast.Expr, t types.Type, u Use, o *origin) string {
	spliced := types.ExprString(e)
	return fmt.Sprintf("%s is spliced into the YQL text as %s: YQL injection; the value is %s: a caller's string becomes query text, so a quote or keyword in it rewrites the statement, and every distinct value is a new text YDB compiles again; %s%s",
		spliced, placePhrase(u), o.describe(spliced), c.fix(s, e, t, u), queryplan.Via(s))
}

func (c *checker) cacheMessage(s *site.Site, e ast.Expr, t types.Type, u Use, o *origin) string {
	from := ""
	if o != nil {
		from = "; the value is " + o.describe(types.ExprString(e))
	}
	return fmt.Sprintf("%s is spliced into the YQL text as %s: a new query text per value%s; YDB compiles every distinct text again instead of reusing the compiled query from its cache; %s%s",
		types.ExprString(e), placePhrase(u), from, c.fix(s, e, t, u), queryplan.Via(s))
}

func placePhrase(u Use) string {
	switch u.Place {
	case PlaceQuoted:
		return "a string literal"
	case PlaceCompare:
		if u.Column != "" {
			return "a value compared with column " + u.Column
		}
		return "a compared value"
	case PlaceIn:
		return "an IN list element"
	case PlaceValues:
		return "a VALUES element"
	case PlaceLimit:
		return "the " + strings.ToUpper(u.Column) + " count"
	case PlacePattern:
		return "a LIKE/BETWEEN operand"
	}
	return "a value"
}

// fix phrases the parameter that replaces the spliced value: its DECLARE
// and its binding in the API the site calls.
func (c *checker) fix(s *site.Site, e ast.Expr, t types.Type, u Use) string {
	param := paramName(e, u)
	yt, ok := yqlTypeOf(t)
	if !ok {
		return "pass it as a declared parameter instead"
	}
	arg := types.ExprString(e)
	if !types.Identical(t, yt.goType()) {
		arg = yt.Go + "(" + arg + ")"
	}
	what := "$" + param
	if u.Place == PlaceQuoted {
		what += " (without the quotes)"
	}
	bind := ""
	switch {
	case strings.HasPrefix(s.API, "query."):
		bind = fmt.Sprintf("query.WithParameters(ydb.ParamsBuilder().Param(%q).%s(%s).Build())", "$"+param, yt.Builder, arg)
	case strings.HasPrefix(s.API, "table."):
		bind = fmt.Sprintf("table.NewQueryParameters(table.ValueParam(%q, types.%s(%s)))", "$"+param, tableValueFunc(c.pass.Pkg, yt), arg)
	case strings.HasPrefix(s.API, "database/sql."):
		bind = fmt.Sprintf("sql.Named(%q, %s)", param, arg)
	}
	msg := fmt.Sprintf("declare a parameter instead (DECLARE $%s AS %s;), write %s in the text", param, yt.YQL, what)
	if bind != "" {
		msg += " and bind it with " + bind
	}
	return msg
}

// paramName is the parameter name a fix proposes: the compared column,
// LIMIT/OFFSET, the key a request accessor reads (r.FormValue("q")), or
// the Go name of the value.
func paramName(e ast.Expr, u Use) string {
	if isIdentName(u.Column) {
		return u.Column
	}
	n := ""
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		n = e.Name
	case *ast.SelectorExpr:
		n = e.Sel.Name
	case *ast.CallExpr:
		if len(e.Args) == 1 {
			if lit, ok := e.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if key, err := strconv.Unquote(lit.Value); err == nil && isIdentName(key) {
					return key
				}
			}
		}
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
			n = strings.TrimPrefix(sel.Sel.Name, "Get")
		}
	}
	if !isIdentName(n) {
		return "value"
	}
	return lowerInitials(n)
}

// lowerInitials lower-cases a Go name's leading capitals, keeping the
// last one of a run that starts a word: ID → id, URLPath → urlPath,
// Title → title.
func lowerInitials(n string) string {
	r := []rune(n)
	i := 0
	for i < len(r) && unicode.IsUpper(r[i]) {
		i++
	}
	if i > 1 && i < len(r) {
		i-- // URLPath: the P starts the next word
	}
	for j := 0; j < i; j++ {
		r[j] = unicode.ToLower(r[j])
	}
	return string(r)
}

func isIdentName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r != '_' && !unicode.IsLetter(r) && (i == 0 || !unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}
