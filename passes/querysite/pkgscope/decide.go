package pkgscope

import (
	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/querysite/cfgsink"
	"github.com/ydblint/ydblint/passes/querysite/gohash"
)

// Kind is what querysite does with a package.
type Kind int

const (
	// Skip: nothing; the Result is empty and no fact is exported.
	Skip Kind = iota
	// Incomplete: the package's types or syntax are incomplete; Decide has
	// exported IncompleteFact and nothing is recovered.
	Incomplete
	// Summaries: the package does not reach the database but holds Go
	// hash helpers or builds query text: summaries and facts, no sites.
	Summaries
	// Sites: the package's query sites, summaries and facts.
	Sites
)

// Plan is Decide's answer for a package.
type Plan struct {
	Kind Kind
	// Sinks are the configured sinks (Summaries and Sites; nil-safe).
	Sinks *cfgsink.Sinks
	// Hashes (Summaries): the package may declare Go hash helpers
	// (gohash.Helpers).
	Hashes bool
	// Texts: the evaluator's summaries of the package's exported functions
	// are exported (evalenv.Fact); false in the SDK's own library.
	Texts bool
}

// Decide returns what querysite does with the package of pass, exporting
// ReachFact or IncompleteFact where the package earns one.
//
// Configured sinks count wherever they are declared: the scope options
// (include-pkgs, exclude-pkgs) only silence diagnostics, so an excluded
// wrapper package still exports the facts its importers need.
func Decide(pass *analysis.Pass) Plan {
	if analysisutil.InGOROOT(pass) {
		// The standard library holds no user query sites; its own
		// database/sql tests would otherwise have schemafact scan all of
		// GOROOT/src (16% of a run over ./net/... ./database/...).
		return Plan{Kind: Skip}
	}
	if len(pass.TypeErrors) > 0 || ImportsIncomplete(pass) {
		// SSA needs complete type information: nothing is recovered from
		// such a package (the driver reports the errors).
		pass.ExportPackageFact(&IncompleteFact{})
		return Plan{Kind: Incomplete}
	}
	cs := cfgsink.New(pass.ResultOf[config.Analyzer].(*config.Config))
	reach := Reaches(pass, cs)
	if !reach && (!MentionsYQL(pass.Files) || SDKLibrary(pass)) {
		hashes := gohash.Helpers(pass)
		texts := !SDKLibrary(pass) && (BuildsText(pass.Files) || EmbedsFile(pass.Files))
		if (hashes || texts) && !HasBadSyntax(pass.Files) {
			// Hash helpers or a query builder only.
			return Plan{Kind: Summaries, Sinks: cs, Hashes: hashes, Texts: texts}
		}
		return Plan{Kind: Skip}
	}
	if HasBadSyntax(pass.Files) {
		pass.ExportPackageFact(&IncompleteFact{})
		return Plan{Kind: Incomplete}
	}
	if reach {
		pass.ExportPackageFact(&ReachFact{})
	}
	return Plan{Kind: Sites, Sinks: cs, Texts: !SDKLibrary(pass)}
}
