package sdkssa

import (
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"

	"github.com/ydblint/ydblint/passes/internal/sdk"
)

// Analyzer's result is a *buildssa.SSA, nil when the package cannot hold
// an SDK call the rules judge (see Needed).
var Analyzer = &analysis.Analyzer{
	Name:       "sdkssa",
	Doc:        "build SSA (as buildssa) for packages that use ydb-go-sdk",
	Run:        run,
	Requires:   buildssa.Analyzer.Requires, // ctrlflow: buildssa's run reads its result
	ResultType: reflect.TypeFor[*buildssa.SSA](),
}

func run(pass *analysis.Pass) (any, error) {
	if !Needed(pass.Pkg) {
		return (*buildssa.SSA)(nil), nil
	}
	return buildssa.Analyzer.Run(pass)
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
