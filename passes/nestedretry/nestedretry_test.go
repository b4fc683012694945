package nestedretry_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/nestedretry"
)

func TestNestedretry(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, nestedretry.Analyzer,
		"example.com/sdkusage/nestedretry/store",
		"example.com/sdkusage/nestedretry/billing")
}
