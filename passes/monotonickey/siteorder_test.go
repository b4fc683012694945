package monotonickey_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/monotonickey"
)

// TestCreatesInSeveralFunctions: a table created by two functions of one
// package (no execution order between them) keeps only what both
// definitions have; an ALTER in another function keeps the table known
// (testdata/svc/archive).
func TestCreatesInSeveralFunctions(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/svc")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, monotonickey.Analyzer, "example.com/svc/archive")
}
