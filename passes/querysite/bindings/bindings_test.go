package bindings_test

import (
	"go/ast"
	"go/token"
	"go/types"
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
	"github.com/ydblint/ydblint/passes/querysite/bindings"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssatest"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// TestMain downloads the test-data module's dependencies first: the tests
// load it with GOPROXY=off (see package testenv).
func TestMain(m *testing.M) { testenv.Main(m) }

// host is a minimal bindings.Host over a context that is just the depth:
// slices are literals only, call ranges are the calls' positions, nothing
// is inlined, and values have no origin, description or hash. It shows
// what the package needs of querysite and nothing more.
type host struct{ pkg *types.Package }

func (host) Depth(c int) int  { return c }
func (host) Deeper(c int) int { return c + 1 }

func (host) CallRange(call *ssa.Call) (token.Pos, token.Pos) { return call.Pos(), call.Pos() }

func (host) CallSyntax(*ssa.Call) *ast.CallExpr { return nil }

func (host) AppendElems(v ssa.Value) ([]ssa.Value, bool) { return ssaval.SliceElems(v) }

func (h host) FindPackage(path string) *types.Package { return sdk.FindImport(h.pkg, path) }

func (host) Inline(ssa.Value, int) (ssa.Value, int, bool) { return nil, 0, false }

func (host) ThroughBinds(v ssa.Value, _ int) ssa.Value { return v }

func (host) ParamIndex(ssa.Value, int) int { return -1 }

func (host) Origin(ssa.Value) string { return "" }

func (host) Desc(ssa.Value) string { return "" }

func (host) HashOf(ssa.Value) (string, string, bool) { return "", "", false }

// nullWords spells the NULL-ness of an Optional value in the report.
var nullWords = map[site.NullKind]string{
	site.NotNull: "", site.MaybeNull: "maybe", site.DefinitelyNull: "null", site.NullUnknown: "unknown",
}

// reporter reports the parameters handed to each call of the package's
// function sink: whether the set is known, and each binding's name, YDB
// type (with ? and its NULL-ness when Optional), whether it is a
// constant, and whether its name lacks the '$'.
var reporter = &analysis.Analyzer{
	Name:       "bindingsreport",
	Doc:        "report the parameters handed to sink (test only)",
	Requires:   []*analysis.Analyzer{buildssa.Analyzer},
	ResultType: reflect.TypeFor[bool](),
	Run: func(pass *analysis.Pass) (any, error) {
		d := bindings.NewDecoder[int](host{pass.Pkg}, 24)
		d.LoadPrimitives()
		for _, call := range ssatest.CallsTo(pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA).SrcFuncs, "sink") {
			p := d.ParamsValue(call.Call.Args[0], 0)
			words := []string{"known=" + strconv.FormatBool(p.Known)}
			for _, bd := range p.Bindings {
				w := bd.Name + "=" + bd.Value.YDBType
				if bd.Value.Optional {
					w += "?" + nullWords[bd.Value.Null]
				}
				if bd.Value.Const {
					w += " const"
				}
				if bd.NoDollar {
					w += " nodollar"
				}
				words = append(words, w)
			}
			pass.Reportf(call.Pos(), "%s", strings.Join(words, " "))
		}
		return true, nil
	},
}

// TestParamsValue decodes NewQueryParameters with ValueParams, a
// ParamsBuilder chain (a name without '$' is sent verbatim), a parameter
// picked by an immediately invoked literal (the join of its returns:
// NULL on one path is maybe NULL) and, with a host that knows no
// appends, an appended option list (not known).
func TestParamsValue(t *testing.T) {
	ssatest.Run(t, reporter, "example.com/bindings/params")
}
