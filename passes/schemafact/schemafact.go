package schemafact

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/internal/modscan"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/session"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/siteplan"
	"github.com/ydblint/ydblint/internal/srcfiles"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/querysite"
)

//go:embed doc.go
var doc string

// Analyzer discovers the schema visible to a package and exports it as a
// package fact. Rules Require it and read its *Result.
var Analyzer = &analysis.Analyzer{
	Name:             "schemafact",
	Doc:              analysisutil.MustExtractDoc(doc, "schemafact"),
	URL:              "https://pkg.go.dev/github.com/ydblint/ydblint/passes/schemafact",
	Requires:         []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer, querysite.Analyzer},
	Run:              report.WrapFact(run, failed),
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Result](),
	FactTypes:        []analysis.Fact{new(schemaFact)},
}

// Result is the schema a package's rules work with.
type Result struct {
	// Catalog is the merged catalogue; never nil. Rules must not modify it
	// (several analyzers read it concurrently).
	Catalog *schema.Catalog
	// Problems are findings about the discovery itself, sorted by source:
	// conflicting definitions, skipped files, DDL the catalogue could not
	// use. schemafact never reports them; a rule may turn those with a
	// valid Pos into diagnostics (Pos is only set in this package's Go
	// files, the only positions every driver keeps).
	Problems []Problem
	// ModuleRoot is the module directory that was scanned; "" when the
	// package has no query sites (no scan) or no go.mod was found.
	ModuleRoot string
	// Own is the hash-prefix evidence of this package's own queries and
	// rows, for a driver that merges a whole run's (module.go).
	Own OwnEvidence
	// Parses holds the YQL parse of every query-site text schemafact
	// planned or applied, for queryplan to parse each text once.
	Parses *siteplan.Parses
	// Failure is set when the pass failed on this package (a panic,
	// recovered); Catalog is then empty. The rules report it once per
	// package (see report.WrapFact).
	Failure string
}

// Lookup resolves a table reference like schema.Catalog.Lookup.
func (r *Result) Lookup(ref, prefix string) (*schema.Table, schema.LookupStatus) {
	return r.Catalog.Lookup(ref, prefix)
}

// Problem categories.
const (
	// CategoryConflict: one table defined with different primary keys by
	// sources with no known order between them.
	CategoryConflict = "schema-conflict"
	// CategorySkippedFile: a schema or Go file was not read (too large,
	// binary, unreadable, beyond a walk bound).
	CategorySkippedFile = "schema-skipped-file"
	// CategoryIncomplete: a definition could not be fully decoded.
	CategoryIncomplete = "schema-incomplete"
	// CategoryWarning: the catalogue skipped or did not understand DDL.
	CategoryWarning = "schema-warning"
)

// Problem is one finding about schema discovery.
type Problem struct {
	Category string
	// Pos, End: a range in one of this package's Go files when the problem
	// is anchored there (a conflicting CreateTable call in this package);
	// token.NoPos otherwise. Src names the place in text either way.
	Pos, End token.Pos
	Src      schema.Source
	Table    string // the table concerned, when there is one
	Message  string
}

func emptyResult() *Result { return &Result{Catalog: schema.New(), Parses: &siteplan.Parses{}} }

// failed is the Result of a package on which the pass panicked.
func failed(_ *analysis.Pass, msg string) any {
	r := emptyResult()
	r.Failure = msg
	return r
}

func run(pass *analysis.Pass) (any, error) {
	// The scope options (include-pkgs, exclude-pkgs) do not apply here: an
	// excluded package still exports the schema its importers need.
	cfg, _ := pass.ResultOf[config.Analyzer].(*config.Config)
	if !inScope(pass.Pkg, cfg) {
		return emptyResult(), nil
	}
	d := &discovery{pass: pass, res: emptyResult(), cfg: cfg}
	d.init()
	qs, _ := pass.ResultOf[querysite.Analyzer].(*site.Result)
	var sites []*site.Site
	if qs != nil {
		sites = qs.Sites
	}

	// Each source below is an ordered sequence of its own; between sources
	// no order is known, so each gets its own catalogue and they are
	// merged, which turns disagreements into conflicts (see doc.go).
	var parts []*schema.Catalog
	imported, covered := d.importedFacts()
	parts = append(parts, imported)
	if len(sites) > 0 {
		d.root = d.moduleRoot()
		d.res.ModuleRoot = d.root
		if d.root != "" && !inModuleCache(d.root) && !d.hermetic() {
			ms := scanModule(d.module())
			d.notes(ms.notes)
			if !d.configuredPaths() {
				parts = append(parts, d.migrationCatalogs(d.yqlDirs(ms.sqlDirs), nil)...)
			}
			d.undecoded = undecodedTableCalls(sites, d.srcOf)
			parts = append(parts, d.moduleGoCatalogs(ms, covered)...)
		}
		if d.configuredPaths() {
			dirs, notes := configuredSchemaDirs(d.module(), d.root, d.cfg.SchemaPaths)
			d.notes(notes)
			parts = append(parts, d.migrationCatalogs(dirs, nil)...)
		}
		if c := d.compiled(); c != nil {
			dirs, notes := compiledSchemaDirs(d.module(), c) // compiled.go
			d.notes(notes)
			parts = append(parts, d.migrationCatalogs(dirs, nil)...)
		}
	}
	if !d.configuredPaths() && !d.hermetic() {
		parts = append(parts, d.embedCatalogs()...)
	}
	own, hasOwnDDL := d.siteCatalog(sites)
	parts = append(parts, own...)
	if hasOwnDDL {
		covered = insertSorted(covered, pass.Pkg.Path())
	}

	cat := schema.New()
	for _, p := range parts {
		cat.Merge(p)
	}
	d.applyConfigHashes(cat, cfg)
	ev, obs := writeEvidence(sites, cat, d.srcOf, d.res.Parses)
	d.problems = append(d.problems, applyHashEvidence(cat, ev, &d.res.Own)...)
	d.applyBucketEvidence(cat, obs, &d.res.Own) // hashbucket.go
	if m := cfg.Session().ModuleEvidence(); m != nil {
		m.ApplyTo(cat) // module.go: the standalone driver's second round
	}
	if len(cat.Tables) > 0 || len(cat.KeyConflicts) > 0 {
		pass.ExportPackageFact(newFact(cat, covered))
	}
	d.res.Catalog = cat
	d.dropSubstituted()
	d.finishProblems()
	return d.res, nil
}

// inScope reports whether pkg can reach ydb-go-sdk or database/sql through
// its imports, or declares or imports a configured sink (config.Sink), and
// is not one of those libraries itself. Other packages cannot define or
// query YDB tables, so they return at once, before any file-system access.
func inScope(pkg *types.Package, cfg *config.Config) bool {
	// The SDK's own repository has clients too: its tests/ packages and
	// external _test packages create and query tables like any service
	// (sdk.IsLibrary, the line querysite's pkgscope draws too).
	if pkg == nil || isDBLibrary(pkg.Path()) && !sdk.InSDK(pkg.Path()) || sdk.IsLibrary(pkg.Path()) {
		return false
	}
	sinkPkgs := map[string]bool{}
	if cfg != nil {
		for _, s := range cfg.Sinks {
			sinkPkgs[s.Package] = true
		}
	}
	if sinkPkgs[pkg.Path()] {
		return true
	}
	isDB := func(p string) bool { return isDBLibrary(p) || sinkPkgs[p] }
	seen := map[*types.Package]bool{}
	var reach func(p *types.Package) bool
	reach = func(p *types.Package) bool {
		for _, imp := range p.Imports() {
			if seen[imp] {
				continue
			}
			seen[imp] = true
			if isDB(imp.Path()) || reach(imp) {
				return true
			}
		}
		return false
	}
	return reach(pkg)
}

func isDBLibrary(p string) bool {
	return p == "database/sql" || strings.HasPrefix(p, "database/sql/") ||
		p == "github.com/ydb-platform/ydb-go-sdk/v3" || strings.HasPrefix(p, "github.com/ydb-platform/ydb-go-sdk/v3/")
}

// discovery is the state of one run.
type discovery struct {
	pass     *analysis.Pass
	cfg      *config.Config // nil only in unit tests
	res      *Result
	root     string // module root, when scanned or found
	pkgDir   string
	goFiles  map[string]*token.File // module-relative name → this package's file
	problems []Problem
	// undecoded holds the positions of this package's CreateTable calls
	// whose path or options querysite could not recover.
	undecoded map[schema.Source]bool
	// substituted lists those the scan decoded instead.
	substituted []schema.Source
}

func (d *discovery) init() {
	d.pkgDir = packageDir(d.pass.Fset, d.pass.Files)
}

// moduleRoot is pass.Module.Dir when the driver sets it (the checker,
// golangci-lint, go vet from go1.27), else the nearest go.mod above the
// package directory (go vet before go1.27). Under -hermetic it is the
// configuration's base directory (the working directory), which nothing
// walks.
func (d *discovery) moduleRoot() string {
	if d.hermetic() {
		return d.cfg.ModuleDir
	}
	if m := d.pass.Module; m != nil && m.Dir != "" {
		return filepath.Clean(m.Dir)
	}
	if d.pkgDir == "" {
		return ""
	}
	return srcfiles.FindModuleRoot(d.pkgDir)
}

// module returns the module at d.root as this process has read it (the
// session's module scans, see package modscan).
func (d *discovery) module() *modscan.Module {
	return d.cfg.Session().Modules().Module(d.root)
}

// hermetic reports whether the configuration allows no read but the
// package's own files and the named inputs (config.Config.Hermetic): then
// neither the module walk (sources 1 and 2) nor the //go:embed-ded files
// (source 3) are read, only the configured schema paths.
func (d *discovery) hermetic() bool { return d.cfg != nil && d.cfg.Hermetic }

// configuredPaths reports whether the configuration lists schema paths or
// the binary has schema files compiled in, which then replace the
// discovery of migration files (configured.go, compiled.go).
func (d *discovery) configuredPaths() bool {
	return d.cfg != nil && len(d.cfg.SchemaPaths) > 0 || d.compiled() != nil
}

// compiled returns the schema files compiled into the binary, or nil.
func (d *discovery) compiled() *session.CompiledSchema {
	if d.cfg == nil {
		return nil
	}
	return d.cfg.Session().CompiledSchema()
}

// confinement is the directory reads are confined to: the module root, or
// the package directory when there is no module (GOPATH layouts).
func (d *discovery) confinement() string {
	if d.root == "" {
		d.root = d.moduleRoot()
	}
	if d.root != "" {
		return d.root
	}
	return d.pkgDir
}

// rel names a file for Sources: relative to the module root when inside
// it, else as given.
func (d *discovery) rel(name string) string {
	if root := d.confinement(); root != "" {
		if r, ok := srcfiles.Rel(root, name); ok {
			return r
		}
	}
	return filepath.ToSlash(name)
}

// srcOf converts a Go position to a Source.
func (d *discovery) srcOf(pos token.Pos) schema.Source {
	if !pos.IsValid() {
		return schema.Source{}
	}
	p := d.pass.Fset.Position(pos)
	if p.Filename == "" {
		return schema.Source{}
	}
	return schema.Source{File: d.rel(p.Filename), Line: p.Line}
}

// importedFacts merges the facts of the direct imports. Each is already the
// merge of its own imports, so direct imports suffice in every driver.
func (d *discovery) importedFacts() (*schema.Catalog, []string) {
	cat := schema.New()
	var covered []string
	imports := d.pass.Pkg.Imports()
	paths := make([]string, 0, len(imports))
	byPath := map[string]*types.Package{}
	for _, imp := range imports {
		paths = append(paths, imp.Path())
		byPath[imp.Path()] = imp
	}
	sort.Strings(paths)
	for _, p := range paths {
		var f schemaFact
		if d.pass.ImportPackageFact(byPath[p], &f) {
			cat.Merge(f.catalog())
			for _, c := range f.Covered {
				covered = insertSorted(covered, c)
			}
		}
	}
	return cat, covered
}

func insertSorted(list []string, s string) []string {
	i := sort.SearchStrings(list, s)
	if i < len(list) && list[i] == s {
		return list
	}
	list = append(list, "")
	copy(list[i+1:], list[i:])
	list[i] = s
	return list
}

// migrationCatalogs applies each directory of schema files in its own
// catalogue, in the order its layout (goose, golang-migrate, plain) gives.
// skip lists directories already applied.
func (d *discovery) migrationCatalogs(dirs []sqlDir, skip map[string]bool) []*schema.Catalog {
	var out []*schema.Catalog
	for _, dir := range dirs {
		if skip[dir.dir] {
			continue
		}
		files := make([]schema.File, len(dir.files))
		for i, f := range dir.files {
			files[i] = schema.File{Name: f.Rel, Content: f.Content}
		}
		c := schema.New()
		tool, order := "", ""
		if d.cfg != nil {
			tool, order = d.cfg.MigrationTool, d.cfg.MigrationOrder
		}
		ApplyMigrations(c, files, tool, order)
		out = append(out, c)
	}
	return out
}

// moduleGoCatalogs applies the Go DDL found by the syntactic scan, one
// catalogue per package directory (in file and line order), leaving out
// this package (its query sites say the same with hole keys) and the
// packages whose facts already cover their own DDL.
func (d *discovery) moduleGoCatalogs(ms *moduleScan, covered []string) []*schema.Catalog {
	skipDirs := map[string]bool{}
	if d.pkgDir != "" {
		if r, ok := srcfiles.Rel(ms.root, d.pkgDir); ok {
			skipDirs[r] = true
		}
	}
	if ms.modPath != "" {
		for _, p := range covered {
			if p == ms.modPath {
				skipDirs["."] = true
			} else if rest, ok := strings.CutPrefix(p, ms.modPath+"/"); ok {
				skipDirs[rest] = true
			}
		}
	}
	var out []*schema.Catalog
	var cur *schema.Catalog
	var order *creators
	curDir := ""
	for _, g := range ms.goDDL {
		dir := path.Dir(g.File)
		if skipDirs[dir] && (g.Def == nil || !d.undecoded[schema.Source{File: g.File, Line: g.Line}]) {
			// This package's own calls come from its query sites, except
			// those the typed pass could not decode (options from another
			// package, a map of functions): the scan's reading stands in.
			continue
		}
		if skipDirs[dir] {
			d.substituted = append(d.substituted, schema.Source{File: g.File, Line: g.Line})
		}
		if cur == nil || dir != curDir {
			cur, curDir, order = schema.New(), dir, newCreators(nil)
			out = append(out, cur)
		}
		if g.Def == nil {
			if dl, _ := schema.DialectOf(g.Text); dl == schema.DialectOther {
				continue // another database's DDL in the same module
			}
		}
		var script *yql.Script
		if g.Def == nil {
			script = schema.ProgramDDL(g.Text, yql.Parse(g.Text))
		}
		apply := func(c *schema.Catalog) {
			if g.Def != nil {
				c.ApplyDefinition(*g.Def)
			} else {
				applyProgramText(c, g.File, g.Line, g.Text, script)
			}
		}
		target := cur
		if order.redefinesIn(g.Func, apply) {
			target = schema.New()
			out = append(out, target)
		}
		apply(target)
	}
	return out
}

// embedCatalogs applies schema files named by the package's //go:embed
// directives that the module scan did not already apply.
func (d *discovery) embedCatalogs() []*schema.Catalog {
	pats := embedPatterns(d.pass.Files)
	if len(pats) == 0 || d.pkgDir == "" {
		return nil
	}
	root := d.confinement()
	dirs, notes := embeddedSchemaFiles(root, d.pkgDir, pats)
	d.notes(notes)
	skip := map[string]bool{}
	if d.res.ModuleRoot != "" && d.res.ModuleRoot == root {
		// The module walk already applied these directories, unless they
		// lie where the walk does not go (testdata, hidden directories).
		for _, sd := range scanModule(d.module()).sqlDirs {
			skip[sd.dir] = true
		}
	}
	return d.migrationCatalogs(d.yqlDirs(dirs), skip)
}

// siteCatalog applies this package's query-site DDL in source order. A site
// with several alternative texts gets one catalogue per alternative.
func (d *discovery) siteCatalog(sites []*site.Site) ([]*schema.Catalog, bool) {
	defs, notes := siteDefinitions(sites, d.srcOf)
	d.problems = append(d.problems, notes...)
	if len(defs) == 0 {
		return nil, false
	}
	ordered := schema.New()
	out := []*schema.Catalog{ordered}
	creators := newCreators(d.pass.Files)
	for _, def := range defs {
		script := programScript(def, d.res.Parses)
		apply := func(target *schema.Catalog) { d.applySiteDDL(target, def, script) }
		target := ordered
		if def.variant > 0 || creators.redefines(def.pos, apply) {
			target = schema.New()
			out = append(out, target)
		}
		apply(target)
	}
	return out, true
}

// programScript parses a site's DDL text once (nil for a decoded
// CreateTable): siteorder applies it to a scratch catalogue first.
func programScript(def siteDDL, parses *siteplan.Parses) *yql.Script {
	if def.def != nil {
		return nil
	}
	return schema.ProgramDDL(def.text, parses.Parse(def.text))
}

// applySiteDDL applies one site's DDL to target; script is
// programScript(def).
func (d *discovery) applySiteDDL(target *schema.Catalog, def siteDDL, script *yql.Script) {
	switch {
	case def.def != nil:
		target.ApplyDefinition(*def.def)
	case def.orig != nil:
		orig, shifts, siteSrc := def.orig, def.shifts, def.src
		target.ApplyScript(def.text, script, func(off int) schema.Source {
			o := shifts.Orig(off)
			pos, _ := orig.PosRange(o, o+1)
			if s := d.srcOf(pos); !s.IsZero() {
				return s
			}
			return siteSrc
		})
	default:
		applyProgramText(target, def.src.File, def.src.Line, def.text, script)
	}
}

// applyProgramText applies DDL text found in Go code starting at file:line,
// already parsed and filtered by schema.ProgramDDL (script).
func applyProgramText(c *schema.Catalog, file string, line int, text string, script *yql.Script) {
	if line <= 0 {
		line = 1
	}
	c.ApplyScript(text, script, func(off int) schema.Source {
		if off > len(text) {
			off = len(text)
		}
		return schema.Source{File: file, Line: line + strings.Count(text[:max(off, 0)], "\n")}
	})
}

// notes turns skipped-file notes into problems.
func (d *discovery) notes(ns []srcfiles.Note) {
	for _, n := range ns {
		d.problems = append(d.problems, Problem{
			Category: CategorySkippedFile,
			Src:      schema.Source{File: n.Rel},
			Message:  n.Msg,
		})
	}
}

// finishProblems adds conflicts and catalogue warnings, anchors problems in
// this package's Go files, and sorts them.
func (d *discovery) finishProblems() {
	cat := d.res.Catalog
	for _, c := range cat.Conflicts() {
		if strings.HasSuffix(c.Src.File, "_test.go") && strings.HasSuffix(c.OtherSrc.File, "_test.go") {
			// Tests create throwaway tables of one name in their own
			// folders; the table is still ignored (-explain says so), but
			// two tests disagreeing is not a finding.
			continue
		}
		d.problems = append(d.problems, Problem{
			Category: CategoryConflict,
			Src:      c.OtherSrc,
			Table:    c.Path,
			Message: fmt.Sprintf("table %s is defined with primary key (%s) at %s and (%s) at %s; ydblint ignores the table",
				c.Path, strings.Join(c.Key, ", "), c.Src, strings.Join(c.OtherKey, ", "), c.OtherSrc),
		})
		// Anchor at whichever definition lies in this package.
		if p, e := d.goRange(c.OtherSrc); p.IsValid() {
			d.problems[len(d.problems)-1].Pos, d.problems[len(d.problems)-1].End = p, e
		} else if p, e := d.goRange(c.Src); p.IsValid() {
			last := &d.problems[len(d.problems)-1]
			last.Pos, last.End, last.Src = p, e, c.Src
		}
	}
	for _, w := range cat.Warnings {
		d.problems = append(d.problems, Problem{Category: CategoryWarning, Src: w.Src, Message: w.Msg})
	}
	for i := range d.problems {
		p := &d.problems[i]
		if !p.Pos.IsValid() {
			p.Pos, p.End = d.goRange(p.Src)
		}
	}
	sort.SliceStable(d.problems, func(i, j int) bool {
		a, b := d.problems[i].Src, d.problems[j].Src
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	d.res.Problems = d.problems
}

// goRange returns the range of line src.Line in this package's Go file
// src.File (trimmed of indentation), or NoPos when src is elsewhere.
func (d *discovery) goRange(src schema.Source) (token.Pos, token.Pos) {
	if src.Line <= 0 || !strings.HasSuffix(src.File, ".go") {
		return token.NoPos, token.NoPos
	}
	if d.goFiles == nil {
		d.goFiles = map[string]*token.File{}
		for _, f := range d.pass.Files {
			if tf := d.pass.Fset.File(f.FileStart); tf != nil {
				d.goFiles[d.rel(tf.Name())] = tf
			}
		}
	}
	tf := d.goFiles[src.File]
	if tf == nil || src.Line > tf.LineCount() {
		return token.NoPos, token.NoPos
	}
	start := tf.LineStart(src.Line)
	end := token.Pos(tf.Base() + tf.Size())
	if src.Line < tf.LineCount() {
		end = tf.LineStart(src.Line+1) - 1
	}
	// Skip indentation so the range starts at code, as a user would select it.
	for _, f := range d.pass.Files {
		if f.FileStart <= start && start < f.FileEnd {
			ast.Inspect(f, func(n ast.Node) bool {
				if n == nil || n.Pos() > end || n.End() < start {
					return false
				}
				if n.Pos() >= start && n.Pos() < end {
					start = n.Pos()
					return false
				}
				return true
			})
		}
	}
	return start, end
}

// dropSubstituted removes the "cannot decode" notes of CreateTable calls
// whose definition the module scan supplied.
func (d *discovery) dropSubstituted() {
	if len(d.substituted) == 0 {
		return
	}
	kept := d.problems[:0]
	for _, p := range d.problems {
		if p.Category == CategoryIncomplete && slices.Contains(d.substituted, p.Src) {
			continue
		}
		kept = append(kept, p)
	}
	d.problems = kept
}
