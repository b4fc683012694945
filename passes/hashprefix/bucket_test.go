package hashprefix_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/hashprefix"
)

// TestBucketEvidence: index tables led by a bucketed Go hash of values
// that are not key columns (hash of a service, a tag and a bucket number).
// The module binds the leading column to that hash in reads (a parameter
// bound to index.TagHash(…)) and BulkUpsert rows, so a read that leaves it
// out, a row without it and a row with a constant in it are reported; a
// table whose leading column is also bound to a request value is not
// known to hold a hash and stays silent.
func TestBucketEvidence(t *testing.T) {
	analysistest.Run(t, rulesModule(t), hashprefix.Analyzer, "example.com/rules/hashprefix/bucket")
}
