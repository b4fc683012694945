package nullkey_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/nullkey"
)

// TestHelperPath: BulkUpsert helpers that take the table's name (a
// method building path.Join(db.Name(), name), an exported helper of
// another package) or its whole path (built by a function literal of the
// caller) check each call's rows against that call's table: an Optional
// operation and a NULL account hash are reported at the caller's row,
// the operation rows that have no svc_hash are not checked against the
// service index another call writes (spanstore), and a table picked by a
// switch reports only what holds under every table it may name.
func TestHelperPath(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/helperpath")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, nullkey.Analyzer, "example.com/helperpath/spanbackfill", "example.com/helperpath/spanstore", "example.com/helperpath/setup")
}
