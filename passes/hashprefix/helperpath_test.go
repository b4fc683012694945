package hashprefix_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/hashprefix"
)

// TestHelperPath: a ReadRows helper taking the index's name is checked
// per call: the keys without svc_hash read from service_index are
// reported (the hash evidenced by the span store's writes through its
// own name-taking helper), the hashed twin and the operation-index keys
// (a table without the column) are not; the store's
// writes stay silent. A write through a name-taking helper of rows
// without the hash is reported at the row.
func TestHelperPath(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/helperpath")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, hashprefix.Analyzer, "example.com/helperpath/spanreport", "example.com/helperpath/spanstore")
}
