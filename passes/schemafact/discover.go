package schemafact

import (
	"go/ast"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/modscan"
	"github.com/ydblint/ydblint/internal/srcfiles"
)

// maxEmbedFiles bounds the files one package's //go:embed patterns add.
const maxEmbedFiles = 1000

// moduleScan is what one walk of a module root found. It is shared by every
// package of the module analysed in this process and never modified after
// it is built.
type moduleScan struct {
	root    string
	modPath string
	// sqlDirs holds the DDL-bearing .sql/.yql files, grouped by directory,
	// directories sorted.
	sqlDirs []sqlDir
	// goDDL holds the DDL texts of the module's Go files, by file and line.
	goDDL []goDDL
	notes []srcfiles.Note
}

type sqlDir struct {
	dir   string // slash path relative to the root
	files []srcfiles.File
}

// scanKey is the modscan.Derive key of a module's moduleScan.
type scanKey struct{}

// scanModule returns the scan of the module, built once per module scan
// of the process (every package of the module analysed in this process
// shares it). Under go vet every package is its own process, so it only
// saves work in the standalone checker, golangci-lint, editors and tests;
// `ydblint lsp` forgets the scans when schema files or Go DDL change.
func scanModule(m *modscan.Module) *moduleScan {
	return modscan.Derive(m, scanKey{}, buildScan)
}

// buildScan reads the module's schema inputs (modscan.Module.SchemaInputs):
// the DDL-bearing .sql and .yql files, and the DDL texts and CreateTable
// calls of its non-test Go files.
func buildScan(m *modscan.Module) *moduleScan {
	ms := &moduleScan{root: m.Root(), modPath: m.Path()}
	files, notes := m.SchemaInputs()
	ms.notes = notes
	var goFiles []goSource
	byDir := map[string][]srcfiles.File{}
	for _, f := range files {
		if strings.HasSuffix(f.Rel, ".go") {
			goFiles = append(goFiles, goSource{rel: f.Rel, content: f.Content})
			continue
		}
		if modscan.MentionsDDL(f.Content) {
			byDir[path.Dir(f.Rel)] = append(byDir[path.Dir(f.Rel)], f)
		}
	}
	ms.sqlDirs = groupDirs(byDir)
	ms.goDDL = parseGoPackages(goFiles)
	if defs := scanCreateTables(goFiles, ms.modPath); len(defs) > 0 {
		ms.goDDL = append(ms.goDDL, defs...)
		sort.SliceStable(ms.goDDL, func(i, j int) bool {
			if ms.goDDL[i].File != ms.goDDL[j].File {
				return ms.goDDL[i].File < ms.goDDL[j].File
			}
			return ms.goDDL[i].Line < ms.goDDL[j].Line
		})
	}
	return ms
}

func groupDirs(byDir map[string][]srcfiles.File) []sqlDir {
	out := make([]sqlDir, 0, len(byDir))
	for dir, files := range byDir {
		sort.Slice(files, func(i, j int) bool { return files[i].Rel < files[j].Rel })
		out = append(out, sqlDir{dir: dir, files: files})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].dir < out[j].dir })
	return out
}

// packageDir returns the directory of the package's Go files, or "".
func packageDir(fset *token.FileSet, files []*ast.File) string {
	for _, f := range files {
		if tf := fset.File(f.FileStart); tf != nil && tf.Name() != "" {
			return filepath.Dir(tf.Name())
		}
	}
	return ""
}

// embedPatterns returns the patterns of the //go:embed directives of files,
// in order, with an "all:" prefix removed.
func embedPatterns(files []*ast.File) []string {
	var out []string
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				rest, ok := strings.CutPrefix(c.Text, "//go:embed")
				if !ok || rest == "" || (rest[0] != ' ' && rest[0] != '\t') {
					continue
				}
				for _, p := range splitEmbedPatterns(rest) {
					out = append(out, strings.TrimPrefix(p, "all:"))
				}
			}
		}
	}
	return out
}

// splitEmbedPatterns splits a //go:embed argument list: space-separated,
// with Go string literal quoting for names holding spaces.
func splitEmbedPatterns(s string) []string {
	var out []string
	s = strings.TrimSpace(s)
	for s != "" {
		var p string
		switch s[0] {
		case '"', '`':
			end := 1
			for end < len(s) && s[end] != s[0] {
				if s[0] == '"' && s[end] == '\\' {
					end++
				}
				end++
			}
			if end >= len(s) {
				return out // unterminated: the compiler rejects it too
			}
			q, err := strconv.Unquote(s[:end+1])
			if err != nil {
				return out
			}
			p, s = q, s[end+1:]
		default:
			end := strings.IndexAny(s, " \t")
			if end < 0 {
				end = len(s)
			}
			p, s = s[:end], s[end:]
		}
		if p != "" {
			out = append(out, p)
		}
		s = strings.TrimSpace(s)
	}
	return out
}

// embeddedSchemaFiles resolves the package's //go:embed patterns against
// dir and returns the .sql/.yql files they name (directories recursively,
// as go:embed does), read through srcfiles inside root, grouped by
// directory with names relative to root.
func embeddedSchemaFiles(root, dir string, patterns []string) ([]sqlDir, []srcfiles.Note) {
	var notes []srcfiles.Note
	seen := map[string]bool{}
	var names []string
	add := func(abs string) {
		if len(names) < maxEmbedFiles && !seen[abs] && modscan.IsSchemaFile(abs) {
			seen[abs] = true
			names = append(names, abs)
		}
	}
	for _, pat := range patterns {
		if strings.Contains(pat, "..") || path.IsAbs(pat) {
			continue // the compiler rejects these
		}
		matches, err := filepath.Glob(filepath.Join(dir, filepath.FromSlash(pat)))
		if err != nil {
			continue
		}
		for _, m := range matches {
			fi, err := os.Lstat(m)
			if err != nil {
				continue
			}
			if fi.Mode().IsRegular() {
				add(m)
				continue
			}
			if !fi.IsDir() {
				continue
			}
			relDir, ok := srcfiles.Rel(root, m)
			if !ok {
				continue
			}
			files, ns := srcfiles.Walk(filepath.Join(root, filepath.FromSlash(relDir)), srcfiles.Limits{MaxFiles: maxEmbedFiles, MaxDepth: 8}, modscan.IsSchemaFile)
			for _, f := range files {
				add(filepath.Join(m, filepath.FromSlash(f.Rel)))
			}
			notes = append(notes, ns...)
		}
	}
	sort.Strings(names)
	byDir := map[string][]srcfiles.File{}
	for _, abs := range names {
		rel, ok := srcfiles.Rel(root, abs)
		if !ok {
			continue
		}
		content, err := srcfiles.ReadFile(root, rel, modscan.SchemaLimits().MaxFileBytes)
		if err != nil {
			notes = append(notes, srcfiles.Note{Rel: rel, Msg: err.Error()})
			continue
		}
		if modscan.MentionsDDL(content) {
			byDir[path.Dir(rel)] = append(byDir[path.Dir(rel)], srcfiles.File{Rel: rel, Content: content})
		}
	}
	return groupDirs(byDir), notes
}
