package retrystate_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/retrystate"
)

func TestRetrystate(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, retrystate.Analyzer,
		"example.com/sdkusage/retrystate/orders",
		"example.com/sdkusage/retrystate/ledger",
		"example.com/sdkusage/retrystate/sqlstore")
}

// TestRetrystateV3_42: the same on v3.42.7 (ydb.Connection, no query service).
func TestRetrystateV3_42(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage_v3_42")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, retrystate.Analyzer, "example.com/sdkusage_v3_42/retrystate/spans")
}

// TestRetrystateLoopFix: a counter summed over a loop of retrier calls is
// rewritten to count per call and add after the call succeeds, when the
// rewrite keeps what the code computes (export.go.golden).
func TestRetrystateLoopFix(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage")
	if err != nil {
		t.Fatal(err)
	}
	results := analysistest.RunWithSuggestedFixes(t, dir, retrystate.Analyzer, "example.com/sdkusage/retrystate/export")
	// The golden file is compared only when some fix is offered: count them
	// (Archive, Purge, ArchiveAudited and ArchiveOrDie, whose error branch
	// ends in log.Fatalf, get one; ArchiveUpTo reads its counter, no rewrite).
	fixes := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			fixes += len(d.SuggestedFixes)
		}
	}
	if fixes != 4 {
		t.Errorf("%d suggested fixes, want 4 (Archive, Purge, ArchiveAudited, ArchiveOrDie)", fixes)
	}
}
