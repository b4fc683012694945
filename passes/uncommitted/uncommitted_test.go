package uncommitted_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/uncommitted"
)

func TestUncommitted(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, uncommitted.Analyzer,
		"example.com/sdkusage/uncommitted/accounts",
		"example.com/sdkusage/uncommitted/loadgen",
		"example.com/sdkusage/uncommitted/sqlaccounts")
}

// TestUncommittedV3_117: before v3.126.1 a query-service call with an
// uncommitted read-write control runs; only writing texts are reported.
func TestUncommittedV3_117(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage_v3_117")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, uncommitted.Analyzer, "example.com/sdkusage_v3_117/uncommitted/bonus")
}

// TestUncommittedV3_42: the table service on v3.42.7.
func TestUncommittedV3_42(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage_v3_42")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, uncommitted.Analyzer, "example.com/sdkusage_v3_42/uncommitted/ledger")
}
