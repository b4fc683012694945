package main

// Stage A on cmd/ydblint/internal/load: the packages that can hold
// ydblint facts from source, every other dependency from the go command's
// export data, then checker.Analyze on that view of the graph. Same
// result as checkerStage (LoadAllSyntax, every dependency from source and
// analysed), at the cost of a fact-free checker plus the packages that
// reach ydb-go-sdk or database/sql; see the load package's doc.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ydblint/ydblint/cmd/ydblint/internal/load"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// loadStage is stage A on load.Load.
type loadStage struct{}

func (loadStage) analyze(patterns []string, rules []*analysis.Analyzer, opts loadOptions) (*runResult, error) {
	dir := opts.Dir
	var sinks []string
	overrides := config.Settings{}
	if f := config.Analyzer.Flags.Lookup(config.ConfigFlag); f != nil && f.Value.String() != "" {
		overrides.Config = f.Value.String()
	}
	if root := moduleRootFor(dir); root != "" {
		for _, s := range config.Load(root, overrides).Sinks {
			sinks = append(sinks, s.Package)
		}
	}
	snap, err := load.Load(context.Background(), load.Config{
		Dir:    dir,
		Env:    opts.Env,
		Tests:  opts.Tests,
		Policy: load.YDB(sinks),
	}, patterns...)
	if err != nil {
		return nil, err
	}
	if len(snap.Roots) == 0 {
		return nil, fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	initial := snap.View(snap.Roots)
	roots := append(append([]*analysis.Analyzer{}, rules...), queryplan.Analyzer, config.Analyzer)
	graph, err := checker.Analyze(roots, initial, nil)
	if err != nil {
		return nil, err
	}
	return collectGraph(initial, graph, rules), nil
}

// collectGraph is the second half of checkerStage.analyze (a copy until
// the two stages share it): the graph's diagnostics, plans, configuration
// and errors as stage A's result.
func collectGraph(initial []*packages.Package, graph *checker.Graph, rules []*analysis.Analyzer) *runResult {
	isRule := map[*analysis.Analyzer]bool{}
	res := &runResult{}
	for _, a := range rules {
		isRule[a] = true
		res.Rules = append(res.Rules, a.Name)
	}
	byPkg := map[*packages.Package]*pkgResult{}
	get := func(p *packages.Package) *pkgResult {
		r := byPkg[p]
		if r == nil {
			r = &pkgResult{ID: p.ID, PkgPath: p.PkgPath}
			for _, e := range p.Errors {
				r.Errors = append(r.Errors, loadError{Pos: e.Pos, Msg: e.Msg})
			}
			byPkg[p] = r
		}
		return r
	}
	// Load errors of every package, dependencies included (as
	// packages.PrintErrors shows them).
	packages.Visit(initial, nil, func(p *packages.Package) {
		if len(p.Errors) > 0 {
			get(p)
		}
	})
	for _, p := range initial {
		get(p).Root = true
	}
	for act := range graph.All() {
		r := get(act.Package)
		if act.Err != nil {
			if len(act.Package.Errors) > 0 && strings.Contains(act.Err.Error(), "analysis skipped due to errors") {
				continue // the load error says it already
			}
			if strings.HasPrefix(act.Err.Error(), "failed prerequisites") {
				continue // the failing prerequisite is reported itself
			}
			r.Failures = append(r.Failures, failure{Analyzer: act.Analyzer.Name, Err: act.Err.Error()})
			continue
		}
		if !act.IsRoot {
			continue
		}
		fset := act.Package.Fset
		switch {
		case isRule[act.Analyzer]:
			for _, d := range act.Diagnostics {
				r.Findings = append(r.Findings, newFinding(fset, act.Analyzer.Name, d))
			}
		case act.Analyzer == queryplan.Analyzer:
			qp, _ := act.Result.(*queryplan.Result)
			collectPlan(fset, r, qp)
		case act.Analyzer == config.Analyzer:
			r.Config, _ = act.Result.(*config.Config)
		}
	}
	for _, r := range byPkg {
		res.Packages = append(res.Packages, r)
	}
	sort.Slice(res.Packages, func(i, j int) bool { return res.Packages[i].ID < res.Packages[j].ID })
	return res
}

// moduleRootFor returns the module root above dir (the current directory
// when dir is ""), or "".
func moduleRootFor(dir string) string {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for d := abs; ; d = filepath.Dir(d) {
		if fi, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && fi.Mode().IsRegular() {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}
