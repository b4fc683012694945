package querysite

import (
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/ssaprog"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/querysite/cfgsink"
	"github.com/ydblint/ydblint/passes/querysite/evalenv"
	"github.com/ydblint/ydblint/passes/querysite/gohash"
)

// seedsOf returns what makes a function of the package need an SSA body
// (ssaprog's plan): using an object of the SDK, database/sql, a hash
// package or a configured sink package, an object carrying a sink, hash or
// lookup fact, or a method of a user interface named like an SDK entry
// point (shapeEntry); or spelling a YQL statement in a string literal.
func seedsOf(pass *analysis.Pass, cs *cfgsink.Sinks) ssaprog.Seeds {
	facts := map[types.Object]bool{}
	for _, f := range pass.AllObjectFacts() {
		switch f.Fact.(type) {
		case *sinkFact, *gohash.Fact:
			facts[f.Object] = true
		}
	}
	seedPkg := map[*types.Package]bool{}
	object := func(obj types.Object) bool {
		if p := obj.Pkg(); p != nil {
			is, ok := seedPkg[p]
			if !ok {
				path := p.Path()
				is = sdk.InSDK(path) || path == sdk.PkgSQL || sdk.IsHashPkg(path) || cs.HasPkg(path)
				seedPkg[p] = is
			}
			if is {
				return true
			}
		}
		if fn, ok := obj.(*types.Func); ok && facts[fn.Origin()] {
			return true
		}
		return facts[obj]
	}
	seeds := ssaprog.Seeds{
		Object:  object,
		Method:  func(fn *types.Func) bool { return object(fn) || entryNames[fn.Name()] },
		Literal: literalMentionsYQL,
	}
	if buildsText(pass) {
		// Its importers may ask for the summaries of its exported
		// functions (evalenv.Fact).
		seeds.Decl = evalenv.SummaryRoot
	}
	return seeds
}

// entryNames are the names of the SDK's entry points (shapeEntry matches a
// user interface's method by name first).
var entryNames = func() map[string]bool {
	names := map[string]bool{}
	for i := range sdk.Entries {
		names[sdk.Entries[i].Name] = true
	}
	return names
}()

func configOf(pass *analysis.Pass) *config.Config {
	cfg, _ := pass.ResultOf[config.Analyzer].(*config.Config)
	return cfg
}
