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
	"github.com/ydblint/ydblint/internal/testenv"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssatest"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
	"github.com/ydblint/ydblint/passes/querysite/tableopts"
)

// TestMain downloads the test-data module's dependencies first: the tests
// load it with GOPROXY=off (see package testenv).
func TestMain(m *testing.M) { testenv.Main(m) }

// host is a minimal tableopts.Host: every body buildssa built, a call's
// own position, and column types that are the SDK's Primitive constants
// (the pass decodes Optional(t), List(t), … too).
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

// reporter reports the options handed to each call of the package's
// function sink: whether they are known, the columns with their types,
// and the primary key.
var reporter = &analysis.Analyzer{
	Name:       "tableoptsreport",
	Doc:        "report the table options handed to sink (test only)",
	Requires:   []*analysis.Analyzer{buildssa.Analyzer},
	ResultType: reflect.TypeFor[bool](),
	Run: func(pass *analysis.Pass) (any, error) {
		ssaPkg := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
		prims := sdk.PrimitiveNames(sdk.FindImport(pass.Pkg, sdk.PkgInternalTypes))
		r := tableopts.NewReader(host{prims}, ssaPkg.Pkg)
		for _, call := range ssatest.CallsTo(ssaPkg.SrcFuncs, "sink") {
			opts, known := r.Decode(call.Call.Args[0])
			var cols []string
			for _, c := range opts.Columns {
				col := c.Name + ":" + c.YDBType
				if c.Optional {
					col += "?"
				}
				cols = append(cols, col)
			}
			pass.Reportf(call.Pos(), "known=%s cols=[%s] pk=[%s]", strconv.FormatBool(known),
				strings.Join(cols, " "), strings.Join(opts.PrimaryKey, " "))
		}
		return true, nil
	},
}

// TestDecode decodes a literal list, a list grown on branches, a primary
// key that differs between branches, a helper's list and a parameter's.
func TestDecode(t *testing.T) {
	ssatest.Run(t, reporter, "example.com/tableopts/opts")
}
