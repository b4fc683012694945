package evalenv_test

import (
	"go/token"
	"go/types"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval"
	"github.com/ydblint/ydblint/internal/ssaprog"
	"github.com/ydblint/ydblint/internal/testenv"
	"github.com/ydblint/ydblint/passes/querysite/evalenv"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssatest"
)

// TestMain downloads the test-data module's dependencies first: the tests
// load it with GOPROXY=off (see package testenv).
func TestMain(m *testing.M) { testenv.Main(m) }

// host is a minimal evalenv.Host over every body of the package: the
// callers of an unexported function are its static calls in the package,
// a package variable's stores are the Store instructions to it, and
// nothing is embedded. It shows what evalenv needs of querysite.
type host struct {
	pass  *analysis.Pass
	prog  *ssaprog.Program
	funcs []*ssa.Function
}

func (h *host) Pass() *analysis.Pass                         { return h.pass }
func (h *host) Package() *ssa.Package                        { return h.prog.Pkg }
func (h *host) Program() *ssaprog.Program                    { return h.prog }
func (h *host) Funcs() []*ssa.Function                       { return h.funcs }
func (h *host) Embedded(obj *types.Var) (string, bool, bool) { return "", false, false }

func (h *host) KnownCallers(p *ssa.Parameter) ([]ssa.CallInstruction, int) {
	fn := p.Parent()
	if fn == nil || fn.Object() == nil || fn.Object().Exported() {
		return nil, -1
	}
	idx := -1
	for i, q := range fn.Params {
		if q == p {
			idx = i
		}
	}
	var calls []ssa.CallInstruction
	for _, call := range ssatest.CallsWhere(h.funcs, func(c *ssa.CallCommon) bool { return c.StaticCallee() == fn }) {
		calls = append(calls, call)
	}
	return calls, idx
}

func (h *host) GlobalStores(g *ssa.Global) ([]*ssa.Store, bool) {
	var stores []*ssa.Store
	escaped := false
	for _, f := range h.funcs {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok && st.Addr == g {
					stores = append(stores, st)
					escaped = escaped || st.Val == g
					continue
				}
				if u, ok := instr.(*ssa.UnOp); ok && u.Op == token.MUL {
					continue
				}
				var ops [8]*ssa.Value
				for _, op := range instr.Operands(ops[:0]) {
					escaped = escaped || *op == g
				}
			}
		}
	}
	return stores, escaped
}

// every keeps every body of the package.
var every = ssaprog.Seeds{
	Object:  func(types.Object) bool { return true },
	Method:  func(*types.Func) bool { return true },
	Literal: func(string) bool { return true },
	Decl:    func(*types.Func) bool { return true },
}

// reporter exports the package's summaries, then reports the text the
// evaluator gives the argument of each call of the package's function
// sink.
var reporter = &analysis.Analyzer{
	Name:       "evalenvreport",
	Doc:        "report the evaluated text handed to sink (test only)",
	Requires:   []*analysis.Analyzer{ssaprog.Analyzer},
	FactTypes:  []analysis.Fact{new(evalenv.Fact)},
	ResultType: reflect.TypeFor[bool](),
	Run: func(pass *analysis.Pass) (any, error) {
		prog := ssaprog.Of(pass).Build(every)
		if prog == nil {
			return false, nil
		}
		h := &host{pass: pass, prog: prog, funcs: prog.Funcs()}
		if init := prog.Pkg.Func("init"); init != nil {
			h.funcs = append(h.funcs, init)
		}
		p := evalenv.NewPackage(h)
		p.ExportSummaries()
		ev := goeval.New(p.Env(), goeval.Budget{})
		for _, call := range ssatest.CallsTo(h.funcs, "sink") {
			pass.Reportf(call.Pos(), "%s", ev.Value(call.Parent(), call.Call.Args[0]).String())
		}
		return true, nil
	},
}

// TestEnvironment: an importer interprets the builder package's exported
// methods and reads its variable only the initialiser assigns through the
// exported Fact; a variable another function writes is unknown; a field a
// constructor stores its string parameter into holds what every caller
// passes (or its zero value: the receiver may be a writer{} made
// elsewhere).
func TestEnvironment(t *testing.T) {
	ssatest.Run(t, reporter, "example.com/evalenv/qb", "example.com/evalenv/svc")
}
