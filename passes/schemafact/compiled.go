package schemafact

import (
	"fmt"
	"io/fs"
	"path"

	"github.com/ydblint/ydblint/internal/modscan"
	"github.com/ydblint/ydblint/internal/session"
	"github.com/ydblint/ydblint/internal/srcfiles"
)

// Schema files compiled into the binary (session.CompiledSchema, set
// through analyzer.CompiledSchema) are named schema inputs like configured
// paths: they replace the discovery of migration files, and each directory
// is one migration sequence. They serve Bazel's nogo, whose action holds
// only the package's sources, the nogo binary and its imports' export data
// and facts: files compiled into the binary are there, and a change to one
// rebuilds the binary, which re-runs every nogo action.

// compiledKey is the modscan.Derive key of a read of compiled-in files.
type compiledKey struct{ c *session.CompiledSchema }

// compiledSchemaDirs reads the compiled-in schema files once per module
// scan of m and groups the DDL-bearing ones by directory. Names are
// c.Dir joined with the name in c.FS.
func compiledSchemaDirs(m *modscan.Module, c *session.CompiledSchema) ([]sqlDir, []srcfiles.Note) {
	read := modscan.Derive(m, compiledKey{c}, func(*modscan.Module) configuredRead {
		dirs, notes := readCompiled(c)
		return configuredRead{dirs, notes}
	})
	return read.dirs, read.notes
}

// readCompiled reads every .sql and .yql file of c.FS within schema
// discovery's bounds, with a Note for each file skipped.
func readCompiled(c *session.CompiledSchema) ([]sqlDir, []srcfiles.Note) {
	byDir := map[string][]srcfiles.File{}
	var notes []srcfiles.Note
	limits := modscan.SchemaLimits()
	files := 0
	var total int64
	name := func(n string) string { return path.Join(c.Dir, n) }
	_ = fs.WalkDir(c.FS, ".", func(n string, e fs.DirEntry, err error) error {
		switch {
		case err != nil:
			notes = append(notes, srcfiles.Note{Rel: name(n), Msg: "compiled-in schema: " + err.Error()})
			return nil
		case e.IsDir() || !modscan.IsSchemaFile(n):
			return nil
		case files >= limits.MaxFiles:
			notes = append(notes, srcfiles.Note{Rel: name(n), Msg: fmt.Sprintf("compiled-in schema: stopped after %d files", limits.MaxFiles)})
			return fs.SkipAll
		}
		content, err := fs.ReadFile(c.FS, n)
		switch {
		case err != nil:
			notes = append(notes, srcfiles.Note{Rel: name(n), Msg: "compiled-in schema: " + err.Error()})
			return nil
		case int64(len(content)) > limits.MaxFileBytes:
			notes = append(notes, srcfiles.Note{Rel: name(n), Msg: fmt.Sprintf("compiled-in schema: larger than %d bytes", limits.MaxFileBytes)})
			return nil
		case total+int64(len(content)) > limits.MaxTotalBytes:
			notes = append(notes, srcfiles.Note{Rel: name(n), Msg: fmt.Sprintf("compiled-in schema: stopped after %d bytes", total)})
			return fs.SkipAll
		}
		total += int64(len(content))
		if !modscan.MentionsDDL(content) {
			return nil
		}
		files++
		full := name(n)
		byDir[path.Dir(full)] = append(byDir[path.Dir(full)], srcfiles.File{Rel: full, Content: content})
		return nil
	})
	return groupDirs(byDir), notes
}
