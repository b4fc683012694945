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
// switch reports only what holds under every table it may name. Calls
// passing a name from a request or with a run-time suffix, and rows built
// by a helper function are checked at the call (spanrestore).
func TestHelperPath(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/helperpath")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, nullkey.Analyzer, "example.com/helperpath/spanbackfill", "example.com/helperpath/spanstore", "example.com/helperpath/spanrestore", "example.com/helperpath/setup")
}

// TestOldSDKHelperPath: the name-taking helper on SDK releases from before
// v3.57 that real services still pin: the rows one call writes without
// the second key column of its table are reported, the other call's rows
// (without that column, for another table) are not.
func TestOldSDKHelperPath(t *testing.T) {
	for _, v := range []string{"v3.26.10", "v3.42.7", "v3.56.1"} {
		t.Run(v, func(t *testing.T) {
			dir, err := filepath.Abs(filepath.Join("../../testdata/helperpath_oldsdk", v))
			if err != nil {
				t.Fatal(err)
			}
			analysistest.Run(t, dir, nullkey.Analyzer, "./spanwrite")
		})
	}
}
