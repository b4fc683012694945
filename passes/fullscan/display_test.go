package fullscan_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/fullscan"
)

// TestFolderTable: a table whose path a repository's folder field
// prefixes is named as the query wrote it (<r.folder>/accounts), not by
// the field's Go identity; the keyed twin stays silent.
func TestFolderTable(t *testing.T) {
	analysistest.Run(t, rulesModule(t), fullscan.Analyzer, "example.com/rules/fullscan/folder")
}
