package retrystate_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/retrystate"
)

func TestRetrystate(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, retrystate.Analyzer,
		"example.com/sdkusage/retrystate/orders",
		"example.com/sdkusage/retrystate/ledger",
		"example.com/sdkusage/retrystate/sqlstore")
}

// TestRetrystateV3_42: the same on v3.42.7 (ydb.Connection, no query service).
func TestRetrystateV3_42(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage_v3_42")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, retrystate.Analyzer, "example.com/sdkusage_v3_42/retrystate/spans")
}
