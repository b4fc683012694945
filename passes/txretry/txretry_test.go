package txretry_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/txretry"
)

func TestTxretry(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, txretry.Analyzer, "example.com/sdkusage/txretry/ledger", "example.com/sdkusage/txretry/stock")
}

// TestTxretryV3_42: v3.42.7's ydb.Connector(ydb.Connection) and retry.DoTx.
func TestTxretryV3_42(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage_v3_42")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, txretry.Analyzer, "example.com/sdkusage_v3_42/txretry/orders")
}
