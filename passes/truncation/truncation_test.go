package truncation_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/truncation"
)

func module(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("../../testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func strict(t *testing.T) {
	t.Helper()
	if err := config.Analyzer.Flags.Set(config.StrictFlag, "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(config.ResetFlags)
}

// TestIgnoreTruncated: the options that hide the cut, reported by default
// (v3.156.1, the driver opened in the module without the query-client
// option).
func TestIgnoreTruncated(t *testing.T) {
	analysistest.Run(t, module(t, "sdkusage"), truncation.Analyzer,
		"example.com/sdkusage/truncation/catalogd",
		"example.com/sdkusage/truncation/ignoring")
}

// TestUnboundedStrict: listings through the table service and database/sql
// in table-service mode, with -strict.
func TestUnboundedStrict(t *testing.T) {
	strict(t)
	analysistest.Run(t, module(t, "sdkusage"), truncation.Analyzer,
		"example.com/sdkusage/truncation/catalog",
		"example.com/sdkusage/truncation/sqlcatalog")
}
