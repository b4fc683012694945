package scantype

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/sdkssa"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

//go:embed doc.go
var doc string

const name = "scantype"

// Analyzer reports scan destinations that cannot hold the result column
// they read.
var Analyzer = &analysis.Analyzer{
	Name:             name,
	Doc:              analysisutil.MustExtractDoc(doc, name),
	URL:              report.URLBase + name,
	Requires:         []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer, queryplan.Analyzer, sdkssa.Analyzer},
	Run:              report.WrapRun(run),
	RunDespiteErrors: true,
}

// Categories (headings of doc.go).
const (
	categoryType     = "type-mismatch"
	categoryOptional = "optional-mismatch"
	categoryStale    = "stale-null"
)

// service is the decoder a scan call runs.
type service uint8

const (
	tableService service = iota + 1
	queryService
)

// scanCall is one Scan, ScanNamed or ScanWithDefaults call.
type scanCall struct {
	call    *ssa.Call
	method  string
	service service
	origin  *ssa.Call
}

type checker struct {
	pass    *analysis.Pass
	cfg     *config.Config
	version string
	// sites holds the direct YQL sites of the package with their planned
	// statements.
	sites map[*site.Site][]*queryplan.Statement
	// calls maps a call's Lparen to its syntax (built on first use).
	calls map[token.Pos]*ast.CallExpr
	// selected holds the table results whose NextResultSet names the
	// columns to read (Scan then follows that list), and the functions
	// with such a call whose result could not be traced.
	selected     map[*ssa.Call]bool
	selectedFunc map[*ssa.Function]bool
}

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	res := sdkssa.Of(pass)
	if res == nil {
		return nil, nil
	}
	plans, _ := pass.ResultOf[queryplan.Analyzer].(*queryplan.Result)
	if plans == nil || !plans.InScope || len(plans.Statements) == 0 {
		return nil, nil
	}
	c := &checker{
		pass: pass, cfg: cfg, version: sdk.PackageVersion(pass.Pkg, pass.Fset),
		sites: map[*site.Site][]*queryplan.Statement{},
	}
	for _, st := range plans.Statements {
		if len(st.Site.Chain) == 0 {
			c.sites[st.Site] = append(c.sites[st.Site], st)
		}
	}
	scans := c.scanCalls(res.SrcFuncs)
	for _, sc := range scans {
		c.check(sc)
	}
	return nil, nil
}

// scanCalls finds the scan calls of funcs whose rows come from an SDK
// call, and notes the table results read by column name.
func (c *checker) scanCalls(funcs []*ssa.Function) []scanCall {
	var out []scanCall
	c.selected = map[*ssa.Call]bool{}
	c.selectedFunc = map[*ssa.Function]bool{}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || !call.Call.IsInvoke() {
					continue
				}
				m := call.Call.Method.Name()
				switch sdk.ResultFamilyOf(call.Call.Value.Type()) {
				case sdk.ResultTableUnary, sdk.ResultTableStream, sdk.ResultTableBase:
					switch m {
					case "Scan", "ScanNamed", "ScanWithDefaults":
						out = append(out, scanCall{call: call, method: m, service: tableService})
					case "NextResultSet", "NextResultSetErr":
						c.noteSelected(call)
					}
				case sdk.ResultQueryRow:
					switch m {
					case "Scan", "ScanNamed":
						out = append(out, scanCall{call: call, method: m, service: queryService})
					}
				}
			}
		}
	}
	kept := out[:0]
	for _, sc := range out {
		if sc.origin = originOf(sc.call.Call.Value); sc.origin != nil {
			kept = append(kept, sc)
		}
	}
	return kept
}

// noteSelected records a table NextResultSet(ctx, "a", "b") call: its
// columns replace the statement's for Scan.
func (c *checker) noteSelected(call *ssa.Call) {
	args := call.Call.Args
	if len(args) < 2 || isNil(args[len(args)-1]) {
		return
	}
	if o := originOf(call.Call.Value); o != nil {
		c.selected[o] = true
		return
	}
	c.selectedFunc[call.Parent()] = true
}

// siteOf returns the direct YQL site whose call is origin.
func (c *checker) siteOf(origin *ssa.Call) (*site.Site, []*queryplan.Statement) {
	lp := origin.Pos()
	var best *site.Site
	for s := range c.sites {
		if s.Pos <= lp && lp < s.End && (best == nil || s.End-s.Pos < best.End-best.Pos) {
			best = s
		}
	}
	if best == nil {
		return nil, nil
	}
	return best, c.sites[best]
}

// check judges one scan call's destinations against its query's result.
func (c *checker) check(sc scanCall) {
	if c.inTestFile(sc.call.Pos()) {
		return
	}
	if sc.service == tableService && (c.selected[sc.origin] || c.selectedFunc[sc.call.Parent()]) {
		return
	}
	s, sts := c.siteOf(sc.origin)
	if s == nil {
		return
	}
	rs, ok := siteResult(s, sts)
	if !ok {
		return
	}
	ce := c.callExpr(sc.call.Pos())
	if ce == nil {
		return
	}
	info := c.pass.TypesInfo
	if sc.method == "ScanNamed" {
		ds, ok := named(info, ce)
		if !ok {
			return
		}
		for _, d := range ds {
			if col := rs.byName[d.column]; col != nil {
				c.judge(sc, ce, d, col, "column "+d.column)
			}
		}
		return
	}
	ds := positional(info, ce)
	if rs.positional == nil || len(ds) != len(rs.positional) {
		return
	}
	for i, d := range ds {
		if col := rs.positional[i]; col != nil {
			c.judge(sc, ce, d, col, columnLabel(i, col))
		}
	}
}

// columnLabel names a positional column for messages.
func columnLabel(i int, col *column) string {
	label := "result column " + strconv.Itoa(i+1)
	if col.name != "" {
		label += " (" + col.name + ")"
	}
	return label
}

// judge reports what is certainly wrong with one destination.
func (c *checker) judge(sc scanCall, ce *ast.CallExpr, d *dest, col *column, label string) {
	if d.goType == "" {
		return
	}
	if sc.service == tableService {
		c.judgeTable(sc, d, col, label)
		return
	}
	c.judgeQuery(sc, ce, d, col, label)
}

// tablePath is the table scanner's code path for one destination.
type tablePath uint8

const (
	pathRequired tablePath = iota + 1 // scanRequired
	pathOptional                      // scanOptional(v, false)
	pathDefault                       // scanOptional(v, true)
)

// pathOf returns the table scanner's path for a destination of a column,
// 0 when it depends on what the rule does not know.
func pathOf(method string, d *dest, col *column) tablePath {
	switch d.named {
	case sdk.NamedRequired:
		return pathRequired
	case sdk.NamedOptional:
		return pathOptional
	case sdk.NamedOptionalWithDefault:
		return pathDefault
	}
	switch col.null {
	case notNull:
		return pathRequired
	case nullable:
		if method == "ScanWithDefaults" {
			return pathDefault
		}
		return pathOptional
	}
	return 0
}

func (c *checker) judgeTable(sc scanCall, d *dest, col *column, label string) {
	path := pathOf(sc.method, d, col)
	switch {
	case path == 0:
		return
	case path == pathRequired && d.double:
		c.report(d.arg, categoryOptional, sc, col, label, d, causeSingle,
			"the table service scans a non-Optional value only into a single pointer and fails every row (\"scan row failed: type **"+d.goType+" is unknown\")",
			"scan into *"+d.goType)
		return
	case path == pathOptional && !d.double:
		c.report(d.arg, categoryOptional, sc, col, label, d, "needs a double pointer",
			"the table service scans an Optional value only into a double pointer and fails every row (\"scan row failed: type *"+d.goType+" is not optional! use double pointer or sql.Scanner.\")",
			"scan into **"+d.goType+" (nil for NULL), or use ScanWithDefaults to read NULL as the zero value")
		return
	case path == pathDefault && d.double:
		return
	}
	if sdk.TableScans(col.yql, d.goType) {
		return
	}
	// scanRequired fails on NULL too (its null_flag_value is not the
	// field it reads); scanOptional and the defaults path handle NULL
	// before they decode.
	rows := "every row"
	if path != pathRequired {
		rows = "every row whose value is not NULL"
	}
	c.report(d.arg, categoryType, sc, col, label, d, "cannot be decoded",
		"the table service cannot decode "+col.yql+" into "+d.goType+" and fails "+rows,
		suggest(tableTargets(col.yql), d.double))
}

func (c *checker) judgeQuery(sc scanCall, ce *ast.CallExpr, d *dest, col *column, label string) {
	if d.double && col.null == notNull {
		c.report(d.arg, categoryOptional, sc, col, label, d, causeSingle,
			"the query service casts a non-Optional value only into a single pointer and fails every row (\"cast failed\")",
			"scan into *"+d.goType)
		return
	}
	if !sdk.QueryCasts(col.yql, d.goType) {
		why := "the query service cannot cast " + col.yql + " into " + d.goType + " and fails every row (\"cast failed\")"
		if col.null != notNull {
			why = "the query service cannot cast " + col.yql + " into " + d.goType + " and fails every row whose value is not NULL (\"cast failed\")"
		}
		c.report(d.arg, categoryType, sc, col, label, d, "cannot be cast", why, suggest(sdk.QueryCastTargets[col.yql], d.double))
		return
	}
	if c.cfg.Strict && !d.double && col.null == nullable && !sdk.VersionBefore(orCurrent(c.version), sdk.NullKeepsDestinationSince) {
		if v := c.staleVar(ce, d); v != "" {
			c.report(d.arg, categoryStale, sc, col, label, d, "NULL keeps the last row's value",
				"for NULL the query service leaves the destination unchanged (internal/value optionalValue.castTo returns nil without writing), and "+v+" is declared outside the row loop, so a NULL row keeps the previous row's value",
				"scan into **"+d.goType+" (nil for NULL), or declare "+v+" inside the loop")
		}
	}
}

// orCurrent reads an unknown SDK version as the newest behaviour.
func orCurrent(v string) string {
	if v == "" {
		return "v999.0.0"
	}
	return v
}

// tableTargets lists the destinations the table service decodes yqlType
// into, in sdk.TableScanSources order of the Go types.
func tableTargets(yqlType string) []string {
	var out []string
	for _, g := range tableGoOrder {
		if sdk.TableScans(yqlType, g) {
			out = append(out, g)
		}
	}
	return out
}

// tableGoOrder is the order in which fixes name Go types.
var tableGoOrder = []string{"bool", "int32", "int64", "uint32", "uint64", "float32", "float64", "string", "[]byte", "time.Time", "time.Duration", "int", "uint", "int8", "int16", "uint8", "uint16"}

// suggest phrases the fix: the destination types that work.
func suggest(targets []string, double bool) string {
	if len(targets) == 0 {
		return "scan it into a type the SDK decodes it into"
	}
	star := "*"
	if double {
		star = "**"
	}
	if len(targets) > 3 {
		targets = targets[:3]
	}
	parts := make([]string, len(targets))
	for i, t := range targets {
		parts[i] = star + t
	}
	return "scan into " + strings.Join(parts, " or ") + ", or change the column type"
}

// causeSingle is the headline cause of a non-Optional value scanned into
// a double pointer.
const causeSingle = "needs a single pointer"

// report emits one finding at arg: the scan and its cause in the
// headline, then why it fails, what the column is, and the fix.
func (c *checker) report(arg ast.Expr, category string, sc scanCall, col *column, label string, d *dest, cause, why, fix string) {
	typ := col.yql
	switch col.null {
	case nullable:
		typ += "?"
	case notNull:
		typ += " NOT NULL"
		if !strings.HasPrefix(col.what, "column ") {
			typ = col.yql
		}
	}
	star := "*"
	if d.double {
		star = "**"
	}
	msg := sc.method + " scans " + label + ", " + typ + ", into " + star + d.goType + ": " + cause + "; " + why + "; " + label + " is " + col.what + "; " + fix
	report.Report(c.pass, c.cfg, name, analysis.Diagnostic{Pos: arg.Pos(), End: arg.End(), Category: category, Message: msg})
}

// staleVar returns the name of the local variable &x points to when it
// is declared outside the innermost loop around the scan and nothing
// else in the loop assigns it; "" otherwise.
func (c *checker) staleVar(ce *ast.CallExpr, d *dest) string {
	u, ok := ast.Unparen(d.ptr).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return ""
	}
	id, ok := ast.Unparen(u.X).(*ast.Ident)
	if !ok {
		return ""
	}
	info := c.pass.TypesInfo
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() {
		return ""
	}
	loop := c.innermostLoop(ce)
	if loop == nil || v.Pos() >= loop.Pos() {
		return ""
	}
	if assignedIn(info, loop, v, u) {
		return ""
	}
	return id.Name
}

// innermostLoop returns the for or range statement around ce in its own
// function, nil when there is none.
func (c *checker) innermostLoop(ce *ast.CallExpr) ast.Stmt {
	for _, f := range c.pass.Files {
		if f.Pos() > ce.Pos() || ce.End() > f.End() {
			continue
		}
		var loop ast.Stmt
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if loop != nil {
				return false
			}
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			if n.Pos() > ce.Pos() || n.End() < ce.End() {
				return false
			}
			if n == ast.Node(ce) {
				for i := len(stack) - 1; i >= 0; i-- {
					switch s := stack[i].(type) {
					case *ast.ForStmt:
						loop = s
						return false
					case *ast.RangeStmt:
						loop = s
						return false
					case *ast.FuncLit, *ast.FuncDecl:
						return false
					}
				}
				return false
			}
			stack = append(stack, n)
			return true
		})
		return loop
	}
	return nil
}

// assignedIn reports whether loop writes v anywhere but through the
// scan's own &v: an assignment, ++/--, or another &v.
func assignedIn(info *types.Info, loop ast.Stmt, v *types.Var, own *ast.UnaryExpr) bool {
	found := false
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && (info.Uses[id] == v || info.Defs[id] == v)
	}
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if is(l) {
					found = true
				}
			}
		case *ast.IncDecStmt:
			if is(n.X) {
				found = true
			}
		case *ast.UnaryExpr:
			if n != own && n.Op == token.AND && is(n.X) {
				found = true
			}
		}
		return !found
	})
	return found
}

// callExpr returns the call expression whose Lparen is lparen.
func (c *checker) callExpr(lparen token.Pos) *ast.CallExpr {
	if c.calls == nil {
		c.calls = map[token.Pos]*ast.CallExpr{}
		for _, f := range c.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if ce, ok := n.(*ast.CallExpr); ok {
					c.calls[ce.Lparen] = ce
				}
				return true
			})
		}
	}
	return c.calls[lparen]
}

// inTestFile reports whether pos is in a _test.go file: tests scan into
// wrong types on purpose to assert the SDK's errors.
func (c *checker) inTestFile(pos token.Pos) bool {
	return strings.HasSuffix(c.pass.Fset.Position(pos).Filename, "_test.go")
}
