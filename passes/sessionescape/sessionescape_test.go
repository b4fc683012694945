package sessionescape_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/sessionescape"
)

func TestSessionescape(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, sessionescape.Analyzer, "example.com/sdkusage/sessionescape/reports")
}
