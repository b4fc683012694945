package querysite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/ydblint/ydblint/passes/querysite"
)

// noopFact is the floor of a fact analyzer: it runs on every package of the
// graph and does nothing.
var noopFact = &analysis.Analyzer{
	Name:      "noopfact",
	Doc:       "do nothing on every package (benchmark floor)",
	Run:       func(*analysis.Pass) (any, error) { return nil, nil },
	FactTypes: []analysis.Fact{new(dummyFact)},
}

// BenchmarkUnrelated measures querysite over net/http and every package it
// depends on (~90 packages, none of which can reach the SDK; loading and
// type-checking happen once, outside the timing) against an analyzer that
// does nothing on the same graph. The difference is what ydblint adds to a
// go vet of code that does not use YDB: the import walk, the config lookup
// and the YQL literal scan (skipped for GOROOT packages).
//
//	go test ./passes/querysite -run '^$' -bench Unrelated -benchtime 5x
func BenchmarkUnrelated(b *testing.B) {
	pkgs := loadStd(b, "net/http")
	for _, a := range []*analysis.Analyzer{noopFact, querysite.Analyzer} {
		b.Run(a.Name, func(b *testing.B) {
			for b.Loop() {
				if _, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
