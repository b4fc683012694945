package nullkey_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/nullkey"
)

func TestNullkey(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/rules")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, nullkey.Analyzer, "example.com/rules/nullkey/writes", "example.com/rules/nullkey/bulk", "example.com/rules/nullkey/viawrap", "example.com/rules/nullkey/sqlhandles", "example.com/rules/nullkey/alternatives")
}
