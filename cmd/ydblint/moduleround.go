package main

// The module round of the standalone driver. Hash-prefix evidence crosses
// package boundaries as facts, and facts move along imports only, so a
// package whose tables are proven hash-keyed by a package it does not
// import (a writer and a reader of one index table) is checked without
// that evidence. Having analysed every named package, the driver merges
// the evidence each found in its own queries and rows
// (schemafact.MergeModule) and analyses again, with that evidence, exactly
// the named packages whose catalogue it changes. Usually there are none and
// the round costs nothing but the merge. go vet and golangci-lint cannot
// do this: they analyse one package at a time.

import (
	"os"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ydblint/ydblint/analyzer"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
	"github.com/ydblint/ydblint/passes/schemafact"
)

// moduleRoundOff disables the round (YDBLINT_MODULE_EVIDENCE=off, or
// -hermetic, which promises what nogo can keep: facts along imports only):
// the run then sees what go vet sees, evidence of imports only.
func moduleRoundOff() bool {
	if f := config.Analyzer.Flags.Lookup(config.HermeticFlag); f != nil && f.Value.String() == "true" {
		return true
	}
	return os.Getenv("YDBLINT_MODULE_EVIDENCE") == "off"
}

// moduleRound is the round's plan: the merged evidence and the named
// packages (originals, as the loader returned them) it changes.
type moduleRound struct {
	evidence *schemafact.ModuleEvidence
	again    []*packages.Package
}

// planModuleRound merges the own evidence of every named package (the
// checker keeps the results of those only; queryplan's carries
// schemafact's) and picks the named packages to analyse again: those for
// which the merge changes the evidence of a table their query sites were
// planned on.
// originals are the loader's root packages, in the order of initial.
func planModuleRound(initial, originals []*packages.Package, graph *checker.Graph) moduleRound {
	type own struct {
		id string
		ev schemafact.OwnEvidence
	}
	var owns []own
	catalog := map[*packages.Package]*schemafact.Result{}
	planned := map[*packages.Package]map[string]bool{} // displayed table paths the package's sites were planned on
	for act := range graph.All() {
		if act.Analyzer != queryplan.Analyzer || !act.IsRoot || act.Err != nil {
			continue
		}
		qp, _ := act.Result.(*queryplan.Result)
		if qp == nil || qp.Schema == nil || qp.Schema.Failure != "" {
			continue
		}
		res := qp.Schema
		catalog[act.Package] = res
		tables := map[string]bool{}
		for _, o := range qp.Outcomes() {
			for _, c := range o.Checks {
				tables[c.Table] = true
			}
		}
		planned[act.Package] = tables
		if len(res.Own.Hashes)+len(res.Own.Conflicts) > 0 {
			owns = append(owns, own{act.Package.ID, res.Own})
		}
	}
	if len(owns) == 0 {
		return moduleRound{}
	}
	sort.Slice(owns, func(i, j int) bool { return owns[i].id < owns[j].id })
	list := make([]schemafact.OwnEvidence, len(owns))
	for i, o := range owns {
		list[i] = o.ev
	}
	r := moduleRound{evidence: schemafact.MergeModule(list)}
	for i, p := range initial {
		touched := func(path string) bool { return planned[p][queryplan.DisplayPath(path)] }
		if res := catalog[p]; res != nil && r.evidence.Changes(res.Catalog, touched) {
			r.again = append(r.again, originals[i])
		}
	}
	return r
}

// runModuleRound analyses r.again with the module's evidence and replaces
// their results in run. The fact cache stays active (packages read from
// export data get their facts from it) but has been saved already: what
// the fact analyzers record now is not kept.
func runModuleRound(r moduleRound, view func([]*packages.Package) []*packages.Package, analyzers, rules []*analysis.Analyzer, run *runResult) error {
	if len(r.again) == 0 {
		return nil
	}
	defer analyzer.Process().UseModuleEvidence(r.evidence)()
	initial := view(r.again)
	graph, err := checker.Analyze(analyzers, initial, nil)
	if err != nil {
		return err
	}
	second := collectGraph(initial, graph, rules)
	byID := map[string]*pkgResult{}
	for _, p := range second.Packages {
		if p.Root {
			byID[p.ID] = p
		}
	}
	for i, p := range run.Packages {
		if q := byID[p.ID]; q != nil {
			run.Packages[i] = q
		}
	}
	run.Rechecked = len(byID)
	return nil
}
