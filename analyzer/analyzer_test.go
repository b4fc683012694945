package analyzer

import (
	"slices"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/suppress"
	"github.com/ydblint/ydblint/passes/config"
	"golang.org/x/tools/go/analysis"
)

func TestSuite(t *testing.T) {
	if err := analysis.Validate(Suite); err != nil {
		t.Fatalf("analysis.Validate(Suite): %v", err)
	}
	if err := Check(Suite); err != nil {
		t.Fatalf("Check(Suite):\n%v", err)
	}
	seen := map[string]bool{}
	for _, a := range Suite {
		if seen[a.Name] {
			t.Errorf("name %q used twice", a.Name)
		}
		seen[a.Name] = true
	}
}

// TestSuiteIsRules: the rules of Suite are exactly the names ydblint:ignore
// directives accept (suppress.Rules), in the same (documentation) order.
// Check only sees that each analyzer's name is accepted; a name accepted
// with no rule behind it would let a directive name a rule that never runs.
func TestSuiteIsRules(t *testing.T) {
	names := make([]string, len(Suite))
	for i, a := range Suite {
		names[i] = a.Name
	}
	if !slices.Equal(names, suppress.Rules) {
		t.Errorf("Suite has the rules %q, suppress.Rules %q", names, suppress.Rules)
	}
}

func fakeRule(name string) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     name,
		Doc:      "report something about " + name + "\n\nLonger text.\n\n# Not reported\n\nOther things.",
		URL:      "https://pkg.go.dev/github.com/ydblint/ydblint/passes/" + name,
		Requires: []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer},
		Run:      func(*analysis.Pass) (any, error) { return nil, nil },
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name    string
		suite   func() []*analysis.Analyzer
		wantErr string
	}{
		{"empty", func() []*analysis.Analyzer { return nil }, ""},
		{"all four rules", func() []*analysis.Analyzer {
			return []*analysis.Analyzer{fakeRule("hashprefix"), fakeRule("nullkey"), fakeRule("fullscan"), fakeRule("monotonickey")}
		}, ""},
		{"duplicate name", func() []*analysis.Analyzer {
			return []*analysis.Analyzer{fakeRule("nullkey"), fakeRule("nullkey")}
		}, "nullkey: name used twice"},
		{"unknown rule name", func() []*analysis.Analyzer { return []*analysis.Analyzer{fakeRule("fulscan")} },
			"fulscan: not a rule name ydblint:ignore accepts"},
		{"no config requirement", func() []*analysis.Analyzer {
			a := fakeRule("fullscan")
			a.Requires = []*analysis.Analyzer{pkgstate.Analyzer}
			return []*analysis.Analyzer{a}
		}, "fullscan: does not require config.Analyzer"},
		{"no pkgstate requirement", func() []*analysis.Analyzer {
			a := fakeRule("fullscan")
			a.Requires = []*analysis.Analyzer{config.Analyzer}
			return []*analysis.Analyzer{a}
		}, "fullscan: does not require pkgstate.Analyzer"},
		{"wrong URL", func() []*analysis.Analyzer {
			a := fakeRule("fullscan")
			a.URL = "https://example.com"
			return []*analysis.Analyzer{a}
		}, `fullscan: URL "https://example.com"`},
		{"capitalised title", func() []*analysis.Analyzer {
			a := fakeRule("fullscan")
			a.Doc = "Report full scans"
			return []*analysis.Analyzer{a}
		}, "starts with a capital"},
		{"title with period", func() []*analysis.Analyzer {
			a := fakeRule("fullscan")
			a.Doc = "report full scans.\n\nMore."
			return []*analysis.Analyzer{a}
		}, "ends with a period"},
		{"no Not reported section", func() []*analysis.Analyzer {
			a := fakeRule("fullscan")
			a.Doc = "report full scans\n\n# What it does not catch\n\nOther things."
			return []*analysis.Analyzer{a}
		}, `fullscan: Doc has no "# Not reported" section`},
		{"invalid for go/analysis", func() []*analysis.Analyzer {
			a := fakeRule("fullscan")
			a.Run = nil
			return []*analysis.Analyzer{a}
		}, "has nil Run"},
		{"nil analyzer", func() []*analysis.Analyzer { return []*analysis.Analyzer{nil} }, "nil analyzer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("Check panicked: %v", r)
				}
			}()
			err := Check(tt.suite())
			if tt.wantErr == "" {
				if err != nil {
					t.Errorf("unexpected error: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("error %v, want it to contain %q", err, tt.wantErr)
			}
		})
	}
}

func TestTitle(t *testing.T) {
	a := &analysis.Analyzer{Doc: "report keyed reads\nthat omit the hash\n\nDetails."}
	if got := Title(a); got != "report keyed reads that omit the hash" {
		t.Errorf("Title = %q", got)
	}
}
