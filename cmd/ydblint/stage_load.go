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
	roots := append(append([]*analysis.Analyzer{}, rules...), queryplan.Analyzer, config.Analyzer)
	cache := newFactCache(roots) // factcache.go
	if cache != nil {
		cfg.Facts = cache.facts
		defer cache.activate()()
	}
	prog := opts.Progress
	prog.setPhase("loading packages (the go command builds export data; slow on a first run)", nil)
	snap, err := load.Load(context.Background(), cfg, patterns...)
	if err != nil {
		return nil, err
	}
	if len(snap.Roots) == 0 {
		if outsideModule(dir, opts.Env) {
			return nil, errNoModule
		}
		return nil, fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	if cache != nil {
		cache.track(snap)
	}
	initial := snap.View(snap.Roots)
	defer analyzer.Process().OnPackageDone(prog.packageDone)()
	prog.setPhase("analysing", pkgPaths(initial))
	graph, err := checker.Analyze(roots, initial, nil)
	if err != nil {
		return nil, err
	}
	if cache != nil {
		cache.save()
	}
	run := collectGraph(initial, graph, rules)
	if !moduleRoundOff() { // moduleround.go
		r := planModuleRound(initial, snap.Roots, graph)
		prog.setPhase("checking again with the module's hash evidence:", pkgPaths(r.again))
		run.ModuleHashes = r.tables()
		if err := runModuleRound(r, snap.View, roots, rules, run); err != nil {
			return nil, err
		}
	}
	return run, nil
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
