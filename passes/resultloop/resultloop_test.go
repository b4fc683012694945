package resultloop_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/resultloop"
)

// TestResultloop runs the rule on services written against v3.156.1.
func TestResultloop(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, resultloop.Analyzer,
		"example.com/sdkusage/resultloop/catalog",
		"example.com/sdkusage/resultloop/feed",
		"example.com/sdkusage/resultloop/scanner")
}

// TestResultloopV3_42 runs it on a service built against v3.42.7, where a
// stream result had no set received before the first NextResultSet.
func TestResultloopV3_42(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage_v3_42")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, resultloop.Analyzer, "example.com/sdkusage_v3_42/resultloop/export")
}
