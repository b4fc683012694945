package schemafact_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/schemafact"
)

// TestFacts runs the analyzer on the testdata module (module mode: the
// directory has a go.mod requiring the real ydb-go-sdk) and checks the
// package facts, which render the merged schema.
func TestFacts(t *testing.T) {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, schemafact.Analyzer, "example.com/shop/repo", "example.com/shop/app", "example.com/shop/plain", "example.com/shop/createtbl")
}
