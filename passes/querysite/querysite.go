package querysite

import (
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/srcindex"
	"github.com/ydblint/ydblint/internal/ssaprog"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/querysite/bindings"
	"github.com/ydblint/ydblint/passes/querysite/cfgsink"
	"github.com/ydblint/ydblint/passes/querysite/dbhandle"
	"github.com/ydblint/ydblint/passes/querysite/evalenv"
	"github.com/ydblint/ydblint/passes/querysite/gohash"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
	"github.com/ydblint/ydblint/passes/querysite/localcell"
	"github.com/ydblint/ydblint/passes/querysite/pkgscope"
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
	FactTypes:        []analysis.Fact{new(sinkFact), new(gohash.Fact), new(pkgscope.ReachFact), new(pkgscope.IncompleteFact), new(rowshape.ShapeFact), new(rowshape.ImplsFact), new(evalenv.Fact)},
}

// Bounds: every recursion and enumeration is capped so that no input can
// make the pass slow or panic.
const (
	maxVariants  = 16              // text variants per value (φ branches, Sprintf args)
	maxDepth     = ssaval.MaxDepth // value-tracing recursion depth
	maxIter      = 6               // fixed-point rounds for in-package wrapper summaries
	maxEmbedSize = 1 << 20
)

// failed is the Result of a package on which the pass panicked: no sites,
// and the failure for the rules to report (see report.WrapFact).
func failed(_ *analysis.Pass, msg string) any { return &site.Result{Failure: msg} }

func run(pass *analysis.Pass) (any, error) {
	res := &site.Result{}
	plan := pkgscope.Decide(pass)
	switch plan.Kind {
	case pkgscope.Skip, pkgscope.Incomplete:
		return res, nil
	case pkgscope.Summaries:
		if a := newAnalysis(pass); a != nil {
			if plan.Hashes {
				a.summarize()
			}
			if plan.Texts {
				a.evalPackage().ExportSummaries() // evalhost.go
			}
		}
		return res, nil
	}
	a := newAnalysis(pass)
	if a == nil {
		return res, nil // no function can matter (ssaprog plans no body)
	}
	a.cfgSinks = plan.Sinks
	a.summarize()
	if plan.Texts {
		a.evalPackage().ExportSummaries() // evalhost.go
	}
	a.rows.ExportShapes(a.prog, a.funcs)
	a.collectSites()
	sort.SliceStable(a.res.Sites, func(i, j int) bool { return a.res.Sites[i].Pos < a.res.Sites[j].Pos })
	return a.res, nil
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
	embeds         map[*types.Var]*embedFile // //go:embed variables, read once (embed.go)
	pkgByPath      map[string]*types.Package

	sinks map[*ssa.Function]*sinkFact // in-package wrapper summaries
	// localSinks keeps the in-package summaries with Go positions (facts
	// carry none).
	localSinks map[*ssa.Function]*sinkSummary
	hashes     *gohash.Deriver              // Go hashes of values, hash summaries (hashhost.go)
	cfgSinks   *cfgsink.Sinks               // nil when the configuration declares none
	paramKeys  *paramKeyState               // callers of each function (paramkey.go), built on first use
	rows       *rowshape.Decoder            // rows, keys and row shapes (rowhost.go)
	params     *bindings.Decoder[*ctx]      // parameters (bindhost.go)
	cells      *localcell.Cells             // local variables read through pointers (values.go)
	handles    *dbhandle.Tracer             // database/sql handles (dbhost.go)
	evalPkg    *evalenv.Package             // the evaluator's view of the package (evalhost.go)
	eval       *goeval.Evaluator            // made at the first site (evalhost.go)
	paramsAt   map[token.Pos]*ssa.Parameter // the package's parameters by declaration (evaltext.go)
}

// newAnalysis returns nil when no function of the package can hold a site
// or a summary (pkgscope.Seeds): then querysite asks for no SSA at all.
func newAnalysis(pass *analysis.Pass) *pkgAnalysis {
	a := &pkgAnalysis{
		pass:       pass,
		res:        &site.Result{},
		src:        srcindex.New(pass.Files, pass.TypesInfo),
		sinks:      map[*ssa.Function]*sinkFact{},
		localSinks: map[*ssa.Function]*sinkSummary{},
	}
	a.rows = rowshape.NewDecoder(pass, rowHost{a})
	a.params = bindings.NewDecoder[*ctx](bindHost{a}, maxDepth)
	a.hashes = gohash.New(pass, hashHost{a})
	a.prog = ssaprog.Of(pass).Build(pkgscope.Seeds(pass, cfgsink.New(configOf(pass)), seedFact))
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

func configOf(pass *analysis.Pass) *config.Config {
	cfg, _ := pass.ResultOf[config.Analyzer].(*config.Config)
	return cfg
}

// seedFact tells pkgscope.Seeds the object facts whose holders need an SSA
// body: a sink summary or a hash helper.
func seedFact(f analysis.Fact) bool {
	switch f.(type) {
	case *sinkFact, *gohash.Fact:
		return true
	}
	return false
}
