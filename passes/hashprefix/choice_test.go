package hashprefix_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/hashprefix"
)

// TestBucketEvidenceFromChoices: BulkUpsert rows that come from several
// implementations of an interface method, written to a table one of
// several constructor-set fields names. search: every implementation
// sets idx_hash to a bucketed hash, under every candidate table, so the
// tables are hash-prefixed and a read without idx_hash is reported.
// mixsearch: one implementation fills idx_hash with a caller's shard
// number, so there is no evidence and the rule stays silent.
func TestBucketEvidenceFromChoices(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/bucketalts")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, hashprefix.Analyzer, "example.com/bucketalts/search", "example.com/bucketalts/mixsearch")
}
