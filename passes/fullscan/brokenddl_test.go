package fullscan_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/fullscan"
)

// TestBrokenCreateOfAnotherPath runs fullscan on testdata/brokenddl, a
// module of its own (a parse error in the shared rules module would change
// every rule's schema notes): its migration creates members and then an
// `archive/members` that does not parse. The broken CREATE makes only its
// own table unknown: the full scan of members is still reported, and the
// read of archive/members is not judged by the key of members.
func TestBrokenCreateOfAnotherPath(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/brokenddl")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, fullscan.Analyzer, "example.com/brokenddl/members", "example.com/brokenddl/archive")
}
