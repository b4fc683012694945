package sdkssa

import (
	"go/ast"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/noreturn"
	"github.com/ydblint/ydblint/internal/sdk"
)

// Analyzer's result is a *buildssa.SSA, nil when the package cannot hold
// an SDK call the rules judge (see Needed).
var Analyzer = &analysis.Analyzer{
	Name:       "sdkssa",
	Doc:        "build SSA (as buildssa) for packages that use ydb-go-sdk",
	Run:        run,
	Requires:   []*analysis.Analyzer{noreturn.Analyzer},
	ResultType: reflect.TypeFor[*buildssa.SSA](),
}

func run(pass *analysis.Pass) (any, error) {
	if !Needed(pass.Pkg) {
		return (*buildssa.SSA)(nil), nil
	}
	return build(pass, pass.ResultOf[noreturn.Analyzer].(*noreturn.Result)), nil
}

// build is buildssa's run (x/tools v0.52.0 go/analysis/passes/buildssa),
// with the no-return predicate of internal/noreturn in place of
// ctrlflow's (the same answers, see that package).
func build(pass *analysis.Pass, nr *noreturn.Result) *buildssa.SSA {
	prog := ssa.NewProgram(pass.Fset, 0)
	prog.SetNoReturn(nr.NoReturn)
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	ssapkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	ssapkg.Build()
	var funcs []*ssa.Function
	var addAnons func(f *ssa.Function)
	addAnons = func(f *ssa.Function) {
		funcs = append(funcs, f)
		for _, anon := range f.AnonFuncs {
			addAnons(anon)
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if f := prog.FuncValue(obj); f != nil {
				addAnons(f)
			}
		}
	}
	return &buildssa.SSA{Pkg: ssapkg, SrcFuncs: funcs}
}

// Needed reports whether the rules can read SSA of pkg: it imports a
// package of ydb-go-sdk (sdk.ImportsSDK: directly or through its imports)
// and is not an SDK library package (sdk.IsLibrary). It is the rules' own
// entry test.
func Needed(pkg *types.Package) bool {
	return sdk.ImportsSDK(pkg) && !sdk.IsLibrary(pkg.Path())
}

// Of returns the SSA of the pass's package when the SDK rules judge it
// (Needed), nil otherwise: the rules' common entry, so that each of them
// tests the package the same way.
func Of(pass *analysis.Pass) *buildssa.SSA {
	if !Needed(pass.Pkg) {
		return nil
	}
	res, _ := pass.ResultOf[Analyzer].(*buildssa.SSA)
	return res
}
