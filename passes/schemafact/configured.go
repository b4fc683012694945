package schemafact

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ydblint/ydblint/internal/modscan"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/srcfiles"
	"github.com/ydblint/ydblint/passes/config"
)

// Configured schema paths (config.Config.SchemaPaths: the schema.paths key,
// the -migrations flag) replace the discovery of migration files: the module
// walk's .sql/.yql directories and the //go:embed-ded files are then not
// used, so a configuration can also leave out SQL files that are not
// migrations. Go DDL, query-site DDL and imported facts still count.
//
// A configured path may lie outside the module root: the user named it.
// Each one is still a confinement of its own: a directory is read through
// os.Root opened on it, a glob's matches through os.Root opened on the
// glob's directory part, so no symlink inside leads out of it, and
// symbolic links among the matches are not entered as directories.

// maxConfiguredFiles bounds the files all configured paths together add.
const maxConfiguredFiles = 12000

// configuredKey is the modscan.Derive key of a read of configured paths.
type configuredKey struct{ paths string }

// configuredSchemaDirs reads the configured paths and groups the
// DDL-bearing schema files by directory, once per module scan of m (the
// module at root, like the module walk). Names are relative to the module
// root (root) when inside it, else absolute slash paths.
func configuredSchemaDirs(m *modscan.Module, root string, paths []string) ([]sqlDir, []srcfiles.Note) {
	read := modscan.Derive(m, configuredKey{strings.Join(paths, "\x00")}, func(*modscan.Module) configuredRead {
		dirs, notes := readConfigured(root, paths)
		return configuredRead{dirs, notes}
	})
	return read.dirs, read.notes
}

// configuredRead is what one read of the configured paths found.
type configuredRead struct {
	dirs  []sqlDir
	notes []srcfiles.Note
}

func readConfigured(root string, paths []string) ([]sqlDir, []srcfiles.Note) {
	r := &configuredReader{root: root, seen: map[string]bool{}, byDir: map[string][]srcfiles.File{}}
	for _, p := range paths {
		if hasGlobMeta(p) {
			r.glob(p)
		} else {
			r.path(p)
		}
	}
	return groupDirs(r.byDir), r.notes
}

type configuredReader struct {
	root  string
	seen  map[string]bool // absolute file names already read
	byDir map[string][]srcfiles.File
	files int
	notes []srcfiles.Note
}

// name is how a file appears in sources and messages.
func (r *configuredReader) name(abs string) string {
	if r.root != "" {
		if rel, ok := srcfiles.Rel(r.root, abs); ok {
			return rel
		}
	}
	return filepath.ToSlash(abs)
}

func (r *configuredReader) note(abs, msg string) {
	r.notes = append(r.notes, srcfiles.Note{Rel: r.name(abs), Msg: msg})
}

// path reads a configured directory (recursively, each directory one
// migration sequence) or a single file. The configured path itself may be
// a symlink: the user named it.
func (r *configuredReader) path(p string) {
	fi, err := os.Stat(p)
	if err != nil {
		r.note(p, "configured schema path: "+trimPathErr(err))
		return
	}
	switch {
	case fi.IsDir():
		r.dir(p)
	case fi.Mode().IsRegular():
		r.file(filepath.Dir(p), p)
	default:
		r.note(p, "configured schema path is neither a directory nor a regular file")
	}
}

// glob reads the files and directories a configured glob matches, confined
// to the glob's directory part.
func (r *configuredReader) glob(pattern string) {
	base := globBase(pattern)
	matches, err := filepath.Glob(pattern)
	if err != nil {
		r.note(pattern, "configured schema glob: "+err.Error())
		return
	}
	if len(matches) == 0 {
		r.note(pattern, "configured schema glob matches no file")
		return
	}
	confine, err := os.OpenRoot(base)
	if err != nil {
		r.note(pattern, "configured schema glob: "+trimPathErr(err))
		return
	}
	defer confine.Close()
	for _, m := range matches {
		rel, inside := srcfiles.Rel(base, m)
		if !inside {
			continue
		}
		// Lstat through the root: a symlink among the directories
		// leading to m that points out of base is refused, and m itself
		// is not followed.
		fi, err := confine.Lstat(filepath.FromSlash(rel))
		if err != nil {
			r.note(m, "not read: "+trimPathErr(err))
			continue
		}
		switch {
		case fi.Mode().IsRegular():
			if modscan.IsSchemaFile(m) {
				r.file(base, m)
			}
		case fi.IsDir():
			r.dir(m)
		}
	}
}

// dir walks a directory: every .sql/.yql file below it, with srcfiles'
// bounds and skipped directories (testdata, hidden, nested modules), and no
// symlink followed.
func (r *configuredReader) dir(dir string) {
	files, notes := srcfiles.Walk(dir, modscan.SchemaLimits(), modscan.IsSchemaFile)
	for _, n := range notes {
		r.note(filepath.Join(dir, filepath.FromSlash(n.Rel)), n.Msg)
	}
	for _, f := range files {
		r.add(filepath.Join(dir, filepath.FromSlash(f.Rel)), f.Content)
	}
}

// file reads one file through os.Root on confine.
func (r *configuredReader) file(confine, abs string) {
	if r.seen[abs] {
		return
	}
	content, err := srcfiles.ReadFile(confine, abs, modscan.SchemaLimits().MaxFileBytes)
	if err != nil {
		r.note(abs, err.Error())
		return
	}
	r.add(abs, content)
}

func (r *configuredReader) add(abs string, content []byte) {
	if r.seen[abs] {
		return
	}
	r.seen[abs] = true
	if r.files >= maxConfiguredFiles {
		if r.files == maxConfiguredFiles {
			r.note(abs, fmt.Sprintf("configured schema paths: stopped after %d files", maxConfiguredFiles))
			r.files++
		}
		return
	}
	if !modscan.MentionsDDL(content) {
		return
	}
	r.files++
	name := r.name(abs)
	r.byDir[path.Dir(name)] = append(r.byDir[path.Dir(name)], srcfiles.File{Rel: name, Content: content})
}

// hasGlobMeta reports whether p is a glob pattern for filepath.Match.
func hasGlobMeta(p string) bool {
	meta := `*?[`
	if filepath.Separator != '\\' {
		meta = `*?[\`
	}
	return strings.ContainsAny(p, meta)
}

// globBase returns the directory part of pattern before its first element
// holding a glob character: the confinement of the glob's matches.
func globBase(pattern string) string {
	dir := pattern
	for hasGlobMeta(dir) {
		next := filepath.Dir(dir)
		if next == dir {
			break
		}
		dir = next
	}
	return dir
}

func trimPathErr(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}

// ApplyMigrations applies one directory of migration files in the order
// the configured tool and order give (config.ToolAuto: detect the layout
// from the files; order "": the tool's own order).
func ApplyMigrations(c *schema.Catalog, files []schema.File, tool, order string) {
	_, names := MigrationOrder(files, tool, order)
	byName := make(map[string][]byte, len(files))
	for _, f := range files {
		byName[f.Name] = f.Content
	}
	for _, n := range names {
		c.ApplyFile(n, byName[n])
	}
}

// MigrationOrder returns the layout of one directory of migration files
// and the names of those that apply, in the order ApplyMigrations applies
// them (the last file of a name wins).
func MigrationOrder(files []schema.File, tool, order string) (schema.Layout, []string) {
	var layout schema.Layout
	switch tool {
	case config.ToolGoose:
		layout = schema.LayoutGoose
	case config.ToolMigrate:
		layout = schema.LayoutMigrate
	case config.ToolPlain:
		layout = schema.LayoutPlain
	default:
		layout = schema.DetectLayoutFiles(files)
	}
	seen := make(map[string]bool, len(files))
	names := make([]string, 0, len(files))
	for _, f := range files {
		if !seen[f.Name] {
			seen[f.Name] = true
			names = append(names, f.Name)
		}
	}
	return layout, orderMigrations(layout, names, order)
}

// orderMigrations returns the files that apply under layout in the given
// order: OrderLexical sorts the names byte-wise; OrderNumeric by the
// number the file name starts with (files without one first), then by
// name; "" keeps the layout's own order (numeric for goose and
// golang-migrate, lexical for plain).
func orderMigrations(layout schema.Layout, names []string, order string) []string {
	out := schema.OrderFiles(layout, names)
	switch order {
	case config.OrderLexical:
		sort.Strings(out)
	case config.OrderNumeric:
		sort.SliceStable(out, func(i, j int) bool {
			if c := compareNumbers(leadingNumber(out[i]), leadingNumber(out[j])); c != 0 {
				return c < 0
			}
			return out[i] < out[j]
		})
	}
	return out
}

// leadingNumber returns the decimal digits a file's base name starts with.
func leadingNumber(name string) string {
	base := path.Base(name)
	i := 0
	for i < len(base) && base[i] >= '0' && base[i] <= '9' {
		i++
	}
	return base[:i]
}

// compareNumbers compares decimal digit strings numerically without
// overflow; "" (no number) is smallest.
func compareNumbers(a, b string) int {
	if (a == "") != (b == "") {
		if a == "" {
			return -1
		}
		return 1
	}
	a, b = strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
	if len(a) != len(b) {
		if len(a) < len(b) {
			return -1
		}
		return 1
	}
	return strings.Compare(a, b)
}

// applyConfigHashes records the configuration's hash annotations
// (config.HashAnnotation) with Evidence "config", the highest rank, and the
// config file's line as the source. An annotation for a table this package
// does not see is skipped silently (another package of the module may see
// it); one the catalogue rejects for the table it names is a problem.
func (d *discovery) applyConfigHashes(cat *schema.Catalog, cfg *config.Config) {
	if cfg == nil {
		return
	}
	for _, h := range cfg.Hashes {
		if _, st := cat.Lookup(h.Table, ""); st == schema.LookupNotFound {
			continue
		}
		src := schema.Source{File: d.rel(h.Src.File), Line: h.Src.Line}
		hp := schema.HashPrefix{Column: h.Column, Func: h.Function, SourceColumn: h.SourceColumn, Evidence: "config", Src: src}
		if err := cat.SetHash(h.Table, hp); err != nil {
			d.problems = append(d.problems, Problem{
				Category: CategoryIncomplete,
				Src:      src,
				Table:    h.Table,
				Message:  fmt.Sprintf("configured hash annotation %s = %s(%s) not recorded: %v", h.Column, h.Function, h.SourceColumn, err),
			})
		}
	}
}
