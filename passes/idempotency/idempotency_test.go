package idempotency_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/idempotency"
)

func module(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("../../testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func strict(t *testing.T) {
	t.Helper()
	if err := config.Analyzer.Flags.Set(config.StrictFlag, "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(config.ResetFlags)
}

// TestIdempotency: the query service, v3.156.1, a module that opens its
// driver without ydb.WithDefaultIdempotent.
func TestIdempotency(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, module(t, "sdkusage"), idempotency.Analyzer,
		"example.com/sdkusage/idempotency/accounts",
		"example.com/sdkusage/idempotency/accountsd",
		"example.com/sdkusage/idempotency/yqlrun")
}
