package noreturn_test

import (
	"go/ast"
	"go/types"
	"slices"
	"sort"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/ctrlflow"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ydblint/ydblint/internal/noreturn"
)

// TestFacts checks the no-return facts on the service-shaped cases (each
// with a twin that returns on some path).
func TestFacts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), noreturn.Analyzer, "svc")
}

// TestAgreesWithCtrlflow compares the answers with ctrlflow's, the
// analysis this one replaces, for every function the test package declares
// and every function it calls: SSA asks about exactly those.
func TestAgreesWithCtrlflow(t *testing.T) {
	ours := analysistest.Run(t, analysistest.TestData(), noreturn.Analyzer, "svc")
	theirs := analysistest.Run(t, analysistest.TestData(), ctrlflow.Analyzer, "svc")
	if len(ours) != 1 || len(theirs) != 1 {
		t.Fatalf("results: %d, %d", len(ours), len(theirs))
	}
	nr := ours[0].Result.(*noreturn.Result)
	cf := theirs[0].Result.(*ctrlflow.CFGs)
	pass := ours[0].Pass
	fns := map[*types.Func]bool{}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if fn, ok := pass.TypesInfo.Defs[n.Name].(*types.Func); ok {
					fns[fn] = true
				}
			case *ast.CallExpr:
				if fn := typeutil.StaticCallee(pass.TypesInfo, n); fn != nil {
					fns[fn] = true
				}
			}
			return true
		})
	}
	// The two runs type-check the package separately: match by name.
	theirsByName := map[string]bool{}
	for _, f := range theirs[0].Pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			var fn *types.Func
			switch n := n.(type) {
			case *ast.FuncDecl:
				fn, _ = theirs[0].Pass.TypesInfo.Defs[n.Name].(*types.Func)
			case *ast.CallExpr:
				fn = typeutil.StaticCallee(theirs[0].Pass.TypesInfo, n)
			}
			if fn != nil {
				theirsByName[fn.FullName()] = cf.NoReturn(fn)
			}
			return true
		})
	}
	noReturns := 0
	for fn := range fns {
		want, ok := theirsByName[fn.FullName()]
		if !ok {
			t.Errorf("%s: not seen by ctrlflow's run", fn.FullName())
			continue
		}
		if got := nr.NoReturn(fn); got != want {
			t.Errorf("NoReturn(%s) = %v, ctrlflow says %v", fn.FullName(), got, want)
		}
		if want {
			noReturns++
		}
	}
	if noReturns < 12 {
		t.Errorf("only %d no-return functions compared; the test data lost its cases", noReturns)
	}
}

// TestKnownMatchesCtrlflow derives, with ctrlflow, the no-return functions
// of the standard packages the table lists (os, log, testing) from their
// source, and compares them with the table.
func TestKnownMatchesCtrlflow(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax}, noreturn.DerivedStd()...)
	if err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{ctrlflow.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var derived []string
	for _, act := range g.Roots {
		if act.Err != nil {
			t.Fatal(act.Err)
		}
		for _, f := range act.AllObjectFacts() {
			if fn, ok := f.Object.(*types.Func); ok && fn.Pkg() == act.Package.Types {
				derived = append(derived, noreturn.Key(fn))
			}
		}
	}
	sort.Strings(derived)
	listed := noreturn.KnownIn(noreturn.DerivedStd())
	if len(derived) == 0 || !slices.Equal(derived, listed) {
		t.Errorf("ctrlflow derives %v\nthe table lists  %v", derived, listed)
	}
}
