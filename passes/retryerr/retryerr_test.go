package retryerr_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/retryerr"
)

func TestRetryerr(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, retryerr.Analyzer,
		"example.com/sdkusage/retryerr/users",
		"example.com/sdkusage/retryerr/accounts")
}

// TestRetryerrV3_42: the table service of v3.42.7 (ydb.Connection).
func TestRetryerrV3_42(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage_v3_42")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, retryerr.Analyzer, "example.com/sdkusage_v3_42/retryerr/spans")
}
