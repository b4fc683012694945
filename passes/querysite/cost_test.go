package querysite_test

import (
	"reflect"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/packages"

	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite"
)

// ssaOnly stands for what a querysite that Required buildssa would cost.
var ssaOnly = &analysis.Analyzer{
	Name:       "ssaonly",
	Doc:        "require buildssa (cost comparison only)",
	Requires:   []*analysis.Analyzer{buildssa.Analyzer},
	Run:        func(*analysis.Pass) (any, error) { return true, nil },
	ResultType: reflect.TypeFor[bool](),
	FactTypes:  []analysis.Fact{new(dummyFact2)},
}

type dummyFact2 struct{}

func (*dummyFact2) AFact() {}

// inspectOnly is the floor: the inspector querysite requires, plus a fact
// type so that, like querysite, it runs on every dependency.
var inspectOnly = &analysis.Analyzer{
	Name:       "inspectonly",
	Doc:        "require inspect (cost comparison only)",
	Requires:   []*analysis.Analyzer{inspect.Analyzer},
	Run:        func(*analysis.Pass) (any, error) { return true, nil },
	ResultType: reflect.TypeFor[bool](),
	FactTypes:  []analysis.Fact{new(dummyFact)},
}

type dummyFact struct{}

func (*dummyFact) AFact() {}

func loadStd(t testing.TB, patterns ...string) []*packages.Package {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// TestCostUnrelated analyses net/http and its whole dependency graph (as
// go vet does for a fact analyzer) and checks that querysite leaves every
// package that cannot reach the SDK with an empty result, timing it against
// an analyzer that merely Requires buildssa.
func TestCostUnrelated(t *testing.T) {
	if testing.Short() {
		t.Skip("loads net/http from source")
	}
	pkgs := loadStd(t, "net/http")
	// Warm up (the first traversal pays for lazily computed type data).
	if _, err := checker.Analyze([]*analysis.Analyzer{inspectOnly}, pkgs, nil); err != nil {
		t.Fatal(err)
	}
	// The machine may be shared: take the best of three runs of each.
	best := func(a *analysis.Analyzer) time.Duration {
		var min time.Duration
		for i := 0; i < 3; i++ {
			start := time.Now()
			if _, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil); err != nil {
				t.Fatal(err)
			}
			if d := time.Since(start); i == 0 || d < min {
				min = d
			}
		}
		return min
	}
	base := best(inspectOnly)
	qs := best(querysite.Analyzer)
	ssa := best(ssaOnly)
	g, err := checker.Analyze([]*analysis.Analyzer{querysite.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for act := range g.All() {
		if act.Analyzer != querysite.Analyzer {
			continue
		}
		n++
		if act.Err != nil {
			t.Fatalf("%s: %v", act.Package.PkgPath, act.Err)
		}
		if !act.IsRoot {
			continue // dependency results are not retained by the checker
		}
		if res := act.Result.(*site.Result); len(res.Sites) != 0 {
			t.Errorf("%s: %d sites in a package without the SDK", act.Package.PkgPath, len(res.Sites))
		}
	}
	t.Logf("net/http + deps (%d packages): inspect-only %v, querysite %v, buildssa-only %v", n, base, qs, ssa)
}
