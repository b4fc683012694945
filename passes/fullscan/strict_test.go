package fullscan_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/fullscan"
)

// TestScanQueryStrict: scan queries (StreamExecuteScanQuery, database/sql
// with ydb.ScanQueryMode on the context) are reported only with -strict,
// saying the scan may be intended; fullscan/scanmode runs the same shapes
// without -strict and stays silent on them. Explained queries never are.
func TestScanQueryStrict(t *testing.T) {
	if err := config.Analyzer.Flags.Set(config.StrictFlag, "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(config.ResetFlags)
	analysistest.Run(t, rulesModule(t), fullscan.Analyzer, "example.com/rules/fullscan/scanmodestrict")
}

// TestLookupJoinStrict: a key list joined with a table on its whole key
// (YDB's batch lookup) is not reported even with -strict; a join on a key
// prefix, or with a filter on the table's own columns, is a depends.
func TestLookupJoinStrict(t *testing.T) {
	if err := config.Analyzer.Flags.Set(config.StrictFlag, "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(config.ResetFlags)
	analysistest.Run(t, rulesModule(t), fullscan.Analyzer, "example.com/rules/fullscan/lookupjoin")
}
