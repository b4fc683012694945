package fullscan_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/fullscan"
)

func rulesModule(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../../testdata/rules")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestFullscan(t *testing.T) {
	analysistest.Run(t, rulesModule(t), fullscan.Analyzer, "example.com/rules/fullscan/scan", "example.com/rules/fullscan/viawrap", "example.com/rules/fullscan/scanmode",
		"example.com/rules/fullscan/prefixsearch")
}

func TestFullscanFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, rulesModule(t), fullscan.Analyzer, "example.com/rules/fullscan/fix")
}
