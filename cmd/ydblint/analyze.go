package main

// Stage A of the standalone driver: load the packages and analyze them.
// Everything it hands to stage B (output.go, explain.go) is plain data with
// resolved positions, so the loader (stage_load.go) can change without
// touching the reporting: implement stageA and pass it to runStandalone.

import (
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// stageA loads the packages that patterns name and runs rules over them.
// An error is returned only when nothing could be loaded at all (go list
// failed, no package matched); errors of single packages are in the result.
type stageA interface {
	analyze(patterns []string, rules []*analysis.Analyzer, opts loadOptions) (*runResult, error)
}

// loadOptions are the loader's settings.
type loadOptions struct {
	Tests bool     // load test files too (-test)
	Env   []string // environment of go list (GOFLAGS carries -tags); nil: the process's
	Dir   string   // directory the patterns are relative to; "": the current one
	// Progress is the terminal's progress line (nil: none).
	Progress *progress
}

// runResult is stage A's output: one entry per loaded package, sorted by ID.
type runResult struct {
	Packages []*pkgResult
	// Rules are the names of the rules that ran, in suite order.
	Rules []string
	// ModuleHashes is how many tables have hash-prefix evidence merged
	// across the run's packages, Rechecked how many named packages were
	// analysed again with it (moduleround.go).
	ModuleHashes, Rechecked int
}

// pkgResult is what stage A found in one package.
type pkgResult struct {
	ID, PkgPath string
	// Errors are the package's own list, parse and type errors.
	Errors []loadError
	// Failures are analyzers that returned an error on the package.
	Failures []failure
	// Findings are the rules' diagnostics (root packages only).
	Findings []finding
	// Outcomes say what queryplan did with each query site.
	Outcomes []siteOutcome
	// Tables are the catalogue the package's rules saw.
	Tables []tableInfo
	// Config is the package's configuration (nil when the config
	// analyzer did not run).
	Config *config.Config
	// ModuleRoot is the root schemafact scanned ("" when none).
	ModuleRoot string
	// Root is set for the packages the patterns named.
	Root bool
	// Skipped says why the analysis of the package was skipped although
	// its own files loaded: a package it imports does not type-check
	// (skipReason). "" when it was analysed, or failed on its own errors.
	Skipped string
}

// loadError is a go list, parse or type error; Pos is "file:line:col",
// or "" or "-" when the error has no position.
type loadError struct {
	Pos, Msg string
}

type failure struct {
	Analyzer string
	Err      string
}

// finding is one diagnostic with its positions resolved.
type finding struct {
	Rule     string
	Category string
	URL      string
	Posn     token.Position
	End      token.Position
	Message  string
	Related  []related
	Fixes    []fix
}

type related struct {
	Posn, End token.Position
	Message   string
}

type fix struct {
	Message string
	Edits   []edit
}

type edit struct {
	Filename   string
	Start, End int
	New        string
}

// siteOutcome is queryplan.SiteOutcome with positions resolved.
type siteOutcome struct {
	Posn, End token.Position
	API       string
	Via       []string // wrapper chain, outermost first
	Text      queryplan.TextRecovery
	Checks    []queryplan.Check
	Skips     []skip
}

type skip struct {
	Code   queryplan.SkipCode
	Detail string
	Posn   token.Position // invalid when the site's position is meant
}

func (o *siteOutcome) resolved() bool { return len(o.Checks) > 0 }

func (o *siteOutcome) planned() bool {
	for _, c := range o.Checks {
		if c.Verdict != "UNKNOWN" {
			return true
		}
	}
	return false
}

// tableInfo is one catalogue table and where it was defined.
type tableInfo struct {
	Path, Key string
	Src       string // "file:line", the file relative to ModuleRoot
	File      string // the file alone
}

// collectGraph turns a checker graph into stage A's result: the root
// packages' diagnostics, plans and configuration, and the load errors and
// analyzer failures of every package in the graph.
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
			if act.Package.IllTyped && strings.Contains(act.Err.Error(), "analysis skipped due to errors") {
				// The load error (of the package or a dependency) is printed
				// itself; a package skipped for a dependency's says so too.
				if r.Skipped == "" && len(act.Package.Errors) == 0 {
					r.Skipped = skipReason(act.Package)
				}
				continue
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

func newFinding(fset *token.FileSet, rule string, d analysis.Diagnostic) finding {
	f := finding{Rule: rule, Category: d.Category, URL: d.URL, Message: d.Message,
		Posn: fset.Position(d.Pos), End: fset.Position(orPos(d.End, d.Pos))}
	for _, rel := range d.Related {
		f.Related = append(f.Related, related{Posn: fset.Position(rel.Pos), End: fset.Position(orPos(rel.End, rel.Pos)), Message: rel.Message})
	}
	for _, sf := range d.SuggestedFixes {
		x := fix{Message: sf.Message}
		for _, e := range sf.TextEdits {
			p := fset.Position(e.Pos)
			x.Edits = append(x.Edits, edit{Filename: p.Filename, Start: p.Offset, End: fset.Position(orPos(e.End, e.Pos)).Offset, New: string(e.NewText)})
		}
		f.Fixes = append(f.Fixes, x)
	}
	return f
}

func orPos(p, q token.Pos) token.Pos {
	if p.IsValid() {
		return p
	}
	return q
}

// collectPlan records the site outcomes and the catalogue of a package.
func collectPlan(fset *token.FileSet, r *pkgResult, qp *queryplan.Result) {
	if qp == nil {
		return
	}
	for _, o := range qp.Outcomes() {
		so := siteOutcome{Posn: fset.Position(o.Site.Pos), End: fset.Position(o.Site.End), API: o.Site.API,
			Text: o.Text, Checks: o.Checks}
		for _, f := range o.Site.Chain {
			so.Via = append(so.Via, f.Func)
		}
		for _, s := range o.Skips {
			sk := skip{Code: s.Code, Detail: s.Detail}
			if s.Pos.IsValid() {
				sk.Posn = fset.Position(s.Pos)
			}
			so.Skips = append(so.Skips, sk)
		}
		r.Outcomes = append(r.Outcomes, so)
	}
	if qp.Schema != nil {
		r.ModuleRoot = qp.Schema.ModuleRoot
		if qp.Schema.Catalog != nil && len(qp.Sites()) > 0 {
			for _, t := range qp.Schema.Catalog.Tables {
				src := t.Src
				if !t.KeySrc.IsZero() {
					src = t.KeySrc
				}
				r.Tables = append(r.Tables, tableInfo{Path: queryplan.DisplayPath(t.Path), Key: t.KeyString(), Src: src.String(), File: src.File})
			}
		}
	}
}

// skipReason names the nearest package p imports (breadth first, in import
// path order) that has errors of its own: the reason the analysis of p was
// skipped though p's own files loaded.
func skipReason(p *packages.Package) string {
	type step struct {
		pkg *packages.Package
		via string // the direct import it was reached through
	}
	seen := map[*packages.Package]bool{p: true}
	queue := []step{{pkg: p}}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		paths := make([]string, 0, len(cur.pkg.Imports))
		for path := range cur.pkg.Imports {
			paths = append(paths, path)
		}
		sort.Strings(paths)
		for _, path := range paths {
			dep := cur.pkg.Imports[path]
			if dep == nil || seen[dep] {
				continue
			}
			seen[dep] = true
			via := cur.via
			if via == "" {
				via = dep.PkgPath
			}
			if len(dep.Errors) > 0 {
				if via == dep.PkgPath {
					return "it imports " + dep.PkgPath + ", which does not type-check"
				}
				return "it imports " + via + ", which imports " + dep.PkgPath + ", which does not type-check"
			}
			queue = append(queue, step{dep, via})
		}
	}
	return "a package it imports does not type-check"
}
