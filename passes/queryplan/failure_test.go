package queryplan_test

import (
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ydblint/ydblint/analyzer"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/passes/queryplan"
	"github.com/ydblint/ydblint/passes/querysite"
	"github.com/ydblint/ydblint/passes/schemafact"
)

// Two packages of testdata/rules with findings: one is made to fail, the
// other must keep its findings. fullscan/viawrap imports dbwrap, a wrapper
// package that is not a root here (facts only).
const (
	failingPkg = "example.com/rules/fullscan/scan"
	healthyPkg = "example.com/rules/fullscan/viawrap"
	wrapperPkg = "example.com/rules/dbwrap"
)

// loadRules loads packages of testdata/rules as the standalone checker does.
func loadRules(t *testing.T, patterns ...string) []*packages.Package {
	t.Helper()
	dir, err := filepath.Abs("../../testdata/rules")
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: dir}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("testdata/rules does not load")
	}
	return pkgs
}

// diagnostics runs the suite and returns the root diagnostics' messages by
// package path, failing the test on any action error, and the failures the
// fact analyzers' results record on any package ("analyzer package:
// failure"), as failureObserver sees them.
func diagnostics(t *testing.T, pkgs []*packages.Package) (map[string][]string, []string) {
	t.Helper()
	var (
		mu       sync.Mutex
		failures []string
	)
	observer := &analysis.Analyzer{
		Name:     "failureobserver",
		Doc:      "record the failures of the fact analyzers on every package",
		Requires: []*analysis.Analyzer{querysite.Analyzer, schemafact.Analyzer, queryplan.Analyzer},
		// Facts make the checker run it on dependencies too (the wrapper).
		FactTypes: []analysis.Fact{new(observedFact)},
		Run: func(pass *analysis.Pass) (any, error) {
			mu.Lock()
			defer mu.Unlock()
			for a, res := range pass.ResultOf {
				if f := failureOf(res); f != "" {
					failures = append(failures, a.Name+" "+pass.Pkg.Path()+": "+f)
				}
			}
			return nil, nil
		},
	}
	graph, err := checker.Analyze(append(slices.Clone(analyzer.Suite), observer), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for act := range graph.All() {
		if act.Err != nil {
			t.Errorf("%s: action error: %v", act, act.Err)
		}
		if act.IsRoot {
			for _, d := range act.Diagnostics {
				out[act.Package.PkgPath] = append(out[act.Package.PkgPath], act.Analyzer.Name+": "+d.Message)
			}
		}
	}
	for _, msgs := range out {
		slices.Sort(msgs)
	}
	return out, failures
}

// observedFact is failureObserver's fact type; it exports none.
type observedFact struct{}

func (*observedFact) AFact() {}

// failureOf returns the Failure field of a fact analyzer's result (see
// report.WrapFact), "" for any other result.
func failureOf(res any) string {
	v := reflect.ValueOf(res)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return ""
	}
	if f := v.Elem().FieldByName("Failure"); f.IsValid() && f.Kind() == reflect.String {
		return f.String()
	}
	return ""
}

// TestFactAnalyzerPanic injects a panic into each fact analyzer on one
// package (report.InjectPanicEnv) and checks that the run goes on: no
// action fails, the package gets exactly one "ydblint internal error"
// diagnostic naming it and the analyzer, and the other package keeps all
// of its findings. A panic in the wrapper package, analysed for facts only,
// must not take its importer's run down either.
func TestFactAnalyzerPanic(t *testing.T) {
	if testing.Short() {
		t.Skip("loads testdata/rules with the real SDK")
	}
	pkgs := loadRules(t, failingPkg, healthyPkg)
	baseline, _ := diagnostics(t, pkgs)
	if len(baseline[failingPkg]) == 0 || len(baseline[healthyPkg]) == 0 {
		t.Fatalf("baseline has no findings to lose: %v", baseline)
	}

	for _, tc := range []struct{ analyzer, pkg string }{
		{"querysite", failingPkg},
		{"schemafact", failingPkg},
		{"queryplan", failingPkg},
		{"querysite", wrapperPkg},
		{"schemafact", wrapperPkg},
	} {
		t.Run(tc.analyzer+" on "+tc.pkg, func(t *testing.T) {
			t.Setenv(report.InjectPanicEnv, tc.analyzer+" "+tc.pkg)
			got, failures := diagnostics(t, pkgs)
			want := tc.analyzer + " " + tc.pkg + ": " + tc.analyzer + ": panic: injected into " + tc.analyzer
			if !slices.ContainsFunc(failures, func(f string) bool { return strings.HasPrefix(f, want) }) {
				t.Fatalf("no result records the injected panic %q: %q", want, failures)
			}
			if tc.pkg == wrapperPkg {
				// The wrapper is not a root: nothing reports its failure,
				// and its importer loses at most the findings that went
				// through it; the other root is untouched.
				if !slices.Equal(got[failingPkg], baseline[failingPkg]) {
					t.Errorf("%s changed:\n got %q\nwant %q", failingPkg, got[failingPkg], baseline[failingPkg])
				}
				return
			}
			var internal []string
			for _, m := range got[tc.pkg] {
				if strings.Contains(m, "ydblint internal error") {
					internal = append(internal, m)
				}
			}
			want = "ydblint internal error in package " + tc.pkg + ": " + tc.analyzer + ": panic: injected into " + tc.analyzer
			if len(internal) != 1 || !strings.Contains(internal[0], want) {
				t.Errorf("internal-error diagnostics of %s = %q, want exactly one containing %q", tc.pkg, internal, want)
			}
			if !slices.Equal(got[healthyPkg], baseline[healthyPkg]) {
				t.Errorf("%s changed:\n got %q\nwant %q", healthyPkg, got[healthyPkg], baseline[healthyPkg])
			}
		})
	}
}
