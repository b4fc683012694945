package monotonickey_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/monotonickey"
)

func TestMonotonickey(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/rules")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, monotonickey.Analyzer, "example.com/rules/monotonickey/writes", "example.com/rules/monotonickey/viawrap", "example.com/rules/monotonickey/applogs", "example.com/rules/monotonickey/alternatives")
}
