package yqlcheck

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/modscan"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/srcfiles"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// checkDDL reports the DDL YDB rejects that schema discovery found
// (schemafact.Result.DDLFaults). A fault in a Go file of this package is
// reported at its line. A fault in a migration is reported at the
// migration's line by the one package that owns the migration by the file
// tree (modscan.Module.SchemaOwner: the nearest package directory holding
// it, else the module's root-most package). Every package of the module
// reads every migration, and go vet runs each package on its own: an owner
// every package computes alike from the file tree is what makes go vet,
// golangci-lint and the standalone run report it once, and a migration no
// Go code names yet (a table added before its code) is reported too.
// golangci-lint drops findings outside Go files: there the finding moves
// to the owner's first query that names the table (or its package clause),
// and names the migration's line in its text. DDL in a Go file of another
// package is that package's to report.
func (c *checker) checkDDL(plans *queryplan.Result) {
	res := plans.Schema
	var named map[string]goRange // tables this package's queries name, by last path element
	for _, f := range res.DDLFaults() {
		d := analysis.Diagnostic{Category: f.Category, Message: f.Message}
		switch {
		case f.Pos.IsValid():
			d.Pos, d.End = c.narrow(f.Pos, f.End, f.Token)
			report.Report(c.pass, c.cfg, name, d)
		case modscan.IsSchemaFile(f.Src.File):
			if named == nil {
				named = tablesNamed(plans)
			}
			if !c.ownsFile(res.ModuleRoot, f.Src.File) {
				continue
			}
			at, names := named[f.Table]
			if report.ReportSchemaFile(c.pass, c.cfg, name, res.ModuleRoot, f.Src.File, f.Src.Line, d) {
				continue
			}
			// The driver keeps Go positions only.
			if !names {
				at = goRange{c.pass.Files[0].Name.Pos(), c.pass.Files[0].Name.End()}
			}
			d.Pos, d.End = at.pos, at.end
			d.Message = afterHeadline(d.Message, "the statement is in migration "+f.Src.String())
			report.Report(c.pass, c.cfg, name, d)
		}
	}
}

type goRange struct{ pos, end token.Pos }

// afterHeadline inserts part into msg right after its headline, as
// drivers cut it (report.SplitMessage).
func afterHeadline(msg, part string) string {
	parts := report.SplitMessage(msg)
	return strings.Join(slices.Insert(parts, 1, part), "; ")
}

// tablesNamed returns, by the last element of its path, every table the
// package's statements read or write, with the first place naming it.
func tablesNamed(plans *queryplan.Result) map[string]goRange {
	out := map[string]goRange{}
	add := func(p string, r goRange) {
		if i := strings.LastIndexByte(p, '/'); i >= 0 {
			p = p[i+1:]
		}
		if _, ok := out[p]; !ok && r.pos.IsValid() {
			out[p] = r
		}
	}
	seen := map[yql.Stmt]bool{}
	for _, st := range plans.Statements {
		s := st.Stmt()
		if seen[s] {
			continue
		}
		seen[s] = true
		yql.Inspect(s, func(n yql.Node) bool {
			if r, ok := n.(*yql.TableRef); ok && r.Path != "" {
				pos, end := st.Pos(r.Span)
				add(r.Path, goRange{pos, end})
			}
			return true
		})
	}
	for _, ks := range plans.KeyedSites {
		if ks.Table != nil && ks.Site != nil {
			add(ks.Table.Path, goRange{ks.Site.Pos, ks.Site.End})
		}
	}
	for _, kc := range plans.KeyedChoices {
		// Each table the path may name is named here (which one a row
		// goes to does not matter for where a migration fault is shown).
		for _, t := range kc.Tables {
			add(t.Path, goRange{kc.Site.Pos, kc.Site.End})
		}
	}
	return out
}

// hermeticOwner is ownsFile under -hermetic, where the file tree is not
// read: a package owns the named schema files in its directory and below
// (a migration outside every package directory, or two nested packages,
// are the cost; docs/nogo.md).
func hermeticOwner(pkgDir, file string) bool {
	return pkgDir == "." || file == pkgDir || strings.HasPrefix(file, pkgDir+"/")
}

// ownsFile reports whether this package is the owner of the schema file
// rel (relative to the module root, or absolute) by the file tree
// (modscan.Module.SchemaOwner).
func (c *checker) ownsFile(moduleRoot, rel string) bool {
	if len(c.pass.Files) == 0 || moduleRoot == "" || c.cfg.Session() == nil {
		return false
	}
	tf := c.pass.Fset.File(c.pass.Files[0].FileStart)
	if tf == nil {
		return false
	}
	dir, ok := srcfiles.Rel(moduleRoot, filepath.Dir(tf.Name()))
	if !ok {
		return false
	}
	file, ok := srcfiles.Rel(moduleRoot, filepath.FromSlash(rel))
	if !ok {
		return false
	}
	if c.cfg.Hermetic {
		return hermeticOwner(dir, file)
	}
	mod := c.cfg.Session().Modules().Module(moduleRoot)
	owner := mod.SchemaOwner(file, func(d string) bool {
		// A package the configuration leaves out does not report: the
		// owner is the nearest one it keeps.
		if mod.Path() == "" {
			return true
		}
		if d == "." {
			return c.cfg.IsPathInScope(mod.Path())
		}
		return c.cfg.IsPathInScope(mod.Path() + "/" + d)
	})
	return owner != "" && owner == dir
}

// narrow returns the range of tok when it occurs exactly once in the
// string literals between pos and end (the line of a fault in a DDL
// string), so the finding points at the word at fault; otherwise pos and
// end.
func (c *checker) narrow(pos, end token.Pos, tok string) (token.Pos, token.Pos) {
	tf := c.pass.Fset.File(pos)
	if tok == "" || tf == nil || end <= pos || c.pass.Fset.File(end) != tf {
		return pos, end
	}
	var file *ast.File
	for _, f := range c.pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			file = f
		}
	}
	if file == nil {
		return pos, end
	}
	found, at := 0, token.NoPos
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil || n.End() <= pos || n.Pos() >= end || found > 1 {
			return false
		}
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		// The literal's part on the line, as written in the source.
		lo, hi := max(lit.Pos(), pos), min(lit.End(), end)
		text := lit.Value[lo-lit.Pos() : hi-lit.Pos()]
		for i := 0; ; {
			j := strings.Index(text[i:], tok)
			if j < 0 {
				break
			}
			found++
			at = lo + token.Pos(i+j)
			i += j + len(tok)
		}
		return false
	})
	if found != 1 {
		return pos, end
	}
	return at, at + token.Pos(len(tok))
}
