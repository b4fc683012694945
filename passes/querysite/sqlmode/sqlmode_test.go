package sqlmode_test

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/testenv"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssatest"
	"github.com/ydblint/ydblint/passes/querysite/sqlmode"
)

// TestMain downloads the test-data module's dependencies first: the tests
// load it with GOPROXY=off (see package testenv).
func TestMain(m *testing.M) { testenv.Main(m) }

// imports is a minimal sqlmode.Host: the packages the analysed package
// imports, directly or not.
type imports struct{ pkg *types.Package }

func (h imports) FindPackage(path string) *types.Package { return sdk.FindImport(h.pkg, path) }

// reporter reports the mode of the context handed to each call of the
// package's function sink.
var reporter = &analysis.Analyzer{
	Name:     "sqlmodereport",
	Doc:      "report the query mode of the context handed to sink (test only)",
	Requires: []*analysis.Analyzer{buildssa.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		for _, call := range ssatest.CallsTo(pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA).SrcFuncs, "sink") {
			arg := call.Call.Args[0]
			if !sqlmode.IsContext(arg.Type()) {
				pass.Reportf(call.Pos(), "not a context")
				continue
			}
			var visiting map[ssa.Value]bool
			m := sqlmode.Of(imports{pass.Pkg}, arg, &visiting, 24)
			pass.Reportf(call.Pos(), "scan=%t explain=%t", m.Scan, m.Explain)
		}
		return nil, nil
	},
}

// TestModes: a mode set by ydb.WithQueryMode holds through derived
// contexts, a later mode replaces it (explain aside), a φ keeps what every
// path has, a mode that is not a constant is unknown, and closures see the
// context they capture.
func TestModes(t *testing.T) {
	ssatest.Run(t, reporter, "example.com/sqlmode/reports")
}
