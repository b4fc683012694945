package report

import (
	"path/filepath"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/session"
)

// ReportSchemaFile reports d on line line of a schema file (a .sql or .yql
// migration) of the module, named by path (absolute, or relative to
// moduleDir): d.Pos and d.End are set to that line. Report drops positions
// outside the package's Go files, which is right for every finding about
// Go code; a migration YDB rejects has no Go position at all, so its
// finding points into the migration (go vet, the standalone checker and
// editors print any position of the file set). ydblint:ignore directives
// do not apply (they live in Go and YQL text the rules read). It reports
// nothing and returns false when the file cannot be read or has no such
// line, or when the driver keeps findings in Go files (golangci-lint drops
// issues elsewhere, session.Session.OmitRelated): the rule then places the
// finding in Go code instead.
func ReportSchemaFile(pass *analysis.Pass, cfg pkgstate.Config, rule, moduleDir, path string, line int, d analysis.Diagnostic) bool {
	var s *session.Session
	if cfg != nil {
		s = cfg.Session()
	}
	if pass == nil || pass.Fset == nil || line <= 0 || s.RelatedOmitted() {
		return false
	}
	if !filepath.IsAbs(path) {
		if moduleDir == "" {
			return false
		}
		path = filepath.Join(moduleDir, filepath.FromSlash(path))
	}
	var mayRead func(string) bool
	if cfg != nil {
		mayRead = cfg.MayRead
	}
	tf := relatedFile(pass, s, moduleDir, filepath.Clean(path), mayRead)
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
