package querysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/internal/goeval"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/srcindex"
	"github.com/ydblint/ydblint/internal/ssaprog"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/querysite/bindings"
	"github.com/ydblint/ydblint/passes/querysite/cfgsink"
	"github.com/ydblint/ydblint/passes/querysite/dbhandle"
	"github.com/ydblint/ydblint/passes/querysite/evalenv"
	"github.com/ydblint/ydblint/passes/querysite/gohash"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
	"github.com/ydblint/ydblint/passes/querysite/localcell"
	"github.com/ydblint/ydblint/passes/querysite/rowshape"
)

// Analyzer finds query sites. It reports no diagnostics: consumers Require
// it and read its *Result.
//
// It asks internal/ssaprog for SSA instead of requiring buildssa: as a fact
// analyzer it runs on every dependency (the whole standard library under go
// vet), and buildssa would build SSA for all of them. Packages that cannot
// reach ydb-go-sdk or database/sql return an empty Result before any SSA
// exists.
// For the same reason it does not Require inspect.Analyzer: the inspector's
// event list, built and kept for every dependency, cost ~15% of the CPU and
// ~30% of the peak memory of a run over ydb-go-sdk; its two syntax walks
// use ast.Inspect instead. It runs on packages with errors too, so that a
// type error in one package does not fail the pass ("failed prerequisites")
// on every importer; such a package gets an empty Result.
var Analyzer = &analysis.Analyzer{
	Name:             "querysite",
	Doc:              "find the places where Go code hands YQL text, parameters, rows or table options to ydb-go-sdk or database/sql",
	URL:              "https://pkg.go.dev/github.com/ydblint/ydblint/passes/querysite",
	Run:              report.WrapFact(run, failed),
	Requires:         []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer, ssaprog.Analyzer},
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*site.Result](),
	FactTypes:        []analysis.Fact{new(sinkFact), new(textFact), new(gohash.Fact), new(reachFact), new(incompleteFact), new(rowshape.ShapeFact), new(rowshape.ImplsFact), new(evalenv.Fact)},
}

// Bounds: every recursion and enumeration is capped so that no input can
// make the pass slow or panic.
const (
	maxVariants  = 16              // text variants per value (φ branches, Sprintf args)
	maxDepth     = ssaval.MaxDepth // value-tracing recursion depth
	maxIter      = 6               // fixed-point rounds for in-package wrapper summaries
	maxEmbedSize = 1 << 20
)

// reachFact marks a package that can reach ydb-go-sdk or database/sql, so
// that importers whose own imports do not mention them (they call a wrapper
// package) still get analysed. It is re-derived in every package, because
// go vet shows package facts of direct imports only.
type reachFact struct{}

func (*reachFact) AFact()         {}
func (*reachFact) String() string { return "reachesYDB" }

// failed is the Result of a package on which the pass panicked: no sites,
// and the failure for the rules to report (see report.WrapFact).
func failed(_ *analysis.Pass, msg string) any { return &site.Result{Failure: msg} }

// incompleteFact marks a package whose type information is incomplete: it
// has type errors, or a package it imports does. The type checker reports
// no error of its own for expressions whose operands come from a broken
// import, but leaves them untyped, which SSA cannot build.
type incompleteFact struct{}

func (*incompleteFact) AFact()         {}
func (*incompleteFact) String() string { return "incompleteTypes" }

func run(pass *analysis.Pass) (any, error) {
	res := &site.Result{}
	// Configured sinks count wherever they are declared: the scope options
	// (include-pkgs, exclude-pkgs) only silence diagnostics, so an excluded
	// wrapper package still exports the facts its importers need.
	if analysisutil.InGOROOT(pass) {
		// The standard library holds no user query sites; its own
		// database/sql tests would otherwise have schemafact scan all of
		// GOROOT/src (16% of a run over ./net/... ./database/...).
		return res, nil
	}
	if len(pass.TypeErrors) > 0 || importsIncomplete(pass) {
		// SSA needs complete type information: nothing is recovered from
		// such a package (the driver reports the errors).
		pass.ExportPackageFact(&incompleteFact{})
		return res, nil
	}
	cs := cfgsink.New(pass.ResultOf[config.Analyzer].(*config.Config))
	reach := reaches(pass, cs)
	if !reach && (!mentionsYQL(pass) || sdkLibrary(pass)) {
		hashes := gohash.Helpers(pass)
		texts := !sdkLibrary(pass) && buildsText(pass)
		if (hashes || texts) && !hasBadSyntax(pass) {
			// Hash helpers or a query builder only: summaries and facts,
			// no sites.
			if a := newAnalysis(pass); a != nil {
				if hashes {
					a.summarize()
				}
				if texts {
					a.evalPackage().ExportSummaries() // evalhost.go
				}
			}
		}
		return res, nil
	}
	if hasBadSyntax(pass) {
		pass.ExportPackageFact(&incompleteFact{})
		return res, nil
	}
	if reach {
		pass.ExportPackageFact(&reachFact{})
	}
	a := newAnalysis(pass)
	if a == nil {
		return res, nil // no function can matter (ssaprog plans no body)
	}
	a.cfgSinks = cs
	a.summarize()
	if !sdkLibrary(pass) {
		a.evalPackage().ExportSummaries() // evalhost.go
	}
	a.rows.ExportShapes(a.prog, a.funcs)
	a.collectSites()
	sort.SliceStable(a.res.Sites, func(i, j int) bool { return a.res.Sites[i].Pos < a.res.Sites[j].Pos })
	return a.res, nil
}

// reaches reports whether pass.Pkg can reach the SDK or database/sql: an
// import of either (direct or transitive through the type-checker's view),
// or a direct import carrying reachFact. Packages of the SDK module and
// database/sql itself are skipped: their own internals are not user query
// sites and are large. A package declaring or importing a configured sink
// reaches the database through it.
func reaches(pass *analysis.Pass, cs *cfgsink.Sinks) bool {
	self := pass.Pkg.Path()
	if isSDKLibrary(self) || self == sdk.PkgSQL {
		return false
	}
	if cs.HasPkg(self) {
		return true
	}
	seen := map[*types.Package]bool{}
	var walk func(p *types.Package, depth int) bool
	walk = func(p *types.Package, depth int) bool {
		if seen[p] || depth > 64 {
			return false
		}
		seen[p] = true
		path := p.Path()
		if sdk.InSDK(path) || path == sdk.PkgSQL || cs.HasPkg(path) {
			return true
		}
		for _, imp := range p.Imports() {
			if walk(imp, depth+1) {
				return true
			}
		}
		return false
	}
	for _, imp := range pass.Pkg.Imports() {
		if pass.ImportPackageFact(imp, new(reachFact)) {
			return true
		}
	}
	return walk(pass.Pkg, 0)
}

// analysis holds the per-package state.
type pkgAnalysis struct {
	pass *analysis.Pass
	// prog is querysite's view of the package's SSA program: read every
	// function body through prog.Blocks, which hides the bodies querysite
	// does not need where the program has them for the SDK-usage rules.
	prog  *ssaprog.Program
	pkg   *ssa.Package
	funcs []*ssa.Function // source functions incl. literals, in source order, then the package initialiser
	res   *site.Result
	src   *srcindex.Index // the package's syntax by position, declaration and constant value

	stores         map[*ssa.Global][]*ssa.Store
	storesOK       bool
	escapedGlobals map[*ssa.Global]bool
	pkgByPath      map[string]*types.Package

	sinks map[*ssa.Function]*sinkFact // in-package wrapper summaries
	texts map[*ssa.Function]*textFact
	// localTexts and localSinks keep the in-package summaries with Go
	// positions (facts carry none).
	localTexts map[*ssa.Function]texts
	localSinks map[*ssa.Function]*sinkSummary
	hashes     *gohash.Deriver              // Go hashes of values, hash summaries (hashhost.go)
	cfgSinks   *cfgsink.Sinks               // nil when the configuration declares none
	paramKeys  *paramKeyState               // callers of each function (paramkey.go), built on first use
	rows       *rowshape.Decoder            // rows, keys and row shapes (rowhost.go)
	params     *bindings.Decoder[*ctx]      // parameters (bindhost.go)
	cells      *localcell.Cells             // local variables read through pointers (pointers.go)
	handles    *dbhandle.Tracer             // database/sql handles (dbhost.go)
	evalPkg    *evalenv.Package             // the evaluator's view of the package (evalhost.go)
	eval       *goeval.Evaluator            // made at the first site (evalhost.go)
	paramsAt   map[token.Pos]*ssa.Parameter // the package's parameters by declaration (evaltext.go)
	callKeys   map[token.Pos]string         // the recognisers' key of a call's value, by its parenthesis (evaltext.go callKey)
}

// newAnalysis returns nil when no function of the package can hold a site
// or a summary (seedsOf): then querysite asks for no SSA at all.
func newAnalysis(pass *analysis.Pass) *pkgAnalysis {
	a := &pkgAnalysis{
		pass:       pass,
		res:        &site.Result{},
		src:        srcindex.New(pass.Files, pass.TypesInfo),
		sinks:      map[*ssa.Function]*sinkFact{},
		texts:      map[*ssa.Function]*textFact{},
		localTexts: map[*ssa.Function]texts{},
		localSinks: map[*ssa.Function]*sinkSummary{},
	}
	a.rows = rowshape.NewDecoder(pass, rowHost{a})
	a.params = bindings.NewDecoder[*ctx](bindHost{a}, maxDepth)
	a.hashes = gohash.New(pass, hashHost{a})
	a.prog = ssaprog.Of(pass).Build(seedsOf(pass, cfgsink.New(configOf(pass))))
	if a.prog == nil {
		return nil
	}
	a.pkg = a.prog.Pkg
	a.cells = localcell.New(a.prog, pass.Pkg)
	a.handles = dbhandle.New(dbHost{a}, pass.Pkg)
	a.funcs = slices.Clip(a.prog.Funcs())
	// Package initialisers (var x = …) live in the synthetic init function.
	if init := a.pkg.Func("init"); init != nil {
		a.funcs = append(a.funcs, init)
		a.funcs = append(a.funcs, init.AnonFuncs...)
	}
	a.params.LoadPrimitives()
	return a
}

// topOf returns the outermost enclosing function of a function literal.
func topOf(fn *ssa.Function) *ssa.Function {
	for i := 0; fn.Parent() != nil && i < 64; i++ {
		fn = fn.Parent()
	}
	return fn
}

// posString renders a position stably across drivers (file base name).
func (a *pkgAnalysis) posString(pos token.Pos) string {
	if !pos.IsValid() {
		return ""
	}
	p := a.pass.Fset.Position(pos)
	return shortPos(p)
}

func shortPos(p token.Position) string {
	name := p.Filename
	for i := len(name) - 1; i >= 0; i-- {
		if name[i] == '/' || name[i] == '\\' {
			name = name[i+1:]
			break
		}
	}
	return name + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column)
}

// mentionsYQL reports whether a string literal in the package contains an
// upper-case YQL statement keyword pair (yql.HasStatementPair): a package
// of query-text helpers (A in A→B→C) must export its text facts even
// though only its importers reach the SDK. It walks tokens only,
// no SSA. A lower-case query in a package that does not reach the SDK is
// therefore not summarised (a known gap). Standard-library packages never
// get here (run returns first).
func mentionsYQL(pass *analysis.Pass) bool {
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && literalMentionsYQL(lit.Value) {
				found = true
			}
			return !found
		})
		if found {
			break
		}
	}
	return found
}

// literalMentionsYQL is mentionsYQL's test for one literal (also a seed of
// the body plan, seedsOf).
func literalMentionsYQL(lit string) bool {
	return len(lit) >= 8 && yql.HasStatementPair(lit)
}

// buildsText reports whether a string literal of the package starts a
// statement or holds a statement pair: the package may assemble query text
// for its importers, and its exported functions are summarised
// (evalenv.Fact).
func buildsText(pass *analysis.Pass) bool {
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && (yql.StartsStatement(lit.Value) || literalMentionsYQL(lit.Value)) {
				found = true
			}
			return !found
		})
		if found {
			break
		}
	}
	return found
}

// importsIncomplete reports whether a direct import carries incompleteFact
// (each package re-derives it, so direct imports suffice).
func importsIncomplete(pass *analysis.Pass) bool {
	for _, imp := range pass.Pkg.Imports() {
		if pass.ImportPackageFact(imp, new(incompleteFact)) {
			return true
		}
	}
	return false
}

// hasBadSyntax reports whether the parser left Bad nodes (syntax it could
// not read), which leave no type error behind.
func hasBadSyntax(pass *analysis.Pass) bool {
	bad := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.BadExpr, *ast.BadStmt, *ast.BadDecl:
				bad = true
			}
			return !bad
		})
		if bad {
			return true
		}
	}
	return false
}
