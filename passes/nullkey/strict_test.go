package nullkey_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/nullkey"
)

// TestNullkeyStrict: literal NULLs in nullable key columns (sentinel rows)
// are reported only with -strict; the default run over the same shapes in
// nullkey/writes stays silent on them.
func TestNullkeyStrict(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/rules")
	if err != nil {
		t.Fatal(err)
	}
	if err := config.Analyzer.Flags.Set(config.StrictFlag, "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(config.ResetFlags)
	analysistest.Run(t, dir, nullkey.Analyzer, "example.com/rules/nullkey/sentinel")
}
