package main

import (
	"strings"

	"golang.org/x/tools/go/analysis"
)

// vetRules returns the rules as go vet's unitchecker protocol runs them.
// go vet prints a finding as "file:line:col: message" and nothing else (it
// runs the tool with -json and formats the text itself, so the tool cannot
// tell the plain form from go vet -json), and the rule that spoke, which
// the standalone command prints after the message and which
// ydblint:ignore and -<rule>=false need, would be lost: each rule reports
// with " (rule)" after its message. No rule requires another, so a copy
// stands alone.
func vetRules(rules []*analysis.Analyzer) []*analysis.Analyzer {
	named := make([]*analysis.Analyzer, len(rules))
	for i, a := range rules {
		named[i] = withRuleName(a)
	}
	return named
}

// withRuleName returns a copy of a whose diagnostics end in " (name)".
func withRuleName(a *analysis.Analyzer) *analysis.Analyzer {
	c := *a
	run, suffix := a.Run, " ("+a.Name+")"
	c.Run = func(pass *analysis.Pass) (any, error) {
		named := *pass
		report := pass.Report
		named.Report = func(d analysis.Diagnostic) {
			if !strings.HasSuffix(d.Message, suffix) {
				d.Message += suffix
			}
			report(d)
		}
		return run(&named)
	}
	return &c
}
