package fullscan_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/fullscan"
)

// TestJoinPosition: a full scan of the second table of a join is placed
// at that table's JOIN, whether its key breaks at the ON or at the other
// table's WHERE (CROSS JOIN); joins that look the table up stay silent.
func TestJoinPosition(t *testing.T) {
	analysistest.Run(t, rulesModule(t), fullscan.Analyzer, "example.com/rules/fullscan/joinscan")
}

// TestIndexChoice: with -strict, a read that KQP may serve through one of
// two SYNC indexes (user_idx (user_id), user_org_idx (user_id, org_id))
// names in its headline the index its VIEW fix reads through — the one
// that pins the most of the filter; invites, whose only point-pinning
// index is ASYNC, names the SYNC index KQP may choose in both places too.
// The fixed twins stay silent.
func TestIndexChoice(t *testing.T) {
	if err := config.Analyzer.Flags.Set(config.StrictFlag, "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(config.ResetFlags)
	analysistest.RunWithSuggestedFixes(t, rulesModule(t), fullscan.Analyzer, "example.com/rules/fullscan/indexchoice")
}

// TestIndexWrites: with -strict, an UPDATE or DELETE whose filter a SYNC
// index serves is fixed to select the keys through the index and write by
// key (UPDATE ON / DELETE ON); a SET value that reads the row, and an
// ASYNC index, get the advice only. The fixed twins stay silent.
func TestIndexWrites(t *testing.T) {
	if err := config.Analyzer.Flags.Set(config.StrictFlag, "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(config.ResetFlags)
	analysistest.RunWithSuggestedFixes(t, rulesModule(t), fullscan.Analyzer, "example.com/rules/fullscan/indexwrites")
}
