package config_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/passes/config"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// probe reports what the config analyzer handed it, so that the test runs
// the real driver path: module root from pass.Module, file discovery, parse.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report the configuration",
	Requires: []*analysis.Analyzer{config.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		c := pass.ResultOf[config.Analyzer].(*config.Config)
		var paths, errs []string
		for _, p := range c.SchemaPaths {
			rel, _ := filepath.Rel(c.ModuleDir, p)
			paths = append(paths, filepath.ToSlash(rel))
		}
		for _, e := range c.Errors {
			e.File = filepath.Base(e.File)
			errs = append(errs, e.String())
		}
		pass.Reportf(pass.Files[0].Package, "config: strict=%v tool=%s paths=%v hashes=%d errors=%v inscope=%v",
			c.Strict, c.MigrationTool, paths, len(c.Hashes), errs, c.IsPkgInScope(pass.Pkg))
		return nil, nil
	},
}

func TestAnalyzer(t *testing.T) {
	if err := analysis.Validate([]*analysis.Analyzer{config.Analyzer, probe}); err != nil {
		t.Fatal(err)
	}
	if config.Analyzer.Name != "ydblint_config" || !strings.HasPrefix(config.Analyzer.Doc, "ydblint configuration") {
		t.Errorf("name %q doc %q", config.Analyzer.Name, config.Analyzer.Doc)
	}
	dir, err := filepath.Abs(filepath.Join("testdata", "mod"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, probe, "example.com/mod/app")
}
