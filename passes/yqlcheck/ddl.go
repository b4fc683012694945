package yqlcheck

import (
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/passes/internal/report"
	"github.com/ydblint/ydblint/passes/internal/yql"
	"github.com/ydblint/ydblint/passes/queryplan"
	"github.com/ydblint/ydblint/passes/schemafact"
)

// checkDDL reports the DDL YDB rejects that schema discovery found
// (schemafact.Result.DDLFaults). A fault in a Go file of this package is
// reported at its line. A fault in a migration is reported at the
// migration's line by the packages it concerns: the package whose
// directory holds the migration (it embeds or applies it), and the
// packages whose queries name the table at fault. Every package of the
// module reads every migration, and go vet runs each package on its own,
// so reporting it everywhere would repeat it once per package; the
// standalone checker, golangci-lint and editors de-duplicate by position
// and show it once either way. DDL in a Go file of another package is that
// package's to report.
func (c *checker) checkDDL(plans *queryplan.Result) {
	res := plans.Schema
	var named map[string]bool // tables this package's queries name, by last path element
	for _, f := range res.DDLFaults() {
		d := analysis.Diagnostic{Category: f.Category, Message: f.Message}
		switch {
		case f.Pos.IsValid():
			d.Pos, d.End = f.Pos, f.End
			report.Report(c.pass, c.cfg, name, d)
		case schemafact.IsSchemaFile(f.Src):
			if named == nil {
				named = tablesNamed(plans)
			}
			if c.holdsFile(res.ModuleRoot, f.Src.File) || f.Table != "" && named[f.Table] {
				report.ReportSchemaFile(c.pass, c.cfg, name, res.ModuleRoot, f.Src.File, f.Src.Line, d)
			}
		}
	}
}

// tablesNamed returns the last path element of every table the package's
// statements read or write.
func tablesNamed(plans *queryplan.Result) map[string]bool {
	out := map[string]bool{}
	seen := map[yql.Stmt]bool{}
	for _, st := range plans.Statements {
		s := st.Stmt()
		if seen[s] {
			continue
		}
		seen[s] = true
		yql.Inspect(s, func(n yql.Node) bool {
			if r, ok := n.(*yql.TableRef); ok && r.Path != "" {
				p := r.Path
				if i := strings.LastIndexByte(p, '/'); i >= 0 {
					p = p[i+1:]
				}
				out[p] = true
			}
			return true
		})
	}
	for _, ks := range plans.KeyedSites {
		if ks.Table != nil {
			p := ks.Table.Path
			if i := strings.LastIndexByte(p, '/'); i >= 0 {
				p = p[i+1:]
			}
			out[p] = true
		}
	}
	return out
}

// holdsFile reports whether the schema file rel (relative to the module
// root, or absolute) lies in this package's directory or below it.
func (c *checker) holdsFile(moduleRoot, rel string) bool {
	if len(c.pass.Files) == 0 {
		return false
	}
	tf := c.pass.Fset.File(c.pass.Files[0].FileStart)
	if tf == nil {
		return false
	}
	dir := filepath.Dir(tf.Name())
	file := filepath.FromSlash(rel)
	if !filepath.IsAbs(file) {
		if moduleRoot == "" {
			return false
		}
		file = filepath.Join(moduleRoot, file)
	}
	r, err := filepath.Rel(dir, file)
	return err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator))
}
