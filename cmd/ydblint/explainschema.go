package main

// -explain=path/to/migration.sql: what the catalogue read from one schema
// file, and why a statement of it was not read.

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/ydblint/ydblint/internal/modscan"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/srcfiles"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/schemafact"
)

// isSchemaExplain reports whether -explain names a schema file rather than
// Go code.
func (f *explainFlag) isSchemaExplain() bool { return f.on && modscan.IsSchemaFile(f.file) }

// printSchemaExplain explains the schema file -explain names: whether the
// module's schema discovery reads it, where its directory's migration tool
// puts it, then, by line, each table it defines (key, columns, indexes, or
// why the table is incomplete) and each statement it skipped or YDB
// rejects. The file's directory is applied as discovery applies it (same
// layout, tool and order, earlier files first), so an ALTER of a table an
// earlier migration created reads as it does in the analysis.
func printSchemaExplain(w io.Writer, dir string, f *explainFlag) {
	file := f.file
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	root := srcfiles.FindModuleRoot(filepath.Dir(file))
	if root == "" {
		fmt.Fprintf(w, "ydblint: %s is not in a module\n", f.file)
		return
	}
	rel, ok := srcfiles.Rel(root, file)
	if !ok {
		fmt.Fprintf(w, "ydblint: %s is not in module %s\n", f.file, root)
		return
	}
	if _, err := os.Stat(file); err != nil {
		fmt.Fprintf(w, "ydblint: %v\n", err)
		return
	}
	cfg := config.Load(root, config.Settings{})
	fmt.Fprintf(w, "%s: %s\n", rel, readBy(root, rel, cfg))

	files, notes := schemaDir(root, rel)
	for _, n := range notes {
		if n.Rel == rel {
			fmt.Fprintf(w, "  not read: %s\n", n.Msg)
			return
		}
	}
	layout, order := schemafact.MigrationOrder(files, cfg.MigrationTool, cfg.MigrationOrder)
	at := slices.Index(order, rel)
	if at < 0 {
		fmt.Fprintf(w, "  not applied: its directory's layout is %s, which does not run this file (a down migration, or a name without a version)\n", layout)
		return
	}
	fmt.Fprintf(w, "  %s layout: applied %d of %d in %s/\n", layout, at+1, len(order), filepath.ToSlash(filepath.Dir(rel)))

	// The catalogue as this file leaves it: the files before it, then it.
	content := map[string][]byte{}
	for _, sf := range files {
		content[sf.Name] = sf.Content
	}
	c := schema.New()
	for _, n := range order[:at+1] {
		c.ApplyFile(n, content[n])
	}
	var lines []explainedLine
	for _, t := range c.Tables {
		if t != nil && t.Src.File == rel {
			lines = append(lines, explainedLine{t.Src.Line, describeTable(t)})
		}
	}
	lines = append(lines, changes(rel, files, lines)...)
	for _, wn := range c.Warnings {
		if wn.Src.File != rel {
			continue
		}
		msg := wn.Msg
		if fault, ok := schema.ParseFault(wn.Msg); ok {
			msg = "YDB rejects it (yqlcheck " + fault.Category + "): " + fault.Msg
		}
		lines = append(lines, explainedLine{wn.Src.Line, msg})
	}
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].line < lines[j].line })
	if len(lines) == 0 {
		fmt.Fprintln(w, "  no table defined or changed here")
	}
	for _, l := range lines {
		fmt.Fprintf(w, "  line %d: %s\n", l.line, l.text)
	}
}

// changes lists the ALTER TABLE and DROP TABLE statements of rel's applied
// text that no other line explains: the catalogue changed a table there.
func changes(rel string, files []schema.File, known []explainedLine) []explainedLine {
	var content []byte
	for _, f := range files {
		if f.Name == rel {
			content = f.Content
		}
	}
	text, ok := schema.AppliedText(rel, content)
	if !ok {
		return nil
	}
	taken := map[int]bool{}
	for _, l := range known {
		taken[l.line] = true
	}
	var out []explainedLine
	for _, st := range yql.Parse(text).Stmts {
		var what string
		switch st := st.(type) {
		case *yql.AlterTableStmt:
			if st.Table != nil {
				what = "ALTER TABLE " + st.Table.Path + ": applied to the table as the earlier migrations left it"
			}
		case *yql.DropTableStmt:
			if st.Table != nil {
				what = "DROP TABLE " + st.Table.Path + ": the table is gone for the migrations after this one"
			}
		}
		line := 1 + strings.Count(text[:min(st.NodeSpan().Start, len(text))], "\n")
		if what != "" && !taken[line] {
			out = append(out, explainedLine{line, what})
		}
	}
	return out
}

type explainedLine struct {
	line int
	text string
}

// readBy says whether schema discovery reads rel: configured schema paths
// replace discovery; otherwise the module walk reads every schema file
// outside the directories it skips, and a package may embed one there.
func readBy(root, rel string, cfg *config.Config) string {
	if len(cfg.SchemaPaths) > 0 {
		abs := filepath.Join(root, filepath.FromSlash(rel))
		for _, p := range cfg.SchemaPaths {
			if m, _ := filepath.Match(p, abs); m || abs == p || strings.HasPrefix(abs, p+string(filepath.Separator)) {
				return "read: a schema path of the configuration names it"
			}
		}
		return "not read by the analysis: the configuration's schema paths replace discovery and do not name it"
	}
	for _, elem := range strings.Split(filepath.ToSlash(filepath.Dir(rel)), "/") {
		if elem != "." && srcfiles.SkipDir(elem) {
			return fmt.Sprintf("read only if a package embeds it (//go:embed): the module walk does not enter %s directories", elem)
		}
	}
	return "read by the module walk"
}

// schemaDir reads the schema files of rel's directory as the module walk
// reads them, with its notes (a file skipped, and why).
func schemaDir(root, rel string) ([]schema.File, []srcfiles.Note) {
	dir := filepath.Dir(filepath.Join(root, filepath.FromSlash(rel)))
	prefix := filepath.ToSlash(filepath.Dir(rel))
	got, notes := srcfiles.Walk(dir, modscan.SchemaLimits(), func(r string) bool {
		return !strings.Contains(r, "/") && modscan.IsSchemaFile(r)
	})
	files := make([]schema.File, 0, len(got))
	for _, g := range got {
		files = append(files, schema.File{Name: joinRel(prefix, g.Rel), Content: g.Content})
	}
	for i := range notes {
		notes[i].Rel = joinRel(prefix, notes[i].Rel)
	}
	return files, notes
}

func joinRel(dir, name string) string {
	if dir == "." {
		return name
	}
	return dir + "/" + name
}

// describeTable is one table as the catalogue holds it.
func describeTable(t *schema.Table) string {
	if t.Incomplete != "" && len(t.Columns) == 0 {
		return "table " + t.Path + ": incomplete (" + t.Incomplete + "): queries on it are not checked"
	}
	s := fmt.Sprintf("table %s, primary key (%s), %d columns", t.Path, strings.Join(t.PrimaryKey, ", "), len(t.Columns))
	if len(t.Indexes) > 0 {
		var ix []string
		for _, i := range t.Indexes {
			ix = append(ix, i.Name)
		}
		s += ", indexes " + strings.Join(ix, ", ")
	}
	if t.Incomplete != "" {
		s += "; incomplete (" + t.Incomplete + "): queries on it are not checked"
	}
	return s
}
