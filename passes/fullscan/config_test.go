package fullscan_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/fullscan"
)

// TestConfigured runs fullscan on testdata/configured, whose .ydblint.yml
// sets every option: the schema comes from configured paths in numeric
// order, queries go through a configured sink, strict reports DEPENDS,
// report-unused-ignores reports a directive that suppresses nothing, and
// include-pkgs / exclude-pkgs silence two packages (gen, other) whose
// wrapper facts still reach the importer.
func TestConfigured(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/configured")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, fullscan.Analyzer,
		"example.com/configured/app/scan", "example.com/configured/gen", "example.com/configured/other")
}

// TestDefaults: the same strict and unused-directive cases in a module
// without a config file report nothing.
func TestDefaults(t *testing.T) {
	analysistest.Run(t, rulesModule(t), fullscan.Analyzer, "example.com/rules/configdefaults")
}
