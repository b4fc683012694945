package rowshape_test

import (
	"go/token"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/testenv"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssatest"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
	"github.com/ydblint/ydblint/passes/querysite/rowshape"
)

// TestMain downloads the test-data module's dependencies first: the tests
// load it with GOPROXY=off (see package testenv).
func TestMain(m *testing.M) { testenv.Main(m) }

// host is a minimal rowshape.Host: slices are literals only, call ranges
// are the calls' positions, and values are not classified. It shows what
// the package needs of querysite and nothing more.
type host struct{ fset *token.FileSet }

func (h host) PosString(pos token.Pos) string {
	p := h.fset.Position(pos)
	return filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column)
}

func (host) CallRange(call *ssa.Call) (token.Pos, token.Pos) { return call.Pos(), call.Pos() }

func (host) AppendElems(v ssa.Value) ([]ssa.Value, bool) { return ssaval.SliceElems(v) }

func (host) ClassifierIn(*ssa.Function) rowshape.Classifier { return noValue }

func noValue(ssa.Value) site.Value { return site.Value{} }

// bodies shows every body buildssa built.
type bodies struct{}

func (bodies) Blocks(fn *ssa.Function) []*ssa.BasicBlock { return fn.Blocks }

// reporter exports the package's row shapes, then reports the rows handed
// to each call of the package's function sink: whether they are known, and
// each row's fields with the implementation they come from.
var reporter = &analysis.Analyzer{
	Name:       "rowshapereport",
	Doc:        "report the rows handed to sink (test only)",
	Requires:   []*analysis.Analyzer{buildssa.Analyzer},
	FactTypes:  []analysis.Fact{new(rowshape.ShapeFact), new(rowshape.ImplsFact)},
	ResultType: reflect.TypeFor[bool](),
	Run: func(pass *analysis.Pass) (any, error) {
		funcs := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA).SrcFuncs
		d := rowshape.NewDecoder(pass, host{pass.Fset})
		d.ExportShapes(bodies{}, funcs)
		for _, call := range ssatest.CallsTo(funcs, "sink") {
			rows, known := d.Rows(call.Call.Args[0], noValue)
			msg := "known=" + strconv.FormatBool(known)
			for _, r := range rows {
				var names []string
				for _, f := range r.Fields {
					names = append(names, f.Name)
				}
				msg += " {" + strings.Join(names, ",") + "}"
				if r.Impl != "" {
					msg += "@" + r.Impl
				}
			}
			if rowshape.HaveImpl(rows) {
				msg += " alternatives"
			}
			pass.Reportf(call.Pos(), "%s", msg)
		}
		return true, nil
	},
}

// TestRowsAndShapes decodes a literal row, a row whose fields a function
// of the package returns (its ShapeFact), and the rows of an interface
// method, one alternative per implementation converted to the interface
// (the package's ImplsFact).
func TestRowsAndShapes(t *testing.T) {
	ssatest.Run(t, reporter, "example.com/rowshape/rows")
}
