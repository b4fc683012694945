package hashprefix_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/hashprefix"
)

// TestDynamicText: a read built from a condition slice is reported once
// per site, naming how many ways of building the text it holds for.
func TestDynamicText(t *testing.T) {
	analysistest.Run(t, rulesModule(t), hashprefix.Analyzer, "example.com/rules/hashprefix/dynamic")
}
