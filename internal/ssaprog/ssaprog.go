package ssaprog

import (
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/noreturn"
	"github.com/ydblint/ydblint/internal/sdk"
)

// Analyzer's result is a *Builder. It builds nothing itself: the
// consumers ask it for the package's program (Builder.Build, All). It
// runs despite type errors so that querysite, which does, may Require it;
// the consumers decide whether a package is complete enough for SSA.
var Analyzer = &analysis.Analyzer{
	Name:             "ssaprog",
	Doc:              "build each package's one SSA program, shared by querysite and the SDK-usage rules",
	URL:              "https://pkg.go.dev/github.com/ydblint/ydblint/internal/ssaprog",
	Run:              run,
	Requires:         []*analysis.Analyzer{noreturn.Analyzer},
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Builder](),
}

func run(pass *analysis.Pass) (any, error) {
	nr, _ := pass.ResultOf[noreturn.Analyzer].(*noreturn.Result)
	return &Builder{pass: pass, noReturn: nr.NoReturn}, nil
}

// Of returns the pass's Builder (nil when the pass does not Require
// Analyzer).
func Of(pass *analysis.Pass) *Builder {
	b, _ := pass.ResultOf[Analyzer].(*Builder)
	return b
}

// EveryBody reports whether the program of pkg holds every function body:
// the SDK-usage rules read every source function of a package that
// imports ydb-go-sdk (directly or through its imports) and is not one of
// the SDK's own library packages. Other packages get only the bodies
// querysite's plan keeps.
func EveryBody(pkg *types.Package) bool {
	return sdk.ImportsSDK(pkg) && !sdk.IsLibrary(pkg.Path())
}

// Builder builds the package's program on first demand and hands out
// views of it.
type Builder struct {
	pass *analysis.Pass
	// noReturn reports whether a call of a function never returns: the
	// program with every body has these answers, as buildssa's has.
	noReturn func(*types.Func) bool

	mu sync.Mutex
	// prog and pkg hold the program with every body, once built.
	prog *ssa.Program
	pkg  *ssa.Package
}

// Build returns the program as querysite, which needs the bodies seeds
// select (planBodies), sees it, or nil when it needs none. querysite reads
// code after a call that never returns (a stub that panics, log.Fatal) as
// if the call returned, so its program has no no-return answers.
//
// Where the SDK-usage rules have already had the program with every body
// built (All), Build returns a view of it that hides the other bodies, so
// that querysite sees the same program either way; unless a body it shows
// calls a function that never returns, where the two programs differ.
// Otherwise it builds a program of the planned bodies alone, which is not
// kept here (the checker keeps every result until the run ends, and no
// other consumer reads it). Build does not build every body itself: the
// rules run on the packages named on the command line only, while
// querysite runs on their dependencies too, which would then get every
// body for nothing. In the standalone driver the rules' gate usually comes
// first (querysite waits for its facts of every dependency).
func (b *Builder) Build(seeds Seeds) *Program {
	if b == nil {
		return nil
	}
	plan := planBodies(b.pass.Files, b.pass.TypesInfo, b.pass.Pkg, seeds)
	if plan.nothing() {
		return nil
	}
	if prog, pkg := b.built(); prog != nil {
		if view := newProgram(prog, pkg, b.pass, plan, true); !view.callsNoReturn(b.noReturn) {
			return view
		}
	}
	prog, pkg := build(b.pass, nil, plan)
	return newProgram(prog, pkg, b.pass, plan, false)
}

// built returns the program with every body if it has been built, waiting
// for a build under way.
func (b *Builder) built() (*ssa.Program, *ssa.Package) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.prog, b.pkg
}

// All returns the program with every body, as
// golang.org/x/tools/go/analysis/passes/buildssa builds it, or nil when
// the package does not get every body (EveryBody).
func (b *Builder) All() *Program {
	if b == nil || !EveryBody(b.pass.Pkg) {
		return nil
	}
	prog, pkg := b.everyBody()
	return newProgram(prog, pkg, b.pass, nil, false)
}

// everyBody builds the program with every body the first time it is asked
// for. A build that panics leaves nothing behind, so the next caller tries
// again (and meets the same panic in its own pass).
func (b *Builder) everyBody() (*ssa.Program, *ssa.Package) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.prog == nil {
		b.prog, b.pkg = build(b.pass, b.noReturn, nil)
	}
	return b.prog, b.pkg
}

// build is buildssa's run (x/tools v0.52.0 go/analysis/passes/buildssa)
// with three differences. The no-return predicate, if any, is
// internal/noreturn's (ctrlflow's answers without its cost). With a plan,
// the bodies it leaves out are handed to SSA without one. And the package
// initialiser does not call the imports' initialisers (BareInits), so that
// only the imports the bodies refer to by a package-level func or var need
// an SSA package: creating one for every import cost more than building
// the bodies on large packages.
func build(pass *analysis.Pass, noReturn func(*types.Func) bool, plan *bodyPlan) (*ssa.Program, *ssa.Package) {
	prog := ssa.NewProgram(pass.Fset, ssa.BareInits)
	if noReturn != nil {
		prog.SetNoReturn(noReturn)
	}
	files, imports := pass.Files, map[*types.Package]bool(nil)
	if plan == nil {
		imports = importsOf(pass.TypesInfo, pass.Pkg)
	} else {
		files, imports = plan.files(pass.Files), plan.imports
	}
	for _, p := range pass.Pkg.Imports() {
		if imports[p] {
			prog.CreatePackage(p, nil, nil, true)
		}
	}
	pkg := prog.CreatePackage(pass.Pkg, files, pass.TypesInfo, false)
	pkg.Build()
	return prog, pkg
}

// importsOf returns the imported packages whose package-level funcs or
// vars the package refers to: the ones SSA needs for every body.
func importsOf(info *types.Info, pkg *types.Package) map[*types.Package]bool {
	out := map[*types.Package]bool{}
	for _, obj := range info.Uses {
		if obj.Pkg() != nil && obj.Pkg() != pkg && packageLevel(obj) {
			out[obj.Pkg()] = true
		}
	}
	return out
}
