package yqlcheck_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/yqlcheck"
)

func TestYqlcheck(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/yqlcheck")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, yqlcheck.Analyzer, "example.com/yqlcheck/names", "example.com/yqlcheck/params", "example.com/yqlcheck/writes", "example.com/yqlcheck/cmd/server")
}

func TestYqlcheckFixes(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/yqlcheck")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, dir, yqlcheck.Analyzer, "example.com/yqlcheck/fix")
}
