package sdkssa

import (
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"

	"github.com/ydblint/ydblint/internal/ssaprog"
)

// Analyzer's result is a *buildssa.SSA, nil when the package cannot hold
// an SDK call the rules judge (see Needed). Unlike ssaprog it does not run
// on a package with errors, nor on one whose imports have errors: there
// the rules fail as prerequisites and report nothing.
var Analyzer = &analysis.Analyzer{
	Name:       "sdkssa",
	Doc:        "hand the SDK-usage rules every source function of the package's SSA (as buildssa) for packages that use ydb-go-sdk",
	Run:        run,
	Requires:   []*analysis.Analyzer{ssaprog.Analyzer},
	ResultType: reflect.TypeFor[*buildssa.SSA](),
}

func run(pass *analysis.Pass) (any, error) {
	if !Needed(pass.Pkg) {
		return (*buildssa.SSA)(nil), nil
	}
	prog := ssaprog.Of(pass).All()
	if prog == nil {
		return (*buildssa.SSA)(nil), nil
	}
	return &buildssa.SSA{Pkg: prog.Pkg, SrcFuncs: prog.Funcs()}, nil
}

// Needed reports whether the rules can read SSA of pkg: it imports a
// package of ydb-go-sdk (directly or through its imports) and is not an
// SDK library package, which are the packages whose program holds every
// body (ssaprog.EveryBody). It is the rules' own entry test.
func Needed(pkg *types.Package) bool { return ssaprog.EveryBody(pkg) }

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
