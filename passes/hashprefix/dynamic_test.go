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

// TestAlternativeTexts: a text chosen among alternatives (by a flag, by a
// switch over formats) that forgets the hash in one of them names that text
// by its literal; the twins hashing in every text stay silent.
func TestAlternativeTexts(t *testing.T) {
	analysistest.Run(t, rulesModule(t), hashprefix.Analyzer, "example.com/rules/hashprefix/alternatives")
}
