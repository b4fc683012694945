package hashprefix_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/hashprefix"
)

// TestConfigured: the only hash-prefix evidence for orders in
// testdata/configured is the hash: section of its .ydblint.yml, and the
// queries reach the database through a configured sink.
func TestConfigured(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/configured")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, hashprefix.Analyzer, "example.com/configured/app/hash")
}
