package monotonickey_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/monotonickey"
)

// TestSecondaryIndexes: GLOBAL indexes leading with a Timestamp (schema) or
// an epoch Uint64 filled from time.Now().Unix() (YQL and BulkUpsert rows);
// silent on an index led by the user id, on a plain Uint64 index and on
// epochs that do not come from the clock (testdata/svc/events).
func TestSecondaryIndexes(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/svc")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, monotonickey.Analyzer, "example.com/svc/events")
}
