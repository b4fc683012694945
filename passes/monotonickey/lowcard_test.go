package monotonickey_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/monotonickey"
)

// TestLowCardinalityStrict: a lane column two writes fill from constants
// and a third from the caller's value is reported only with -strict.
func TestLowCardinalityStrict(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/rules")
	if err != nil {
		t.Fatal(err)
	}
	if err := config.Analyzer.Flags.Set(config.StrictFlag, "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(config.ResetFlags)
	analysistest.Run(t, dir, monotonickey.Analyzer, "example.com/rules/monotonickey/queues")
}

// TestLowCardinalityDefault: without -strict the same package is silent,
// its value set not being proven.
func TestLowCardinalityDefault(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/rules")
	if err != nil {
		t.Fatal(err)
	}
	// The package's want comments are -strict's: record, do not fail on,
	// the wants left unmatched, and require no diagnostic at all.
	results := analysistest.Run(&wantRecorder{}, dir, monotonickey.Analyzer, "example.com/rules/monotonickey/queues")
	if len(results) != 1 {
		t.Fatalf("want one analysed package, got %d", len(results))
	}
	for _, d := range results[0].Diagnostics {
		t.Errorf("unexpected diagnostic without -strict: %s", d.Message)
	}
}

// wantRecorder is an analysistest.Testing that keeps the errors to itself.
type wantRecorder struct{ errs []string }

func (r *wantRecorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, format)
}

// TestLowCardinalityOldSDK: v3.42.7's table service, the application's
// name bound from Go constants through a helper that runs the statement
// (testdata/oldsdk/v3.42.7/applogs).
func TestLowCardinalityOldSDK(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/oldsdk/v3.42.7")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, monotonickey.Analyzer, "./applogs")
}
