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
		"example.com/sdkusage/uncommitted/sqlaccounts")
}
