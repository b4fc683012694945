package tableopts_test

import (
	"go/constant"
	"go/token"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/testenv"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssatest"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
	"github.com/ydblint/ydblint/passes/querysite/tableopts"
)

// TestMain downloads the test-data module's dependencies first: the tests
// load it with GOPROXY=off (see package testenv).
func TestMain(m *testing.M) { testenv.Main(m) }

// host is a minimal tableopts.Host: every body buildssa built, a call's
// own position, column types that are the SDK's Primitive constants (the
// pass decodes Optional(t), List(t), … too), and the SDK table's entry
// points.
type host struct{ prims map[uint64]string }

func (host) Blocks(fn *ssa.Function) []*ssa.BasicBlock { return fn.Blocks }

func (h host) YDBType(v ssa.Value) (string, bool, bool) {
	k, ok := ssaval.Peel(v).(*ssa.Const)
	if !ok || k.Value == nil {
		return "", false, false
	}
	u, exact := constant.Uint64Val(constant.ToInt(k.Value))
	name, found := h.prims[u]
	return name, false, exact && found
}

func (host) CallPos(call *ssa.Call) token.Pos { return call.Pos() }

func (host) Entry(common *ssa.CallCommon) *sdk.Entry { return ssatest.SDKEntry(common) }

// describe renders decoded options: whether they are known, the columns
// with their types, and the primary key.
func describe(opts *site.TableOptions, known bool) string {
	var cols []string
	for _, c := range opts.Columns {
		col := c.Name + ":" + c.YDBType
		if c.Optional {
			col += "?"
		}
		cols = append(cols, col)
	}
	return "known=" + strconv.FormatBool(known) + " cols=[" + strings.Join(cols, " ") + "] pk=[" + strings.Join(opts.PrimaryKey, " ") + "]"
}

// reporter reports the options handed to each call of the package's
// function sink (Decode), and those of each SDK CreateTable call as a
// wrapper forwarding to it sees them (Wrapped).
var reporter = &analysis.Analyzer{
	Name:       "tableoptsreport",
	Doc:        "report the table options handed to sink and to CreateTable (test only)",
	Requires:   []*analysis.Analyzer{buildssa.Analyzer},
	ResultType: reflect.TypeFor[bool](),
	Run: func(pass *analysis.Pass) (any, error) {
		ssaPkg := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
		prims := sdk.PrimitiveNames(sdk.FindImport(pass.Pkg, sdk.PkgInternalTypes))
		r := tableopts.NewReader(host{prims}, ssaPkg.Pkg)
		for _, call := range ssatest.CallsTo(ssaPkg.SrcFuncs, "sink") {
			pass.Reportf(call.Pos(), "%s", describe(r.Decode(call.Call.Args[0])))
		}
		createTable := func(common *ssa.CallCommon) bool {
			e := ssatest.SDKEntry(common)
			return e != nil && e.Kind == sdk.KindCreateTable
		}
		for _, call := range ssatest.CallsWhere(ssaPkg.SrcFuncs, createTable) {
			pass.Reportf(call.Pos(), "wrapped %s", describe(r.Wrapped(&call.Call)))
		}
		return true, nil
	},
}

// TestDecode decodes a literal list, a list grown on branches, a primary
// key that differs between branches, a helper's list and a parameter's,
// and the options of a wrapper's CreateTable call, known or built from
// the wrapper's parameter.
func TestDecode(t *testing.T) {
	ssatest.Run(t, reporter, "example.com/tableopts/opts")
}
