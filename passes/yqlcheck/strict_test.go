package yqlcheck_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/yqlcheck"
)

// TestYqlcheckStrict: parameters bound but never used are reported only
// with -strict.
func TestYqlcheckStrict(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/yqlcheck")
	if err != nil {
		t.Fatal(err)
	}
	if err := config.Analyzer.Flags.Set(config.StrictFlag, "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(config.ResetFlags)
	analysistest.Run(t, dir, yqlcheck.Analyzer, "example.com/yqlcheck/strict")
}
