package localcell_test

import (
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/testenv"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssatest"
	"github.com/ydblint/ydblint/passes/querysite/localcell"
)

// TestMain prepares the test-data modules (see package testenv).
func TestMain(m *testing.M) { testenv.Main(m) }

// bodies is a minimal localcell.Host: every body buildssa built.
type bodies struct{}

func (bodies) Blocks(fn *ssa.Function) []*ssa.BasicBlock { return fn.Blocks }

// constText is v as a constant, "none" for nil or anything else.
func constText(v ssa.Value) string {
	if k, ok := v.(*ssa.Const); ok && k.Value != nil {
		return k.Value.ExactString()
	}
	return "none"
}

// reporter reports, for the value loaded at each call of the package's
// function sink, what Cells says of the variable it is loaded from: the
// value Value gives a local variable, and for a load through
// a pointer a helper handed back, the variable Aliased resolves it to.
var reporter = &analysis.Analyzer{
	Name:       "localcellreport",
	Doc:        "report the values of the variables loaded at sink (test only)",
	Requires:   []*analysis.Analyzer{buildssa.Analyzer},
	ResultType: reflect.TypeFor[bool](),
	Run: func(pass *analysis.Pass) (any, error) {
		cells := localcell.New(bodies{}, pass.Pkg)
		for _, call := range ssatest.CallsTo(pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA).SrcFuncs, "sink") {
			load, ok := call.Call.Args[0].(*ssa.UnOp)
			if !ok {
				continue
			}
			prefix := ""
			alloc, ok := load.X.(*ssa.Alloc)
			if !ok {
				if alloc = cells.Aliased(load.X); alloc == nil {
					pass.Reportf(call.Pos(), "not aliased")
					continue
				}
				prefix = "aliased "
			}
			pass.Reportf(call.Pos(), "%svalue=%s", prefix, constText(cells.Value(alloc)))
		}
		return true, nil
	},
}

// TestCells: a variable read through by a callee, written by one, read
// through a pointer a helper hands back, and written through that pointer.
func TestCells(t *testing.T) {
	ssatest.Run(t, reporter, "example.com/localcell/cells")
}
