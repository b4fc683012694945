package main

// Stage A on cmd/ydblint/internal/load: the packages that can hold
// ydblint facts from source, every other dependency from the go command's
// export data, then checker.Analyze on that view of the graph. Same
// result as go/packages' LoadAllSyntax with every dependency from source
// and analysed, at the cost of a fact-free checker plus the packages that
// reach ydb-go-sdk or database/sql; see the load package's doc.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ydblint/ydblint/analyzer"
	"github.com/ydblint/ydblint/cmd/ydblint/internal/load"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// loadStage is stage A on load.Load.
type loadStage struct{}

func (loadStage) analyze(patterns []string, rules []*analysis.Analyzer, opts loadOptions) (*runResult, error) {
	var run *runResult
	err := firstRound(patterns, rules, opts, func(fr firstRun) error {
		run = collectGraph(fr.initial, fr.graph, rules)
		if moduleRoundOff() { // moduleround.go
			return nil
		}
		r := planModuleRound(fr.initial, fr.snap.Roots, fr.graph)
		opts.Progress.setPhase("checking again with the module's hash evidence:", pkgPaths(r.again))
		run.ModuleHashes = r.evidence.Tables()
		return runModuleRound(r, fr.snap.View, fr.analyzers, rules, run)
	})
	if err != nil {
		return nil, err
	}
	return run, nil
}

// firstRun is what the first round of a standalone run leaves: the
// loaded graph, the named packages' views of it and the checker's graph of
// the analyzers (the rules, queryplan and config).
type firstRun struct {
	snap      *load.Snapshot
	initial   []*packages.Package
	graph     *checker.Graph
	analyzers []*analysis.Analyzer
}

// firstRound loads patterns, analyses them with the rules and the fact
// analyzers, and calls then with the result while the fact cache is still
// active (a module round reads facts of packages loaded from export data
// from it). Both the standalone run and the module evidence command that
// `ydblint lsp` runs (evidence.go) start with it.
func firstRound(patterns []string, rules []*analysis.Analyzer, opts loadOptions, then func(firstRun) error) error {
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
	cfg := load.Config{
		Dir:    dir,
		Env:    opts.Env,
		Tests:  opts.Tests,
		Policy: load.YDB(sinks),
	}
	analyzers := append(append([]*analysis.Analyzer{}, rules...), queryplan.Analyzer, config.Analyzer)
	cache := newFactCache(analyzers) // factcache.go
	if cache != nil {
		cfg.Facts = cache.facts
		defer cache.activate()()
	}
	prog := opts.Progress
	prog.setPhase("loading packages (the go command builds export data; slow on a first run)", nil)
	snap, err := load.Load(context.Background(), cfg, patterns...)
	if err != nil {
		return err
	}
	if len(snap.Roots) == 0 {
		if outsideModule(dir, opts.Env) {
			return errNoModule
		}
		return fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	if cache != nil {
		cache.track(snap)
	}
	initial := snap.View(snap.Roots)
	defer analyzer.Process().OnPackageDone(prog.packageDone)()
	prog.setPhase("analysing", pkgPaths(initial))
	graph, err := checker.Analyze(analyzers, initial, nil)
	if err != nil {
		return err
	}
	if cache != nil {
		cache.save()
	}
	return then(firstRun{snap: snap, initial: initial, graph: graph, analyzers: analyzers})
}

// pkgPaths returns the package paths of pkgs (a test variant counts as its
// package).
func pkgPaths(pkgs []*packages.Package) []string {
	out := make([]string, 0, len(pkgs))
	for _, p := range pkgs {
		out = append(out, p.PkgPath)
	}
	return out
}

// errNoModule is the go command's own words for a run in module mode
// outside any module, where go list -e names no package and says why only
// on its standard error: go vet prints the same line.
var errNoModule = errors.New("go: go.mod file not found in current directory or any parent directory; see 'go help modules'")

// outsideModule reports whether the go command runs in module mode with
// neither a go.mod nor a go.work above dir (env, then the process's
// environment, decides GO111MODULE and GOWORK).
func outsideModule(dir string, env []string) bool {
	getenv := func(key string) string {
		for i := len(env) - 1; i >= 0; i-- {
			if v, ok := strings.CutPrefix(env[i], key+"="); ok {
				return v
			}
		}
		return os.Getenv(key)
	}
	if getenv("GO111MODULE") == "off" {
		return false
	}
	if w := getenv("GOWORK"); w != "" && w != "off" {
		return false
	}
	return moduleRootFor(dir) == "" && workRootFor(dir) == ""
}

// workRootFor returns the directory of the go.work above dir, or "".
func workRootFor(dir string) string { return dirHolding(dir, "go.work") }

// moduleRootFor returns the module root above dir (the current directory
// when dir is ""), or "".
func moduleRootFor(dir string) string { return dirHolding(dir, "go.mod") }

// dirHolding returns the nearest directory at or above dir (the current
// directory when dir is "") that holds a regular file name, or "".
func dirHolding(dir, name string) string {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for d := abs; ; d = filepath.Dir(d) {
		if fi, err := os.Stat(filepath.Join(d, name)); err == nil && fi.Mode().IsRegular() {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}
