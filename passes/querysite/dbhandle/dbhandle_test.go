package dbhandle_test

import (
	"go/types"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/testenv"
	"github.com/ydblint/ydblint/passes/querysite/dbhandle"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssatest"
)

// TestMain downloads the test-data module's dependencies first: the tests
// load it with GOPROXY=off (see package testenv).
func TestMain(m *testing.M) { testenv.Main(m) }

// host is a minimal dbhandle.Host over buildssa's functions: every body
// is seen, so no field is written unseen; a parameter's callers are known
// when its function is unexported and only called directly; package
// variables are not followed; entry points are the SDK table's.
type host struct{ funcs []*ssa.Function }

func (host) Blocks(fn *ssa.Function) []*ssa.BasicBlock { return fn.Blocks }

func (h host) Funcs() []*ssa.Function { return h.funcs }

func (host) UnknownField(*types.TypeName, int) bool { return false }

func (h host) KnownCallers(p *ssa.Parameter) ([]ssa.CallInstruction, int) {
	fn := p.Parent()
	if fn.Object() == nil || fn.Object().Exported() {
		return nil, -1
	}
	var calls []ssa.CallInstruction
	for _, f := range h.funcs {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok && call.Common().StaticCallee() == fn {
					calls = append(calls, call)
				}
			}
		}
	}
	for i, q := range fn.Params {
		if q == p {
			return calls, i
		}
	}
	return nil, -1
}

func (host) GlobalStores(*ssa.Global) ([]*ssa.Store, bool) { return nil, true }

func (host) Entry(common *ssa.CallCommon) *sdk.Entry { return ssatest.SDKEntry(common) }

var modes = map[site.BindMode]string{
	site.BindNative:     "native",
	site.BindPositional: "positional",
	site.BindNumeric:    "numeric",
	site.BindUnknown:    "unknown",
}

// reporter reports how the handle handed to each call of the package's
// function sink binds arguments.
var reporter = &analysis.Analyzer{
	Name:       "dbhandlereport",
	Doc:        "report the binding of the handles handed to sink (test only)",
	Requires:   []*analysis.Analyzer{buildssa.Analyzer},
	ResultType: reflect.TypeFor[bool](),
	Run: func(pass *analysis.Pass) (any, error) {
		funcs := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA).SrcFuncs
		tr := dbhandle.New(host{funcs}, pass.Pkg)
		for _, call := range ssatest.CallsTo(funcs, "sink") {
			arg := call.Call.Args[0]
			if mi, ok := arg.(*ssa.MakeInterface); ok {
				arg = mi.X
			}
			info := tr.Of(arg)
			msg := []string{"mode=" + modes[info.Mode]}
			if info.AutoDeclare {
				msg = append(msg, "declare")
			}
			if info.Prefix != "" {
				msg = append(msg, "prefix="+info.Prefix)
			}
			if info.PrefixUnknown && info.Mode != site.BindUnknown {
				msg = append(msg, "prefix=?")
			}
			if info.Driver != "" {
				msg = append(msg, "driver="+info.Driver)
			}
			pass.Reportf(call.Pos(), "%s", strings.Join(msg, " "))
		}
		return true, nil
	},
}

// TestTrace traces handles to a connector's options, a constant DSN,
// another driver, a retrier's closure, a field set by a constructor, and
// parameters whose known callers agree or differ.
func TestTrace(t *testing.T) {
	ssatest.Run(t, reporter, "example.com/dbhandle/handles")
}
