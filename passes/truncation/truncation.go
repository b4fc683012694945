package truncation

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/sdkssa"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

//go:embed doc.go
var doc string

const name = "truncation"

// rowCap is the table service's result-set cap.
const rowCap = sdk.TruncationRowCap

// Analyzer reports table-service reads cut at 1000 rows and options that
// hide the cut.
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
	categoryIgnore    = "ignore-truncated"
	categoryUnbounded = "unbounded-read"
)

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	plans := pass.ResultOf[queryplan.Analyzer].(*queryplan.Result)
	if !plans.InScope || !sdk.ImportsSDK(pass.Pkg) || sdk.IsLibrary(pass.Pkg.Path()) {
		return nil, nil
	}
	c := &checker{pass: pass, cfg: cfg, plans: plans, version: sdk.PackageVersion(pass.Pkg, pass.Fset),
		aware: truncationAware(pass), ignoring: map[token.Pos]bool{}}
	if ssaRes, ok := pass.ResultOf[sdkssa.Analyzer].(*buildssa.SSA); ok && ssaRes != nil {
		c.funcs = ssaRes.SrcFuncs
	}
	c.checkIgnoreOptions()
	if cfg.Strict {
		c.checkReads()
	}
	return nil, nil
}

type checker struct {
	pass    *analysis.Pass
	cfg     *config.Config
	plans   *queryplan.Result
	version string // the SDK version, "" when unknown
	// aware are the ranges of the functions that look at truncation
	// themselves (Truncated(), result.ErrTruncated).
	aware [][2]token.Pos
	// ignoring holds the position of the Execute calls given
	// options.WithIgnoreTruncated() directly.
	ignoring map[token.Pos]bool
	funcs    []*ssa.Function
	drv      *driverScan
	seed     *seedScan
	// valueSites indexes SSA calls and conversions by position
	// (paramBound), built on first use.
	valueSites []valueSite
	calls      *callGraph
	indexed    bool
}

func (c *checker) isAware(pos token.Pos) bool {
	for _, r := range c.aware {
		if r[0] <= pos && pos < r[1] {
			return true
		}
	}
	return false
}

// driver returns the module scan (driver.go), done on first use.
func (c *checker) driver() *driverScan {
	if c.drv == nil {
		dir := ""
		for _, f := range c.pass.Files {
			if tf := c.pass.Fset.File(f.FileStart); tf != nil && tf.Name() != "" {
				dir = filepath.Dir(tf.Name())
				break
			}
		}
		switch {
		case dir == "":
			c.drv = &driverScan{note: "the package has no files on disk"}
		case c.cfg != nil && c.cfg.Hermetic:
			c.drv = &driverScan{note: "-hermetic: the module's other files are not read"}
		default:
			c.drv = scanModule(c.cfg.Session(), dir)
		}
	}
	return c.drv
}

// truncationAware returns the functions (top-level declarations, with
// their closures) that read Truncated() or compare with
// result.ErrTruncated: they handle the cut themselves.
func truncationAware(pass *analysis.Pass) [][2]token.Pos {
	var out [][2]token.Pos
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			found := false
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if found {
					return false
				}
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				switch obj := pass.TypesInfo.Uses[id].(type) {
				case *types.Var:
					found = obj.Name() == "ErrTruncated" && obj.Pkg() != nil && obj.Pkg().Path() == sdk.PkgTableResult
				case *types.Func:
					found = obj.Name() == "Truncated" && obj.Pkg() != nil && sdk.InSDK(obj.Pkg().Path())
				}
				return true
			})
			if found {
				out = append(out, [2]token.Pos{fd.Pos(), fd.End()})
			}
		}
	}
	return out
}

// calleeID is the SDK identity of a call's static callee.
func (c *checker) calleeID(call *ast.CallExpr) (sdk.Identity, bool) {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok {
		return sdk.Identity{}, false
	}
	return sdk.IdentityOf(fn)
}

// checkIgnoreOptions reports ydb.WithIgnoreTruncated and
// options.WithIgnoreTruncated.
func (c *checker) checkIgnoreOptions() {
	for _, f := range c.pass.Files {
		astutil.Apply(f, func(cur *astutil.Cursor) bool {
			call, ok := cur.Node().(*ast.CallExpr)
			if !ok {
				return true
			}
			id, ok := c.calleeID(call)
			if !ok || !sdk.IsIgnoreTruncated(id) {
				return true
			}
			exec := c.enclosingExecute(f, call)
			if exec != nil && id.Pkg == sdk.PkgTableOptions {
				c.ignoring[exec.Pos()] = true
			}
			c.checkIgnore(call, id, exec)
			return true
		}, nil)
	}
}

// enclosingExecute returns the table-service Execute call that call is an
// argument of, or nil.
func (c *checker) enclosingExecute(f *ast.File, call *ast.CallExpr) *ast.CallExpr {
	path, _ := astutil.PathEnclosingInterval(f, call.Pos(), call.End())
	for _, n := range path[1:] {
		switch n := n.(type) {
		case *ast.CallExpr:
			if id, ok := c.calleeID(n); ok && sdk.IsCappedExecute(id) {
				return n
			}
			return nil
		case *ast.FuncLit, *ast.FuncDecl, ast.Stmt:
			return nil
		}
	}
	return nil
}

func (c *checker) checkIgnore(call *ast.CallExpr, id sdk.Identity, exec *ast.CallExpr) {
	if c.isAware(call.Pos()) {
		return // the code reads Truncated() or result.ErrTruncated itself
	}
	drv := c.driver()
	if !drv.complete || drv.overQuery.maybeTrue() {
		return // the module may route data queries over the query service: no cap
	}
	if exec != nil && c.harmlessAt(exec) {
		return
	}
	spelling := "ydb.WithIgnoreTruncated()"
	scope := "every table-service data query of this driver (Session.Execute, TransactionActor.Execute, and database/sql in table-service mode)"
	if id.Pkg == sdk.PkgTableOptions {
		spelling = "options.WithIgnoreTruncated()"
		scope = "this Execute"
	}
	report.Report(c.pass, c.cfg, name, analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: categoryIgnore,
		Message: fmt.Sprintf("%s makes a result set the table service cut at %d rows look complete; res.Err() no longer returns the %s error for %s, so the rows past the cut are lost without an error; remove it and page the read (LIMIT ≤ %d with a key cursor), read with StreamExecuteScanQuery or the query service, or open the driver with ydb.WithExecuteDataQueryOverQueryClient(true)",
			spelling, rowCap, c.truncatedText(), scope, rowCap),
	})
}

// harmlessAt: every statement of the Execute's text is a SELECT proven to
// return at most rowCap rows, or writes only.
func (c *checker) harmlessAt(exec *ast.CallExpr) bool {
	var sts []*queryplan.Statement
	var s *site.Site
	for _, st := range c.plans.Statements {
		if st.Site.Pos <= exec.Pos() && exec.End() <= st.Site.End {
			sts = append(sts, st)
			s = st.Site
		}
	}
	if s == nil || s.Query == nil || len(s.Query.Texts) == 0 || s.Query.TextsTruncated {
		return false
	}
	for _, st := range sts {
		sel, ok := st.Stmt().(*yql.SelectStmt)
		if !ok {
			continue
		}
		if b := RowBound(sel.Query, st.Plan, st.Script, c.paramBound(st.Site), c.listBound(st.Site), c.seeds().rowsOf); b.Rows == unbounded || b.Rows > rowCap {
			return false
		}
	}
	return true
}

// checkReads (-strict) reports SELECTs through a capped entry point that
// are not proven to return at most rowCap rows.
func (c *checker) checkReads() {
	var fs []queryplan.Finding
	for _, st := range c.plans.Statements {
		sel, ok := st.Stmt().(*yql.SelectStmt)
		if !ok {
			continue
		}
		via, ok := c.cappedVia(st.Site)
		if !ok || c.isAware(st.Site.Pos) || c.ignoring[st.Site.Pos] {
			continue
		}
		b := RowBound(sel.Query, st.Plan, st.Script, c.paramBound(st.Site), c.listBound(st.Site), c.seeds().rowsOf)
		if b.Rows != unbounded && b.Rows <= rowCap || b.Unknown {
			continue
		}
		if scanned(st) {
			continue // fullscan (or hashprefix) reports the statement: once
		}
		if !c.capApplies(st.Site) {
			continue
		}
		fs = append(fs, c.readFinding(st, sel, b, via))
	}
	kept, holds := queryplan.Dedup(fs)
	for i, f := range kept {
		msg := f.Message + queryplan.WhichNote(c.pass.Fset, f.St.Site, holds[i])
		report.Report(c.pass, c.cfg, name, analysis.Diagnostic{Pos: f.Pos, End: f.End, Category: f.Category, Message: msg},
			report.InYQL(f.St.YQL(f.Payload.(int))))
	}
}

// scanned reports whether a read of the statement is reported as a scan
// of every partition (with -strict, which unbounded-read needs): that
// finding is the stronger one and is not repeated as a truncation risk.
func scanned(st *queryplan.Statement) bool {
	if st.Plan == nil {
		return false
	}
	for _, a := range st.Plan.Reads {
		if queryplan.ScanReported(a, true) {
			return true
		}
	}
	return false
}

// sqlTableMode ends the way cappedVia names a database/sql call on the
// YDB driver in table-service mode.
const sqlTableMode = " in table-service mode"

// maxHeadline is the longest headline (the message up to its first "; ")
// that a finding's cause is put into; a longer cause is a later part.
const maxHeadline = 100

// cappedVia says how a site reaches a capped data query: the table
// service's Execute, or database/sql (the engine is decided in
// capApplies).
func (c *checker) cappedVia(s *site.Site) (string, bool) {
	q := s.Query
	if q == nil || q.ScanQuery || q.NotYQL || q.ExplainOnly {
		return "", false
	}
	if sdk.IsCappedExecuteAPI(s.API) {
		return s.API, true
	}
	if q.SQLDriver == "ydb" && len(s.API) > len("database/sql.") && s.API[:len("database/sql.")] == "database/sql." {
		return s.API + sqlTableMode, true
	}
	return "", false
}

// capApplies decides from the SDK version and the module's driver options
// whether the site's data query is capped. Unknown means silent.
func (c *checker) capApplies(s *site.Site) bool {
	before := func(since string) bool { return c.version != "" && sdk.VersionBefore(c.version, since) }
	optionExists := !before(sdk.DataQueryOverQueryClientSince)
	if s.Query == nil || s.Query.SQLDriver != "ydb" {
		if !optionExists {
			return true // the option that lifts the cap does not exist yet
		}
		drv := c.driver()
		return drv.complete && !drv.overQuery.maybeTrue() && drv.opens > 0
	}
	drv := c.driver()
	if !drv.complete || drv.sqlModeElsewhere || drv.queryService.maybeTrue() {
		return false
	}
	tableMode := drv.queryService.constFalse > 0 || before(sdk.SQLQueryServiceDefaultSince)
	if !tableMode {
		return false
	}
	return !optionExists || !drv.overQuery.maybeTrue() && drv.opens > 0
}

func (c *checker) readFinding(st *queryplan.Statement, sel *yql.SelectStmt, b Bound, via string) queryplan.Finding {
	sp := sel.NodeSpan()
	kw := yql.Span{Start: sp.Start, End: min(sp.End, sp.Start+len("SELECT"))}
	pos, end := st.Pos(kw)
	what, table := "SELECT", ""
	if src, ok := sel.Query.From.(*yql.TableSource); ok {
		if name, desc := fromTable(st, src); name != "" {
			what += " from " + name
			table = "; it reads " + desc
		} else if src.Table != nil && src.Table.Path != "" && !src.Table.Hole {
			what += " from " + src.Table.Path
		}
	}
	errOf := "res.Err()"
	if st.Site.Query.SQLDriver == "ydb" {
		errOf = "rows.Err()"
	}
	after := fmt.Sprintf("%s then returns the %s error and the listing fails", errOf, c.truncatedText())
	if c.version != "" && sdk.VersionBefore(c.version, sdk.TruncatedErrorSince) {
		after = fmt.Sprintf("before %s the SDK drops the rows past the cut without an error", sdk.TruncatedErrorSince)
	}
	// The headline names the API; the database/sql mode and the call a
	// shared constant text is reported for are evidence, in later parts.
	api, sqlMode := strings.CutSuffix(via, sqlTableMode)
	cut := "the table service cuts"
	if sqlMode {
		cut = api + " runs" + sqlTableMode + ", where the table service cuts"
	}
	evidence := table
	if pos < st.Site.Pos || pos > st.Site.End {
		// The text is a constant shared by several calls: say which.
		p := c.pass.Fset.Position(st.Site.Pos)
		evidence += fmt.Sprintf("; the call at %s:%d runs the text", filepath.Base(p.Filename), p.Line)
	}
	headline := fmt.Sprintf("%s may return more than %d rows through %s", what, rowCap, api)
	if len(headline)+len(": ")+len(b.Why) <= maxHeadline {
		headline += ": " + b.Why
	} else {
		evidence = fmt.Sprintf("; nothing keeps it to %d rows: %s%s", rowCap, b.Why, evidence)
	}
	msg := fmt.Sprintf("%s; %s a data query's result set at %d rows, and %s%s; add a LIMIT of at most %d and page with a key cursor, read with StreamExecuteScanQuery or the query service, or open the driver with ydb.WithExecuteDataQueryOverQueryClient(true)",
		headline, cut, rowCap, after, evidence, rowCap)
	return queryplan.Finding{Pos: pos, End: end, Category: categoryUnbounded, Message: msg, St: st, Payload: kw.Start}
}

// valueSite is an SSA call or conversion at a source position.
type valueSite struct {
	pos   token.Pos
	block *ssa.BasicBlock
	vals  []ssa.Value // the integer values it hands to the SDK
}

// paramBound bounds the parameters bound at site from the Go values.
func (c *checker) paramBound(s *site.Site) ParamBound {
	var p *site.Params
	if s.Query != nil {
		p = s.Query.Params
	}
	return func(pname string) (int64, bool) {
		bnd := p.Lookup(pname)
		if bnd == nil {
			if p != nil && p.Known {
				return 0, false
			}
			return c.bindingsBound(s, pname)
		}
		if bnd.Value.Const {
			if n, err := strconv.ParseInt(bnd.Value.ConstText, 0, 64); err == nil {
				return n, true
			}
		}
		if !bnd.Pos.IsValid() || !bnd.End.IsValid() {
			return 0, false
		}
		best, found := int64(0), false
		for _, vs := range c.sites() {
			if vs.pos < bnd.Pos || vs.pos >= bnd.End {
				continue
			}
			for _, v := range vs.vals {
				n, ok := upperBound(v, vs.block, c.calls)
				if !ok {
					return 0, false
				}
				best, found = max(best, n), true
			}
		}
		return best, found
	}
}

// sites indexes, once, the SSA calls to the SDK (and sql.Named) that take
// an integer, and the conversions of integers to interfaces.
func (c *checker) sites() []valueSite {
	if c.indexed {
		return c.valueSites
	}
	c.indexed = true
	c.calls = buildCallGraph(c.funcs)
	for _, fn := range c.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.Call:
					if !sdkCallee(&x.Call) {
						continue
					}
					var vals []ssa.Value
					for _, a := range x.Call.Args {
						if mi, ok := a.(*ssa.MakeInterface); ok {
							a = mi.X // sql.Named(name, value any)
						}
						if isInteger(a.Type()) {
							vals = append(vals, a)
						}
					}
					if len(vals) > 0 {
						c.valueSites = append(c.valueSites, valueSite{pos: x.Pos(), block: b, vals: vals})
					}
				case *ssa.MakeInterface:
					if isInteger(x.X.Type()) {
						c.valueSites = append(c.valueSites, valueSite{pos: x.Pos(), block: b, vals: []ssa.Value{x.X}})
					}
				}
			}
		}
	}
	return c.valueSites
}

func sdkCallee(cc *ssa.CallCommon) bool {
	return sdkObject(cc) != nil
}

// sdkObject is the SDK function, method or function variable a call
// calls (or sql.Named), nil for anything else.
func sdkObject(cc *ssa.CallCommon) types.Object {
	var obj types.Object
	switch {
	case cc.IsInvoke():
		obj = cc.Method
	case cc.StaticCallee() != nil:
		obj = cc.StaticCallee().Object()
	default:
		// A package variable holding a function (table/types declares
		// Uint64Value, ListValue and their kin as variables in some
		// versions).
		if ld, ok := cc.Value.(*ssa.UnOp); ok && ld.Op == token.MUL {
			if g, ok := ld.X.(*ssa.Global); ok {
				obj = g.Object()
			}
		}
	}
	if obj == nil || obj.Pkg() == nil {
		return nil
	}
	if sdk.InSDK(obj.Pkg().Path()) || obj.Pkg().Path() == sdk.PkgSQL && obj.Name() == "Named" {
		return obj
	}
	return nil
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// bindingsBound is the fallback when querysite could not decode the
// site's bindings: the largest value any table.ValueParam("$name", …) or
// ParamsBuilder().Param("$name").T(…) binds in the functions that make the
// call (paramBindings), when there is at least one and every one is
// bounded. (If the site binds the parameter some other way the answer may
// be wrong, but only towards silence.)
func (c *checker) bindingsBound(s *site.Site, pname string) (int64, bool) {
	best, found := int64(0), false
	all := c.paramBindings(s, pname, func(call *ssa.Call, b *ssa.BasicBlock) bool {
		var v ssa.Value
		if calleeName(&call.Call) == "ValueParam" {
			v = integerInside(call.Call.Args[1])
		} else {
			v = builderValue(call)
		}
		if v == nil {
			return false
		}
		c.sites() // builds the call graph
		n, ok := upperBound(v, b, c.calls)
		if !ok {
			return false
		}
		best, found = max(best, n), true
		return true
	})
	if !all {
		return 0, false
	}
	return best, found
}

// paramBindings calls bind for every table.ValueParam("$name", …) and
// ParamsBuilder().Param("$name") call, with its block, in the functions
// that make the site's call (the site's and, for wrappers of this package,
// theirs, with their closures). bind returns false when the binding is not
// bounded; paramBindings then stops and returns false.
func (c *checker) paramBindings(s *site.Site, pname string, bind func(call *ssa.Call, b *ssa.BasicBlock) bool) bool {
	want := "$" + pname
	scope := map[*ssa.Function]bool{}
	for _, pos := range append([]token.Pos{s.Pos}, framePositions(s)...) {
		if fn := c.enclosingFunc(pos); fn != nil {
			scope[fn] = true
		}
	}
	for _, fn := range c.funcs {
		if !scope[rootOf(fn)] {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || len(call.Call.Args) == 0 {
					continue
				}
				switch calleeName(&call.Call) {
				case "ValueParam":
					if len(call.Call.Args) != 2 || !isConstString(call.Call.Args[0], want) {
						continue
					}
				case "Param":
					if !isConstString(call.Call.Args[len(call.Call.Args)-1], want) {
						continue
					}
				default:
					continue
				}
				if !bind(call, b) {
					return false
				}
			}
		}
	}
	return true
}

// calleeName is the name of an SDK function or method called, "" for
// anything else.
func calleeName(cc *ssa.CallCommon) string {
	if obj := sdkObject(cc); obj != nil {
		return obj.Name()
	}
	return ""
}

func isConstString(v ssa.Value, s string) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.Value != nil && k.Value.Kind() == constant.String && constant.StringVal(k.Value) == s
}

// integerInside returns the integer a value constructor call
// (types.Uint64Value(n)) wraps, peeling the interface conversion.
func integerInside(v ssa.Value) ssa.Value {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	call, ok := v.(*ssa.Call)
	if !ok || !sdkCallee(&call.Call) || len(call.Call.Args) != 1 || !isInteger(call.Call.Args[0].Type()) {
		return nil
	}
	return call.Call.Args[0]
}

// builderValue returns the integer passed to the one typed setter called on
// the result of ParamsBuilder().Param(name).
func builderValue(param *ssa.Call) ssa.Value {
	refs := param.Referrers()
	if refs == nil {
		return nil
	}
	var out ssa.Value
	for _, r := range *refs {
		call, ok := r.(*ssa.Call)
		if !ok || !sdkCallee(&call.Call) {
			continue
		}
		for _, a := range call.Call.Args {
			if a != param && isInteger(a.Type()) {
				if out != nil {
					return nil
				}
				out = a
			}
		}
	}
	return out
}

func framePositions(s *site.Site) []token.Pos {
	var out []token.Pos
	for _, f := range s.Chain {
		if f.Pos.IsValid() {
			out = append(out, f.Pos)
		}
	}
	return out
}

// enclosingFunc returns the top-level function whose body holds pos.
func (c *checker) enclosingFunc(pos token.Pos) *ssa.Function {
	for _, fn := range c.funcs {
		if fn.Parent() != nil || fn.Syntax() == nil {
			continue
		}
		if fn.Syntax().Pos() <= pos && pos < fn.Syntax().End() {
			return fn
		}
	}
	return nil
}

func rootOf(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}

// fromTable names the catalogue table a FROM item resolved to, as the
// statement wrote it, and describes it with its key and schema ("table
// products, primary key (shop_id, id) (schema: …)"); "" when it resolved
// to none.
func fromTable(st *queryplan.Statement, src *yql.TableSource) (name, desc string) {
	if st.Plan == nil {
		return "", ""
	}
	for _, a := range st.Plan.Reads {
		if a.Source == src && a.Named == "" && a.Table != nil {
			return st.HeadlineName(a.Ref, a.Table), st.DescribeTable(a.Ref, a.Table)
		}
	}
	return "", ""
}

// truncatedText quotes the SDK's truncation error as this SDK version
// words it.
func (c *checker) truncatedText() string {
	if c.version != "" && sdk.VersionBefore(c.version, sdk.TruncatedRowsWordingSince) {
		return `"truncated result"`
	}
	return fmt.Sprintf(`"more than %d rows: truncated result" (result.ErrTruncated)`, rowCap)
}
