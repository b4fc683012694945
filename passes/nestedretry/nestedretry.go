package nestedretry

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/sdkssa"
	"github.com/ydblint/ydblint/passes/config"
)

//go:embed doc.go
var doc string

const name = "nestedretry"

// Analyzer reports client calls and retriers inside a retried closure.
var Analyzer = &analysis.Analyzer{
	Name:             name,
	Doc:              analysisutil.MustExtractDoc(doc, name),
	URL:              report.URLBase + name,
	Requires:         []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer},
	Run:              report.WrapRun(run),
	RunDespiteErrors: true,
	FactTypes:        []analysis.Fact{new(entersRetrier)},
}

// entersRetrier is the fact that calling the function enters an SDK
// retrier or takes a client-level session: its body calls one (outside
// function literals), directly or through another function with the fact.
type entersRetrier struct {
	API string // the SDK call finally reached, e.g. "query.Client.Exec"
	At  string // file:line of the call in this function
}

func (*entersRetrier) AFact() {}

func (f *entersRetrier) String() string { return "entersRetrier(" + f.API + ")" }

// Categories (headings of doc.go).
const (
	categoryNested = "nested-retry"
	categoryTx     = "outside-tx"
)

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	if !sdkssa.Needed(pass.Pkg) {
		return nil, nil
	}
	exportFacts(pass)
	if !cfg.IsPkgInScope(pass.Pkg) {
		return nil, nil
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			r := retrierOf(pass.TypesInfo, call)
			if r == nil {
				return true
			}
			if lit, ok := callbackLit(call, r); ok {
				checkClosure(pass, cfg, r, lit)
			}
			return true
		})
	}
	return nil, nil
}

// target is what a call inside a closure reaches.
type target struct {
	api           string
	sessionMethod string
	via           string // the helper called, "" for a direct call
	viaShort      string // the helper qualified by its package's name, for the headline
	at            string // where the helper reaches it
}

// reaches returns what call reaches: a retrier, a client call, or a
// function with the entersRetrier fact.
func reaches(pass *analysis.Pass, call *ast.CallExpr) (target, bool) {
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok {
		return target{}, false
	}
	if id, ok := sdk.IdentityOf(fn); ok {
		if r := sdk.LookupRetrier(id); r != nil {
			return target{api: r.API}, true
		}
		if c := sdk.LookupClientCall(id); c != nil {
			return target{api: c.API, sessionMethod: c.SessionMethod}, true
		}
	}
	var fact entersRetrier
	if fn.Origin().Pkg() != nil && pass.ImportObjectFact(fn.Origin(), &fact) {
		return target{api: fact.API, via: fn.FullName(), viaShort: shortName(fn), at: fact.At}, true
	}
	return target{}, false
}

// exportFacts gives entersRetrier to every function of the package whose
// body (outside function literals) reaches a retrier or client call.
// Functions are visited until nothing changes, so that in-package call
// chains are followed whatever the declaration order.
func exportFacts(pass *analysis.Pass) {
	var decls []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok || pass.ImportObjectFact(obj, new(entersRetrier)) {
				continue
			}
			var found *entersRetrier
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if found != nil {
					return false
				}
				switch n := n.(type) {
				case *ast.FuncLit, *ast.GoStmt:
					return false
				case *ast.CallExpr:
					if t, ok := reaches(pass, n); ok {
						found = &entersRetrier{API: t.api, At: posString(pass, n.Lparen)}
						return false
					}
				}
				return true
			})
			if found != nil {
				pass.ExportObjectFact(obj, found)
				changed = true
			}
		}
	}
}

func posString(pass *analysis.Pass, p token.Pos) string {
	pos := pass.Fset.Position(p)
	return fmt.Sprintf("%s:%d", shortFile(pos.Filename), pos.Line)
}

func shortFile(f string) string {
	for i := len(f) - 1; i >= 0; i-- {
		if f[i] == '/' || f[i] == '\\' {
			return f[i+1:]
		}
	}
	return f
}

// checkClosure reports the calls in a retried closure's body (outside
// nested function literals and go statements) that reach a retrier or a
// client call.
func checkClosure(pass *analysis.Pass, cfg *config.Config, outer *sdk.Retrier, lit *ast.FuncLit) {
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt:
			return false
		case *ast.CallExpr:
			t, ok := reaches(pass, n)
			if !ok {
				return true
			}
			reportNested(pass, cfg, outer, n, t)
			return false // a retrier's own callback is its business
		}
		return true
	})
}

func reportNested(pass *analysis.Pass, cfg *config.Config, outer *sdk.Retrier, call *ast.CallExpr, t target) {
	what, evidence := t.api, ""
	if t.via != "" {
		what, evidence = t.viaShort, fmt.Sprintf("; %s reaches %s (%s)", t.via, t.api, t.at)
	}
	fix := "use the session or transaction the closure receives"
	if t.sessionMethod != "" {
		fix = fmt.Sprintf("call %s on the session or transaction the closure receives", t.sessionMethod)
	}
	category := categoryNested
	effect := "takes a second session from the pool; it has a retry loop of its own inside this one: attempts multiply under load and the two sessions do not share a transaction"
	if outer.Tx {
		category = categoryTx
		effect = "runs outside its transaction; it is not rolled back when the transaction " + outer.API + " retries aborts, and is repeated on every retry"
	}
	report.Report(pass, cfg, name, analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: category,
		Message: fmt.Sprintf("%s in the closure of %s %s%s; %s", what, outer.API, effect, evidence, fix),
	})
}

// shortName names fn qualified by its package's name, as FullName does
// with the import path: (*store.Audit).Record, store.Record.
func shortName(fn *types.Func) string {
	byName := func(p *types.Package) string { return p.Name() }
	if recv := fn.Signature().Recv(); recv != nil {
		return "(" + types.TypeString(recv.Type(), byName) + ")." + fn.Name()
	}
	if fn.Pkg() == nil {
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// retrierOf returns the retrier call calls, or nil.
func retrierOf(info *types.Info, call *ast.CallExpr) *sdk.Retrier {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return nil
	}
	id, ok := sdk.IdentityOf(fn)
	if !ok {
		return nil
	}
	return sdk.LookupRetrier(id)
}

// callbackLit returns the function literal passed as the retrier's
// callback (through conversions and parentheses).
func callbackLit(call *ast.CallExpr, r *sdk.Retrier) (*ast.FuncLit, bool) {
	if r.Callback >= len(call.Args) {
		return nil, false
	}
	e := ast.Unparen(call.Args[r.Callback])
	lit, ok := e.(*ast.FuncLit)
	return lit, ok
}
