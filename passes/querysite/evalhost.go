package querysite

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval"
	"github.com/ydblint/ydblint/internal/ssaprog"
	"github.com/ydblint/ydblint/passes/querysite/evalenv"
)

// evalHost is the pass as package evalenv sees it (evalenv.Host): the
// package, the bodies querysite sees, and the callers, global stores and
// embedded files the rest of the pass already tracks.
type evalHost struct{ a *pkgAnalysis }

func (h evalHost) Pass() *analysis.Pass { return h.a.pass }

func (h evalHost) Package() *ssa.Package { return h.a.pkg }

func (h evalHost) Program() *ssaprog.Program { return h.a.prog }

func (h evalHost) Funcs() []*ssa.Function { return h.a.funcs }

func (h evalHost) KnownCallers(p *ssa.Parameter) ([]ssa.CallInstruction, int) {
	return h.a.knownCallers(p) // paramkey.go
}

func (h evalHost) GlobalStores(g *ssa.Global) ([]*ssa.Store, bool) { return h.a.globalStores(g) }

func (h evalHost) Embedded(obj *types.Var) (string, bool, bool) {
	return h.a.embedded(obj)
}

// evalPackage returns the package as evalenv knows it, made on first use.
func (a *pkgAnalysis) evalPackage() *evalenv.Package {
	if a.evalPkg == nil {
		a.evalPkg = evalenv.NewPackage(evalHost{a})
	}
	return a.evalPkg
}

// evaluator returns the package's Evaluator, made at the first site that
// asks for one: packages without sites pay nothing.
func (a *pkgAnalysis) evaluator() *goeval.Evaluator {
	if a.eval == nil {
		a.eval = goeval.New(a.evalPackage().Env(), goeval.Budget{})
	}
	return a.eval
}
