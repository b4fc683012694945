package retrystate_test

import (
	"path/filepath"
	"strings"
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
	zeroings := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			fixes += len(d.SuggestedFixes)
			for _, f := range d.SuggestedFixes {
				for _, e := range f.TextEdits {
					// The golden comparison is gofmt-insensitive: the
					// zeroing must line up with the closure's body itself,
					// also when the literal sits on a line of its own
					// (ArchiveOrDie, one tab deeper than the others).
					text := string(e.NewText)
					if !strings.HasSuffix(text, "callMoved = 0") && !strings.HasSuffix(text, "callDeleted = 0") {
						continue
					}
					zeroings++
					line := r.Pass.Fset.Position(d.Pos).Line
					want := "\n\t\t\t"
					if line > 195 { // ArchiveOrDie
						want = "\n\t\t\t\t"
					}
					if !strings.HasPrefix(text, want) || strings.HasPrefix(text, want+"\t") {
						t.Errorf("line %d: zeroing %q, want it indented as %q", line, text, want)
					}
				}
			}
		}
	}
	if zeroings != 4 {
		t.Errorf("%d zeroing edits, want 4", zeroings)
	}
	if fixes != 4 {
		t.Errorf("%d suggested fixes, want 4 (Archive, Purge, ArchiveAudited, ArchiveOrDie)", fixes)
	}
}
