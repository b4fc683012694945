// Package session holds what ydblint keeps for a whole process, across the
// packages it analyses: the module scans (internal/modscan), the module
// round's hash evidence, and how the driver shows findings.
//
// go/analysis gives a pass nothing but its package, its facts and the
// results of the analyzers it requires, so per-process state has one
// owner: passes/config creates the process's Session with its Analyzer and
// hands it to every pass in its result (config.Config.Session). Drivers
// change it only through package analyzer (analyzer.Process): the
// standalone driver's module round sets the evidence, golangci-lint's
// plugin omits related information, `ydblint lsp` forgets the scans when
// files change. Under go vet every package is its own process, so the
// session lives for one package.
package session

import (
	"io/fs"
	"sync"
	"sync/atomic"

	"github.com/ydblint/ydblint/internal/modscan"
	"github.com/ydblint/ydblint/internal/schema"
)

// Session is the state of one process. A nil *Session is valid: it keeps
// nothing (every module is walked again), holds no evidence and omits
// nothing.
type Session struct {
	modules modscan.Cache

	mu       sync.Mutex
	evidence Evidence

	omitRelated atomic.Bool

	packageDone atomic.Pointer[func(pkgPath string)]

	compiled atomic.Pointer[CompiledSchema]
}

// CompiledSchema is schema files compiled into the binary (a Bazel nogo
// binary, whose sandbox holds no other file): FS holds them, and Dir is the
// directory their names are relative to, as messages name them (slash
// separated, relative to the base directory; "" for the base itself).
type CompiledSchema struct {
	Dir string
	FS  fs.FS
}

// UseCompiledSchema makes c the process's compiled-in schema files, which
// schema discovery reads as named schema inputs. A binary calls it while
// its packages are initialised, before any analysis.
func (s *Session) UseCompiledSchema(c CompiledSchema) {
	if s != nil && c.FS != nil {
		s.compiled.Store(&c)
	}
}

// CompiledSchema returns the compiled-in schema files; nil when there are
// none.
func (s *Session) CompiledSchema() *CompiledSchema {
	if s == nil {
		return nil
	}
	return s.compiled.Load()
}

// New returns an empty Session.
func New() *Session { return new(Session) }

// Modules returns the module scans of the process; nil (which caches
// nothing) on a nil Session.
func (s *Session) Modules() *modscan.Cache {
	if s == nil {
		return nil
	}
	return &s.modules
}

// Forget drops the module scans and everything derived from them (see
// modscan.Cache.Forget): a long-lived driver calls it when migrations,
// schema files, the configuration or Go files holding DDL change.
func (s *Session) Forget() { s.Modules().Forget() }

// Evidence is hash-prefix evidence gathered from a whole first round of
// analysis, which schema discovery applies to a package's catalogue after
// the package's own (passes/schemafact.ModuleEvidence implements it).
type Evidence interface {
	// ApplyTo records the evidence in cat and reports whether any table's
	// evidence changed.
	ApplyTo(cat *schema.Catalog) bool
}

// ModuleEvidence returns the evidence in use; nil in every run but the
// standalone driver's second round.
func (s *Session) ModuleEvidence() Evidence {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.evidence
}

// UseModuleEvidence makes every pass from now on apply e, until restore
// is called. Only a driver that analysed the whole run first may call it,
// between two runs of the checker (a pass reads it once, so a run must not
// overlap the call).
func (s *Session) UseModuleEvidence(e Evidence) (restore func()) {
	if s == nil {
		return func() {}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.evidence
	s.evidence = e
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.evidence = old
	}
}

// OmitRelated makes the rules attach no Related information to a
// diagnostic (and drop what a rule set itself), and keep every finding in
// Go files: golangci-lint shows each related location as an issue of its
// own and drops issues positioned in a migration file.
func (s *Session) OmitRelated() {
	if s != nil {
		s.omitRelated.Store(true)
	}
}

// RelatedOmitted reports whether OmitRelated was called.
func (s *Session) RelatedOmitted() bool { return s != nil && s.omitRelated.Load() }

// OnPackageDone makes every package's query plan, once built, call done
// with the package path, until restore is called: a driver counts the
// packages analysed to show progress. done must be safe for concurrent
// use.
func (s *Session) OnPackageDone(done func(pkgPath string)) (restore func()) {
	if s == nil {
		return func() {}
	}
	old := s.packageDone.Swap(&done)
	return func() { s.packageDone.Store(old) }
}

// PackageDone reports that the query plan of pkgPath is built
// (passes/queryplan calls it).
func (s *Session) PackageDone(pkgPath string) {
	if s == nil {
		return
	}
	if f := s.packageDone.Load(); f != nil && *f != nil {
		(*f)(pkgPath)
	}
}
