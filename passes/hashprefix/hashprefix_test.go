package hashprefix_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/hashprefix"
)

func rulesModule(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../../testdata/rules")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestHashprefix(t *testing.T) {
	analysistest.Run(t, rulesModule(t), hashprefix.Analyzer,
		"example.com/rules/hashprefix/writes",
		"example.com/rules/hashprefix/reads",
		"example.com/rules/hashprefix/app",
		"example.com/rules/hashprefix/keyed",
		"example.com/rules/hashprefix/pathsplit",
		"example.com/rules/hashprefix/svcev",
		"example.com/rules/hashprefix/svcev/wishlist",
		"example.com/rules/hashprefix/svcev/filer",
		"example.com/rules/hashprefix/svcsql",
		"example.com/rules/hashprefix/svcsql/cmd/orders",
		"example.com/rules/hashprefix/svcev/cmd/svc",
		"example.com/rules/hashprefix/spanidx",
	)
}

func TestHashprefixFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, rulesModule(t), hashprefix.Analyzer, "example.com/rules/hashprefix/fix")
}
