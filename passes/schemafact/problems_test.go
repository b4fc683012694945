package schemafact_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/schemafact"
)

// problemReporter turns the Result's anchored problems into diagnostics, as
// a rule would, so that `// want` can check them.
var problemReporter = &analysis.Analyzer{
	Name:     "schemaproblems",
	Doc:      "report schemafact problems anchored in Go files (test only)",
	Requires: []*analysis.Analyzer{schemafact.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[schemafact.Analyzer].(*schemafact.Result)
		if res == nil || res.Catalog == nil {
			pass.Reportf(pass.Files[0].Package, "nil result or catalogue")
			return nil, nil
		}
		for _, p := range res.Problems {
			if p.Pos.IsValid() {
				pass.Report(analysis.Diagnostic{Pos: p.Pos, End: p.End, Category: p.Category, Message: p.Category + ": " + p.Message})
			}
		}
		return nil, nil
	},
}

func TestProblems(t *testing.T) {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, problemReporter, "example.com/shop/dup", "example.com/shop/plain")
}
