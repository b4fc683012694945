package report

import (
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/modscan"
	"github.com/ydblint/ydblint/internal/session"
)

// Related information: a finding names the schema line of its table
// ("(schema: db/migrations/0001.sql:8)") and the evidence it relies on
// ("write evidence at repo/orders.go:18") in its text; emit also attaches
// those places as the diagnostic's Related information, so that editors and
// SARIF show them as links. The names are relative to the module root.

var (
	schemaRef   = regexp.MustCompile(`\(schema: ([^\s()]+):(\d+)\)`)
	evidenceRef = regexp.MustCompile(`(\w+) evidence at ([^\s(),;]+):(\d+)`)
)

// maxRelatedFile bounds the size of a file read only to place a link.
const maxRelatedFile = 4 << 20

// relatedKey names the token.File added to a file set for a schema file
// (or a Go file of another package); the process's module scans keep it
// (modscan.Derive), so that each is read and added once per file set.
type relatedKey struct {
	fset *token.FileSet
	path string
}

// relatedOf returns the Related entries for the places msg names; none when
// the module root is unknown or a file cannot be read. mayRead says which
// files outside the package may be read; nil allows any.
func relatedOf(pass *analysis.Pass, s *session.Session, moduleDir, msg string, mayRead func(string) bool) []analysis.RelatedInformation {
	if moduleDir == "" || pass.Fset == nil || s.RelatedOmitted() {
		return nil
	}
	var out []analysis.RelatedInformation
	add := func(rel, line, what string) {
		n, err := strconv.Atoi(line)
		if err != nil || n <= 0 {
			return
		}
		path := rel
		if !filepath.IsAbs(path) {
			path = filepath.Join(moduleDir, filepath.FromSlash(rel))
		}
		tf := relatedFile(pass, s, moduleDir, filepath.Clean(path), mayRead)
		if tf == nil || n > tf.LineCount() {
			return
		}
		pos := tf.LineStart(n)
		out = append(out, analysis.RelatedInformation{Pos: pos, End: pos, Message: what})
	}
	for _, m := range schemaRef.FindAllStringSubmatch(msg, -1) {
		add(m[1], m[2], "schema of the table")
	}
	for _, m := range evidenceRef.FindAllStringSubmatch(msg, -1) {
		add(m[2], m[3], m[1]+" evidence of the hash column")
	}
	return out
}

// relatedFile returns a token.File of path in pass.Fset: the package's own
// when path is one of its Go files, else one added once per file set and
// module scan of moduleDir (nil when path cannot or may not be read).
// mayRead says which other files may be read (pkgstate.Config.MayRead).
func relatedFile(pass *analysis.Pass, s *session.Session, moduleDir, path string, mayRead func(string) bool) *token.File {
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.Pos()); tf != nil && tf.Name() == path {
			return tf
		}
	}
	if mayRead != nil && !mayRead(path) {
		return nil
	}
	return modscan.Derive(s.Modules().Module(moduleDir), relatedKey{pass.Fset, path}, func(*modscan.Module) *token.File {
		fi, err := os.Stat(path)
		if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxRelatedFile {
			return nil
		}
		content, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		tf := pass.Fset.AddFile(path, -1, len(content))
		tf.SetLinesForContent(content)
		return tf
	})
}
