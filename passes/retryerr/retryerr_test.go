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
