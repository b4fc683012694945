package yqlinject_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/yqlinject"
)

func TestYqlinject(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, yqlinject.Analyzer,
		"example.com/sdkusage/yqlinject/catalog",
		"example.com/sdkusage/yqlinject/web",
		"example.com/sdkusage/yqlinject/api")
}
