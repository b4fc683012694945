package querysite_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/querysite"
)

// TestHelperPathSites: a BulkUpsert helper that takes the table's name
// and builds the path inside is a wrapper; each call is a site with the
// path instantiated from its own argument and the rows that call passes
// (appended in a loop). A name from a request or a run-time suffix keeps
// a hole at the caller; a name chosen by a switch gives one alternative
// per returned text.
func TestHelperPathSites(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/helperpath")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, reporter, "example.com/helperpath/spanmisc")
}

// TestHelperPathFacts: the helpers' facts carry the path template and
// the rows list parameter (an exported helper's, for callers in other
// packages; a helper forwarding the whole path with list rows).
func TestHelperPathFacts(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/helperpath")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, querysite.Analyzer, "example.com/helperpath/ydbutil")
}
