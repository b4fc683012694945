package analyzer

import (
	"github.com/ydblint/ydblint/internal/session"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/schemafact"
)

// Runtime is what a driver may change of the state ydblint keeps for the
// whole process (internal/session, owned by config.Analyzer): the one
// surface through which drivers reach it, instead of poking the packages
// that use it.
type Runtime struct {
	session *session.Session
}

// Process returns the Runtime of this process.
func Process() Runtime { return Runtime{config.ProcessSession()} }

// ForgetModuleScans drops what the process read from modules' files
// (migrations, schema files, Go DDL, driver options, configuration files),
// so that the next analysis reads them again: a long-lived driver calls it
// when such files change. Analyses running meanwhile keep what they read.
func (r Runtime) ForgetModuleScans() { r.session.Forget() }

// UseModuleEvidence makes every analysis from now on apply the hash-prefix
// evidence merged from a whole first round (schemafact.MergeModule) after
// each package's own, until restore is called. Only a driver that analysed
// the whole run first may call it, between two runs of the checker.
func (r Runtime) UseModuleEvidence(m *schemafact.ModuleEvidence) (restore func()) {
	if m == nil {
		return r.session.UseModuleEvidence(nil)
	}
	return r.session.UseModuleEvidence(m)
}

// OmitRelated makes the rules attach no Related information and keep every
// finding in Go files, for the whole process: golangci-lint shows each
// related location as an issue of its own and drops issues positioned
// outside Go files.
func (r Runtime) OmitRelated() { r.session.OmitRelated() }

// OnPackageDone calls done with each package's path as its analysis
// reaches its query plan, until restore is called: the standalone driver's
// progress line counts packages with it.
func (r Runtime) OnPackageDone(done func(pkgPath string)) (restore func()) {
	return r.session.OnPackageDone(done)
}
