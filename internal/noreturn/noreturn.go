package noreturn

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ydblint/ydblint/internal/analysisutil"
)

// Analyzer's result is a *Result; its fact marks a function that never
// returns, for importers. It runs on a package with errors too, because
// internal/ssaprog, which querysite Requires, needs its result there; a
// package with type errors gets an empty Result and exports no fact.
var Analyzer = &analysis.Analyzer{
	Name:             "ydbnoreturn",
	Doc:              "find the functions that never return, for the SSA the passes share",
	URL:              "https://pkg.go.dev/github.com/ydblint/ydblint/internal/noreturn",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Result](),
	FactTypes:        []analysis.Fact{new(noReturnFact)},
}

// noReturnFact marks a function none of whose paths returns.
type noReturnFact struct{}

func (*noReturnFact) AFact()         {}
func (*noReturnFact) String() string { return "noReturn" }

// Result answers for the functions the package declares and the functions
// it calls.
type Result struct {
	noReturn map[*types.Func]bool
}

// NoReturn reports whether a call of fn never returns. It has the shape of
// ssa.Program.SetNoReturn's predicate.
func (r *Result) NoReturn(fn *types.Func) bool {
	return r != nil && r.noReturn[fn]
}

// state is one package's analysis.
type state struct {
	pass     *analysis.Pass
	decls    map[*types.Func]*ast.FuncDecl
	started  map[*types.Func]bool
	noReturn map[*types.Func]bool
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{noReturn: map[*types.Func]bool{}}
	if analysisutil.InGOROOT(pass) {
		// The table (known.go) answers for the standard library.
		return res, nil
	}
	if len(pass.TypeErrors) > 0 {
		// No SSA is built for such a package.
		return res, nil
	}
	st := &state{pass: pass, decls: map[*types.Func]*ast.FuncDecl{}, started: map[*types.Func]bool{}, noReturn: res.noReturn}
	var order []*types.Func
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					st.decls[fn] = fd
					order = append(order, fn)
				}
			}
		}
	}
	for _, fn := range order {
		st.decide(fn)
	}
	// The callees of every call, function literals included: SSA asks
	// about each static callee it builds a call to.
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if fn := typeutil.StaticCallee(pass.TypesInfo, call); fn != nil {
					st.mayReturn(fn)
				}
			}
			return true
		})
	}
	return res, nil
}

// decide computes whether the package's own fn returns, as ctrlflow does:
// the table first, then the body's control-flow graph, built only when
// the body holds something that can stop a path.
func (st *state) decide(fn *types.Func) {
	if st.started[fn] {
		return // a cycle: ctrlflow breaks it the same way
	}
	st.started[fn] = true
	noReturn, ok := lookupKnown(fn)
	if !ok {
		if fd := st.decls[fn]; fd != nil && fd.Body != nil && st.mayStop(fd.Body) {
			noReturn = cfg.New(fd.Body, st.callMayReturn).NoReturn()
		}
	}
	if noReturn {
		st.noReturn[fn] = true
		st.pass.ExportObjectFact(fn, new(noReturnFact))
	}
}

// mayStop reports whether body (function literals aside, whose graphs are
// their own) holds a call that may not return, or a loop, select or jump
// that can keep every path from the end. Without one, every path of
// structured code reaches a return or the closing brace: the graph would
// say so, and is not built.
func (st *state) mayStop(body *ast.BlockStmt) bool {
	stop := false
	ast.Inspect(body, func(n ast.Node) bool {
		if stop {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt:
			stop = n.Cond == nil
		case *ast.SelectStmt, *ast.LabeledStmt:
			stop = true
		case *ast.BranchStmt:
			stop = n.Tok == token.GOTO
		case *ast.CallExpr:
			stop = !st.callMayReturn(n)
		}
		return !stop
	})
	return stop
}

var panicBuiltin = types.Universe.Lookup("panic").(*types.Builtin)

// callMayReturn is ctrlflow's: panic never returns; a call whose callee is
// not statically known may.
func (st *state) callMayReturn(call *ast.CallExpr) bool {
	if id, ok := call.Fun.(*ast.Ident); ok && st.pass.TypesInfo.Uses[id] == panicBuiltin {
		return false
	}
	fn := typeutil.StaticCallee(st.pass.TypesInfo, call)
	if fn == nil {
		return true
	}
	return st.mayReturn(fn)
}

// mayReturn answers for any function the package calls, and records the
// answer for Result.
func (st *state) mayReturn(fn *types.Func) bool {
	if _, local := st.decls[fn]; local {
		st.decide(fn)
		return !st.noReturn[fn]
	}
	if noReturn, ok := lookupKnown(fn); ok {
		if noReturn {
			st.noReturn[fn] = true
		}
		return !noReturn
	}
	if st.pass.ImportObjectFact(fn, new(noReturnFact)) {
		st.noReturn[fn] = true
		return false
	}
	return true
}
