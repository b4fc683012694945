package report

import (
	"path/filepath"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/pkgstate"
)

// goOnly is set by GoPositionsOnly.
var goOnly atomic.Bool

// GoPositionsOnly makes ReportSchemaFile report nothing (and return false)
// for the whole process: golangci-lint drops issues outside Go files, so
// its plugin calls this and the rules place such findings in Go code
// instead.
func GoPositionsOnly() { goOnly.Store(true) }

// ReportSchemaFile reports d on line line of a schema file (a .sql or .yql
// migration) of the module, named by path (absolute, or relative to
// moduleDir): d.Pos and d.End are set to that line. Report drops positions
// outside the package's Go files, which is right for every finding about
// Go code; a migration YDB rejects has no Go position at all, so its
// finding points into the migration (go vet, the standalone checker and
// editors print any position of the file set). ydblint:ignore directives
// do not apply (they live in Go and YQL text the rules read). It reports
// nothing and returns false when the file cannot be read or has no such
// line, or under GoPositionsOnly.
func ReportSchemaFile(pass *analysis.Pass, cfg pkgstate.Config, rule, moduleDir, path string, line int, d analysis.Diagnostic) bool {
	if pass == nil || pass.Fset == nil || line <= 0 || goOnly.Load() {
		return false
	}
	if !filepath.IsAbs(path) {
		if moduleDir == "" {
			return false
		}
		path = filepath.Join(moduleDir, filepath.FromSlash(path))
	}
	tf := relatedFile(pass, filepath.Clean(path))
	if tf == nil || line > tf.LineCount() {
		return false
	}
	d.Pos = tf.LineStart(line)
	d.End = d.Pos
	if line < tf.LineCount() {
		d.End = tf.LineStart(line+1) - 1
	}
	st := lookup(pass, rule, cfg)
	st.mu.Lock()
	defer st.mu.Unlock()
	st.emit(d, d.Category)
	return true
}
