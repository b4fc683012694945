package hashprefix_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/hashprefix"
)

// TestDailyTables: tables named at run time per day (spans_<day>): the
// write's hash evidence attaches to the same spans_* table the reads
// resolve to, so the read without the hash is a hashprefix finding.
func TestDailyTables(t *testing.T) {
	analysistest.Run(t, rulesModule(t), hashprefix.Analyzer, "example.com/rules/hashprefix/daily")
}
