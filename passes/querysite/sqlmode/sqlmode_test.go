package sqlmode_test

import (
	"go/types"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/testenv"
	"github.com/ydblint/ydblint/passes/querysite/sqlmode"
)

// TestMain downloads the test-data module's dependencies first: the tests
// load it with GOPROXY=off (see package testenv).
func TestMain(m *testing.M) { testenv.Main(m) }

// imports is a minimal sqlmode.Host: the packages the analysed package
// imports, directly or not.
type imports struct{ pkg *types.Package }

func (h imports) FindPackage(path string) *types.Package {
	seen := map[*types.Package]bool{}
	var find func(p *types.Package) *types.Package
	find = func(p *types.Package) *types.Package {
		if seen[p] {
			return nil
		}
		seen[p] = true
		if p.Path() == path {
			return p
		}
		for _, imp := range p.Imports() {
			if found := find(imp); found != nil {
				return found
			}
		}
		return nil
	}
	return find(h.pkg)
}

// reporter reports the mode of the context handed to each call of the
// package's function sink.
var reporter = &analysis.Analyzer{
	Name:     "sqlmodereport",
	Doc:      "report the query mode of the context handed to sink (test only)",
	Requires: []*analysis.Analyzer{buildssa.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		for _, fn := range pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA).SrcFuncs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					call, ok := instr.(*ssa.Call)
					if !ok || call.Call.StaticCallee() == nil || call.Call.StaticCallee().Name() != "sink" {
						continue
					}
					arg := call.Call.Args[0]
					if !sqlmode.IsContext(arg.Type()) {
						pass.Reportf(call.Pos(), "not a context")
						continue
					}
					var visiting map[ssa.Value]bool
					m := sqlmode.Of(imports{pass.Pkg}, arg, &visiting, 24)
					pass.Reportf(call.Pos(), "scan=%t explain=%t", m.Scan, m.Explain)
				}
			}
		}
		return nil, nil
	},
}

// TestModes: a mode set by ydb.WithQueryMode holds through derived
// contexts, a later mode replaces it (explain aside), a φ keeps what every
// path has, a mode that is not a constant is unknown, and closures see the
// context they capture.
func TestModes(t *testing.T) {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, reporter, "example.com/sqlmode/reports")
}
