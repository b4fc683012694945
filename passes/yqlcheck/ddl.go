package yqlcheck

import (
	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/passes/internal/report"
	"github.com/ydblint/ydblint/passes/schemafact"
)

// checkDDL reports the DDL YDB rejects that schema discovery found
// (schemafact.Result.DDLFaults): in a Go file of this package at its line,
// in a migration file of the module at its line there. A migration is read
// by every package of the module that has query sites; each reports the
// fault at the same place, so the standalone checker, golangci-lint and
// editors show it once (they de-duplicate by position), while go vet, which
// runs each package on its own, prints it once per such package. DDL in a
// Go file of another package is that package's to report.
func (c *checker) checkDDL(res *schemafact.Result) {
	for _, f := range res.DDLFaults() {
		d := analysis.Diagnostic{Category: f.Category, Message: f.Message}
		switch {
		case f.Pos.IsValid():
			d.Pos, d.End = f.Pos, f.End
			report.Report(c.pass, c.cfg, name, d)
		case schemafact.IsSchemaFile(f.Src):
			report.ReportSchemaFile(c.pass, c.cfg, name, res.ModuleRoot, f.Src.File, f.Src.Line, d)
		}
	}
}
