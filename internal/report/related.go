package report

import (
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
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

// relatedOff is set by OmitRelated.
var relatedOff atomic.Bool

// OmitRelated stops emit from attaching Related information, and drops
// the Related information a rule set itself, for the whole process.
// golangci-lint turns each related location into an issue of its own
// ("hashprefix(related information): …"), so its plugin calls this.
func OmitRelated() { relatedOff.Store(true) }

// maxRelatedFile bounds the size of a file read only to place a link.
const maxRelatedFile = 4 << 20

// relatedFiles caches, per file set, the token.File added for a schema file
// (or a Go file of another package) so each is read once per process.
var relatedFiles sync.Map // relatedKey → *token.File (nil: unreadable)

type relatedKey struct {
	fset *token.FileSet
	path string
}

// relatedOf returns the Related entries for the places msg names; none when
// the module root is unknown or a file cannot be read.
func relatedOf(pass *analysis.Pass, moduleDir, msg string) []analysis.RelatedInformation {
	if moduleDir == "" || pass.Fset == nil || relatedOff.Load() {
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
		tf := relatedFile(pass, filepath.Clean(path))
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
// when path is one of its Go files, else one added once per file set.
func relatedFile(pass *analysis.Pass, path string) *token.File {
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.Pos()); tf != nil && tf.Name() == path {
			return tf
		}
	}
	key := relatedKey{pass.Fset, path}
	if v, ok := relatedFiles.Load(key); ok {
		tf, _ := v.(*token.File)
		return tf
	}
	var tf *token.File
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() && fi.Size() <= maxRelatedFile {
		if content, err := os.ReadFile(path); err == nil {
			tf = pass.Fset.AddFile(path, -1, len(content))
			tf.SetLinesForContent(content)
		}
	}
	v, _ := relatedFiles.LoadOrStore(key, tf)
	tf, _ = v.(*token.File)
	return tf
}
