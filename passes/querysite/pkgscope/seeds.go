package pkgscope

import (
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/ssaprog"
	"github.com/ydblint/ydblint/passes/querysite/cfgsink"
	"github.com/ydblint/ydblint/passes/querysite/evalenv"
)

// Seeds returns what makes a function of the package need an SSA body
// (ssaprog's plan): using an object of the SDK, database/sql, a hash
// package or a configured sink package, an object carrying an object fact
// for which seedFact holds (querysite's sink, hash or lookup facts), or a
// method of a user interface named like an SDK entry point (querysite's
// shapeEntry); or spelling a YQL statement in a string literal.
func Seeds(pass *analysis.Pass, cs *cfgsink.Sinks, seedFact func(analysis.Fact) bool) ssaprog.Seeds {
	facts := map[types.Object]bool{}
	for _, f := range pass.AllObjectFacts() {
		if seedFact(f.Fact) {
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
		Literal: LiteralMentionsYQL,
	}
	if embeds := EmbedsFile(pass.Files); BuildsText(pass.Files) || embeds {
		// Its importers may ask for the summaries of its exported
		// functions and the values of its variables (evalenv.Fact).
		seeds.Decl = evalenv.SummaryRoot
		seeds.Init = embeds
	}
	return seeds
}

// entryNames are the names of the SDK's entry points (querysite's
// shapeEntry matches a user interface's method by name first).
var entryNames = func() map[string]bool {
	names := map[string]bool{}
	for i := range sdk.Entries {
		names[sdk.Entries[i].Name] = true
	}
	return names
}()
