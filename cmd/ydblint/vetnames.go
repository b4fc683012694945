package main

import (
	"strings"

	"golang.org/x/tools/go/analysis"
)

// vetRules returns the rules as go vet's unitchecker protocol runs them.
// go vet prints a finding as "file:line:col: message" and nothing else (it
// runs the tool with -json and formats the text itself, so the tool cannot
// tell the plain form from go vet -json), and the rule that spoke, which
// the standalone command prints after the headline and which
// ydblint:ignore and -<rule>=false need, would be lost: each rule reports
// with " (rule)" after its headline, where the standalone command prints
// it, so that the line starts as the standalone's does and the name is
// read before the detail. No rule requires another, so a copy stands
// alone.
func vetRules(rules []*analysis.Analyzer) []*analysis.Analyzer {
	named := make([]*analysis.Analyzer, len(rules))
	for i, a := range rules {
		named[i] = withRuleName(a)
	}
	return named
}

// withRuleName returns a copy of a whose diagnostics name it after their
// headline (nameAfterHeadline).
func withRuleName(a *analysis.Analyzer) *analysis.Analyzer {
	c := *a
	run := a.Run
	c.Run = func(pass *analysis.Pass) (any, error) {
		named := *pass
		report := pass.Report
		named.Report = func(d analysis.Diagnostic) {
			d.Message = nameAfterHeadline(d.Message, a.Name)
			report(d)
		}
		return run(&named)
	}
	return &c
}

// nameAfterHeadline inserts " (rule)" after the message's headline, its
// first part as printText cuts it (splitMessage):
//
//	SELECT reads every partition of orders: … (fullscan); table orders, …
//
// A message that already names the rule there is returned as it is.
func nameAfterHeadline(msg, rule string) string {
	suffix := " (" + rule + ")"
	parts := splitMessage(msg)
	if strings.HasSuffix(parts[0], suffix) {
		return msg
	}
	parts[0] += suffix
	return strings.Join(parts, "; ")
}
