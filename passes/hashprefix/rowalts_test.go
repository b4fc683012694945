package hashprefix_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/hashprefix"
)

// TestRowAlternatives: a store whose table field its constructor sets per
// table (both hash-prefixed, the hash evidenced by the store's own YQL
// UPSERT) imports rows from an interface's implementations; the one that
// writes the user but not user_hash is reported, naming both tables and
// the implementation.
func TestRowAlternatives(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/rowalts")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, hashprefix.Analyzer, "example.com/rowalts/hashwriter")
}
