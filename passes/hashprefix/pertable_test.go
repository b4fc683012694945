package hashprefix_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/hashprefix"
)

// TestPerTableAdvice: one batching writer per index writes feed_op and
// feed_tag, each hash-prefixed by its own helper (feedidx.OpHash,
// feedidx.TagHash). feeds: the write evidence of each table names only
// the hash of the records that table takes, in the headline of a read
// that leaves idx_hash out; the reads that bind it stay silent.
// feedsbad: old-format records without idx_hash are told each table's
// own hash — both, per table, for a record either table would take,
// feed_tag's alone for one with tag_key.
func TestPerTableAdvice(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/bucketalts")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, hashprefix.Analyzer, "example.com/bucketalts/feeds", "example.com/bucketalts/feedsbad")
}
