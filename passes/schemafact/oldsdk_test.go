package schemafact_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/fullscan"
)

// TestOldSDKCreateTable: services still pin SDK releases from before v3.57,
// where the primitive types lived in internal/value. A CreateTable whose
// options come from a helper built with append must enter the schema on
// each of them (fullscan then sees the table: without the definition it
// would stay silent), against the real old SDK modules.
func TestOldSDKCreateTable(t *testing.T) {
	for _, v := range []string{"v3.26.10", "v3.42.7", "v3.56.1"} {
		t.Run(v, func(t *testing.T) {
			dir, err := filepath.Abs(filepath.Join("../../testdata/oldsdk", v))
			if err != nil {
				t.Fatal(err)
			}
			analysistest.Run(t, dir, fullscan.Analyzer, "./repo")
		})
	}
}
