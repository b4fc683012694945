package load

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// Config says what to load and how.
type Config struct {
	// Dir is the directory go list runs in.
	Dir string
	// Env is the go command's environment; nil means os.Environ().
	Env []string
	// BuildFlags go to go list (e.g. -tags=ydb).
	BuildFlags []string
	// Tests loads test variants too, as packages.Config.Tests does.
	Tests bool
	// Policy picks the dependencies loaded from source; nil loads only the
	// named packages (and what imports them) from source.
	Policy Policy
	// Facts, when set, is asked about each dependency the policy picks
	// whose direct imports are all read from export data or are standard
	// packages (not the named packages, not test variants), dependencies
	// first: true means the driver holds the package's facts from an
	// earlier run, so the package is read from export data instead and
	// stays in View without syntax (empty TypesInfo), for the driver to
	// hand its facts to the checker. See Snapshot.FactsFrom.
	Facts func(p *packages.Package) bool
}

// Policy returns the IDs of the packages of a graph (by ID, from go list)
// that must be loaded from source besides the named ones.
type Policy func(graph map[string]*packages.Package) map[string]bool

// metaMode is what the one go list call asks for: no type-checking by
// go/packages, export data files compiled by the go command.
const metaMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedModule | packages.NeedExportFile |
	packages.NeedTypesSizes | packages.NeedEmbedFiles | packages.NeedEmbedPatterns

// Snapshot is one consistent set of loaded packages. It is never modified
// after Load or Update returns it; Update returns a new one.
type Snapshot struct {
	// Fset holds the positions of every package of the snapshot (and of
	// the snapshots updated from it).
	Fset *token.FileSet
	// Roots are the packages the patterns named, in go list's order.
	Roots []*packages.Package

	cfg       Config
	pkgs      map[string]*packages.Package // by ID: every package of the graph
	source    map[string]bool              // IDs type-checked from source
	facts     map[string]bool              // IDs whose facts the driver holds (Config.Facts); export data, in View
	order     []string                     // IDs, dependencies first
	importers map[string][]string          // ID → IDs of the packages that import it
	owners    map[string][]string          // local Go file → IDs of the packages compiling it
	stamps    map[string]stamp             // local files → size and mtime at load
	dirs      map[string]string            // local package directory → its Go file names
	headers   map[string]string            // source Go file → header (package, imports, constraints)
	// read holds the packages read from export data: those a source
	// package imports. The others' types come inside their importers'
	// export data (it is self-contained), as in go/packages.
	read map[string]bool
}

// Load runs go list once on patterns and loads the packages: source for the
// named packages and those the policy picks (and the test variants that
// import them), export data for the rest. Export data of a package that
// imports a source package refers to the source package's objects: the
// export data reader reuses the objects of packages it already holds.
func Load(ctx context.Context, cfg Config, patterns ...string) (*Snapshot, error) {
	pcfg := &packages.Config{
		Mode:       metaMode,
		Context:    ctx,
		Dir:        cfg.Dir,
		Env:        cfg.Env,
		BuildFlags: cfg.BuildFlags,
		Tests:      cfg.Tests,
	}
	roots, err := packages.Load(pcfg, patterns...)
	if err != nil {
		return nil, err
	}
	s := &Snapshot{
		Fset:      token.NewFileSet(),
		Roots:     roots,
		cfg:       cfg,
		pkgs:      map[string]*packages.Package{},
		source:    map[string]bool{},
		facts:     map[string]bool{},
		importers: map[string][]string{},
		owners:    map[string][]string{},
		stamps:    map[string]stamp{},
		dirs:      map[string]string{},
		headers:   map[string]string{},
		read:      map[string]bool{},
	}
	packages.Visit(roots, nil, func(p *packages.Package) {
		s.pkgs[p.ID] = p
		s.order = append(s.order, p.ID) // postorder: dependencies first
	})
	want := map[string]bool{}
	if cfg.Policy != nil {
		want = cfg.Policy(s.pkgs)
	}
	named := map[string]bool{}
	for _, r := range roots {
		want[r.ID] = true
		named[r.ID] = true
	}
	for _, id := range s.order { // dependencies first: the closure is one pass
		p := s.pkgs[id]
		src := want[id] || p.ExportFile == "" && p.PkgPath != "unsafe"
		if variant(p) {
			// A test variant's export data refers to the variant of the
			// package under test, which only a source load has.
			for _, imp := range p.Imports {
				if s.source[imp.ID] {
					src = true
				}
			}
		}
		if src && cfg.Facts != nil && !named[id] && !variant(p) && p.ExportFile != "" && s.importsNoSource(p) && cfg.Facts(p) {
			s.facts[id] = true
			s.read[id] = true
			continue
		}
		if src {
			s.source[id] = true
		}
	}
	for _, id := range s.order {
		for _, imp := range s.pkgs[id].Imports {
			s.importers[imp.ID] = append(s.importers[imp.ID], id)
			if s.source[id] || s.facts[id] {
				s.read[imp.ID] = true
			}
		}
	}
	if err := s.typeCheck(ctx, s.order); err != nil {
		return nil, err
	}
	s.record()
	return s, nil
}

// Source reports whether the package with this ID was type-checked from
// source (it has Syntax and TypesInfo).
func (s *Snapshot) Source(id string) bool { return s.source[id] }

// FactsFrom reports whether the package with this ID was read from export
// data because Config.Facts said the driver holds its facts.
func (s *Snapshot) FactsFrom(id string) bool { return s.facts[id] }

// inView reports whether the package with this ID is in View's graph.
func (s *Snapshot) inView(id string) bool { return s.source[id] || s.facts[id] }

// importsNoSource reports whether every direct import of p is read from
// export data, is a standard package, or has its facts from the driver:
// only such a package can take its facts from the driver, whose key for
// them covers the imports' export data and facts, not their syntax.
func (s *Snapshot) importsNoSource(p *packages.Package) bool {
	for _, imp := range p.Imports {
		if s.source[imp.ID] && !standard(imp) {
			return false
		}
	}
	return true
}

// Package returns the package with this ID, or nil.
func (s *Snapshot) Package(id string) *packages.Package { return s.pkgs[id] }

// Len returns the number of packages in the snapshot and how many of them
// came from source.
func (s *Snapshot) Len() (all, source int) { return len(s.pkgs), len(s.source) }

// Contains reports whether the Go file path is compiled into a package of
// the snapshot.
func (s *Snapshot) Contains(path string) bool { return len(s.owners[path]) > 0 }

// View returns copies of pkgs whose Imports keep only source packages,
// recursively: the graph checker.Analyze should run on. A package read
// from export data can have no facts, so no analyzer needs to run on it;
// the source packages below it (a dependency that mentions YQL under one
// that does not) take its place among the imports, so that their facts
// still reach the importer as they would through the full graph.
func (s *Snapshot) View(pkgs []*packages.Package) []*packages.Package {
	memo := map[*packages.Package]*packages.Package{}
	below := map[*packages.Package][]*packages.Package{}
	var sourceBelow func(p *packages.Package) []*packages.Package
	sourceBelow = func(p *packages.Package) []*packages.Package {
		if r, ok := below[p]; ok {
			return r
		}
		below[p] = nil // cycles cannot happen; this only stops a revisit
		var r []*packages.Package
		seen := map[*packages.Package]bool{}
		add := func(q *packages.Package) {
			if !seen[q] { // one entry per package: paths through the DAG multiply
				seen[q] = true
				r = append(r, q)
			}
		}
		for _, imp := range p.Imports {
			if s.inView(imp.ID) {
				add(imp)
				continue
			}
			for _, q := range sourceBelow(imp) {
				add(q)
			}
		}
		below[p] = r
		return r
	}
	var cp func(p *packages.Package) *packages.Package
	cp = func(p *packages.Package) *packages.Package {
		if c, ok := memo[p]; ok {
			return c
		}
		c := new(packages.Package)
		*c = *p
		memo[p] = c
		c.Imports = map[string]*packages.Package{}
		for path, imp := range p.Imports {
			if s.inView(imp.ID) {
				c.Imports[path] = cp(imp)
				continue
			}
			for _, b := range sourceBelow(imp) {
				if _, dup := c.Imports[b.PkgPath]; !dup {
					c.Imports[b.PkgPath] = cp(b)
				}
			}
		}
		return c
	}
	out := make([]*packages.Package, len(pkgs))
	for i, p := range pkgs {
		out[i] = cp(p)
	}
	return out
}

// typeCheck loads the packages ids (in dependency order) whose
// dependencies are loaded already or among ids: source packages from
// their files, the others from export data (when a source package imports
// them). Packages run in parallel as soon as their imports are done.
func (s *Snapshot) typeCheck(ctx context.Context, ids []string) error {
	done := map[string]chan struct{}{}
	for _, id := range ids {
		done[id] = make(chan struct{})
	}
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var exportMu sync.Mutex
	view := map[string]*types.Package{"unsafe": types.Unsafe}
	for _, id := range s.order {
		if p := s.pkgs[id]; p.Types != nil && !variant(p) {
			view[p.PkgPath] = p.Types
		}
	}
	var wg sync.WaitGroup
	for _, id := range ids {
		p := s.pkgs[id]
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(done[id])
			for _, imp := range p.Imports {
				if ch, ok := done[imp.ID]; ok {
					<-ch
				}
			}
			if ctx.Err() != nil {
				return
			}
			sem <- struct{}{}
			defer func() { <-sem }()
			if s.source[id] {
				s.checkSource(p)
				if !variant(p) {
					exportMu.Lock()
					view[p.PkgPath] = p.Types
					exportMu.Unlock()
				}
				return
			}
			if !s.read[id] {
				return
			}
			exportMu.Lock()
			defer exportMu.Unlock()
			s.readExport(p, view)
		}()
	}
	wg.Wait()
	return ctx.Err()
}

// readExport reads p's types from its export data file into view, which
// reuses the objects of the packages already there.
func (s *Snapshot) readExport(p *packages.Package, view map[string]*types.Package) {
	if p.PkgPath == "unsafe" {
		p.Types = types.Unsafe
		return
	}
	p.Fset = s.Fset
	fail := func(err error) {
		p.Errors = append(p.Errors, packages.Error{Msg: fmt.Sprintf("reading export data of %s: %v", p.PkgPath, err), Kind: packages.UnknownError})
		p.Types = types.NewPackage(p.PkgPath, p.Name)
		p.IllTyped = true
	}
	f, err := os.Open(p.ExportFile)
	if err != nil {
		fail(err)
		return
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(bufio.NewReader(f))
	if err != nil {
		fail(err)
		return
	}
	tp, err := gcexportdata.Read(r, s.Fset, view, p.PkgPath)
	if err != nil {
		fail(err)
		return
	}
	p.Types = tp
	if s.facts[p.ID] {
		// In View without syntax: the checker's passes see no files.
		p.Syntax = nil
		p.TypesInfo = &types.Info{
			Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
			Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{},
			Instances: map[*ast.Ident]types.Instance{}, Scopes: map[ast.Node]*types.Scope{},
			Selections: map[*ast.SelectorExpr]*types.Selection{}, FileVersions: map[*ast.File]string{},
		}
	}
}

// checkSource parses p's files and type-checks them against the types of
// its imports, recording errors as go/packages does.
func (s *Snapshot) checkSource(p *packages.Package) {
	p.Fset = s.Fset
	p.Syntax = nil
	p.TypeErrors = nil
	p.IllTyped = false
	var kept []packages.Error
	for _, e := range p.Errors {
		if e.Kind == packages.ListError {
			kept = append(kept, e)
		}
	}
	p.Errors = kept
	files := p.CompiledGoFiles
	if len(files) == 0 {
		files = p.GoFiles
	}
	for _, name := range files {
		f, err := parser.ParseFile(s.Fset, name, nil, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
		if f != nil {
			p.Syntax = append(p.Syntax, f)
		}
		if err != nil {
			var list scanner.ErrorList
			if errors.As(err, &list) {
				for _, e := range list {
					p.Errors = append(p.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
				}
			} else {
				p.Errors = append(p.Errors, packages.Error{Pos: name, Msg: err.Error(), Kind: packages.ParseError})
			}
		}
	}
	p.TypesInfo = &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
	p.Types = types.NewPackage(p.PkgPath, p.Name)
	tc := &types.Config{
		Importer: importer(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			imp := p.Imports[path]
			if imp == nil || imp.Types == nil {
				return nil, fmt.Errorf("no package for import %q", path)
			}
			if !imp.Types.Complete() && !s.source[imp.ID] {
				return nil, fmt.Errorf("export data of %q could not be read", path)
			}
			return imp.Types, nil
		}),
		Error: func(err error) {
			var te types.Error
			if errors.As(err, &te) {
				p.TypeErrors = append(p.TypeErrors, te)
				p.Errors = append(p.Errors, packages.Error{Pos: te.Fset.Position(te.Pos).String(), Msg: te.Msg, Kind: packages.TypeError})
				return
			}
			p.Errors = append(p.Errors, packages.Error{Msg: err.Error(), Kind: packages.TypeError})
		},
		Sizes: p.TypesSizes,
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	_ = types.NewChecker(tc, s.Fset, p.Types, p.TypesInfo).Files(p.Syntax)
	illTyped := len(p.Errors) > 0
	for _, imp := range p.Imports {
		if imp.IllTyped {
			illTyped = true
		}
	}
	p.IllTyped = illTyped
}

// variant reports whether p is a test variant ("p [p.test]", "q [p.test]",
// "p_test [p.test]"): its path is shared with another package of the graph.
func variant(p *packages.Package) bool { return strings.Contains(p.ID, " [") }

type importer func(path string) (*types.Package, error)

func (f importer) Import(path string) (*types.Package, error) { return f(path) }
