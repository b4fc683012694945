// Command floor is the benchmark floor: a multichecker whose only analyzer
// does nothing. With -facts (the default) the analyzer declares a fact type,
// so the driver loads and type-checks every dependency from source, as it
// must for ydblint's fact analyzers; with -facts=false only the root
// packages are loaded from source (dependencies come from export data).
package main

import (
	"os"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

type noFact struct{}

func (*noFact) AFact()         {}
func (*noFact) String() string { return "noFact" }

func main() {
	a := &analysis.Analyzer{
		Name:             "floor",
		Doc:              "do nothing (benchmark floor)",
		Run:              func(*analysis.Pass) (any, error) { return nil, nil },
		RunDespiteErrors: true,
	}
	if os.Getenv("FLOOR_FACTS") != "0" {
		a.FactTypes = []analysis.Fact{new(noFact)}
	}
	multichecker.Main(a)
}
