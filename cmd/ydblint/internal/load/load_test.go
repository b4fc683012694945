package load

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ydblint/ydblint/analyzer"
)

// diagnostics runs the suite over pkgs and renders every root diagnostic
// as "file:line:col: rule: message", sorted.
func diagnostics(t *testing.T, pkgs []*packages.Package) []string {
	t.Helper()
	g, err := checker.Analyze(analyzer.Suite, pkgs, &checker.Options{Sequential: true})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, act := range g.Roots {
		if act.Err != nil {
			out = append(out, fmt.Sprintf("%s on %s: error %v", act.Analyzer.Name, act.Package.ID, act.Err))
		}
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			out = append(out, fmt.Sprintf("%s:%d:%d: %s: %s", filepath.Base(posn.Filename), posn.Line, posn.Column, d.Category, d.Message))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestSameDiagnosticsAsLoadAllSyntax runs the suite over the rules' example
// module twice: on packages.LoadAllSyntax (every dependency from source,
// the checker's own requirement) and on a Snapshot (export data for what
// cannot have facts). The diagnostics must be the same, and the snapshot
// must load far fewer packages from source. YDBLINT_LOAD_DIR and
// YDBLINT_LOAD_PATTERNS (space-separated) point it at another module.
func TestSameDiagnosticsAsLoadAllSyntax(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real ydb-go-sdk")
	}
	dir, patterns := "../../../../testdata/rules", []string{"./..."}
	if d := os.Getenv("YDBLINT_LOAD_DIR"); d != "" {
		dir, patterns = d, strings.Fields(os.Getenv("YDBLINT_LOAD_PATTERNS"))
	}
	ctx := context.Background()
	start := time.Now()
	full, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: dir, Tests: true}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	want := diagnostics(t, full)
	t.Logf("LoadAllSyntax + analysis: %v, %d diagnostics", time.Since(start), len(want))

	start = time.Now()
	s, err := Load(ctx, Config{Dir: dir, Tests: true, Policy: YDB(nil)}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	loaded := time.Since(start)
	got := diagnostics(t, s.View(s.Roots))
	t.Logf("Snapshot load %v (%s) + analysis: %v", loaded, s, time.Since(start))
	if !slices.Equal(got, want) {
		t.Errorf("snapshot diagnostics differ from LoadAllSyntax's:\n got %d:\n%s\nwant %d:\n%s", len(got), strings.Join(got, "\n"), len(want), strings.Join(want, "\n"))
	}
	if len(want) == 0 && os.Getenv("YDBLINT_LOAD_DIR") == "" {
		t.Error("no diagnostics on the rules module: the test compares nothing")
	}
	all, src := s.Len()
	if src*2 > all {
		t.Errorf("%d of %d packages from source: the policy keeps too many", src, all)
	}
}

func TestListSource(t *testing.T) {
	dir := os.Getenv("YDBLINT_LOAD_DIR")
	if dir == "" {
		t.Skip()
	}
	s, err := Load(context.Background(), Config{Dir: dir, Tests: true, Policy: YDB(nil)}, strings.Fields(os.Getenv("YDBLINT_LOAD_PATTERNS"))...)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range s.order {
		if s.source[id] {
			t.Log(id)
		}
	}
}

// TestFactAnalyzersKnown lists the suite's analyzers that declare facts.
// YDB (policy.go) loads from source exactly the packages these can export
// facts for; a new fact analyzer must be checked against it (and added
// here) or the export-data shortcut may drop its facts.
func TestFactAnalyzersKnown(t *testing.T) {
	// querysite, schemafact, nestedretry, retryerr: only packages that reach the SDK,
	// database/sql or a sink, or hold YQL; ydbnoreturn (through ssaprog):
	// no-return functions, the same packages (the standard library's are
	// its table).
	known := []string{"nestedretry", "querysite", "retryerr", "schemafact", "ydbnoreturn"}
	seen := map[*analysis.Analyzer]bool{}
	var got []string
	var walk func(as []*analysis.Analyzer)
	walk = func(as []*analysis.Analyzer) {
		for _, a := range as {
			if seen[a] {
				continue
			}
			seen[a] = true
			if len(a.FactTypes) > 0 {
				got = append(got, a.Name)
			}
			walk(a.Requires)
		}
	}
	walk(analyzer.Suite)
	slices.Sort(got)
	if !slices.Equal(got, known) {
		t.Errorf("fact analyzers %v, known to load.YDB %v: check which packages the new ones export facts for", got, known)
	}
}
