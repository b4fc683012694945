package pkgstate

import (
	"go/types"
	"reflect"
	"sort"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/session"
)

// Analyzer's result is a new, empty *State for every package. It reports
// nothing and Requires nothing: passes/config Requires it, so it runs first.
var Analyzer = &analysis.Analyzer{
	Name:             "ydblint_pkgstate",
	Doc:              "state ydblint's analyzers of one package share\n\nRequired by every ydblint rule and fact analyzer; reports nothing.",
	URL:              "https://pkg.go.dev/github.com/ydblint/ydblint/internal/pkgstate",
	Run:              func(*analysis.Pass) (any, error) { return new(State), nil },
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*State](),
}

// Config is what reporting needs of a package's configuration.
// passes/config's *Config implements it.
type Config interface {
	// IsPkgInScope reports whether ydblint analyses pkg at all.
	IsPkgInScope(pkg *types.Package) bool
	// ModuleRoot is the module directory that file names in messages are
	// relative to; "" when unknown.
	ModuleRoot() string
	// ReportsUnusedIgnores reports whether ydblint:ignore directives that
	// suppress nothing are reported.
	ReportsUnusedIgnores() bool
	// ErrorMessages are the configuration's errors, one line each.
	ErrorMessages() []string
	// MayRead reports whether a file outside the package (a migration, a
	// Go file of another package) may be read to place a finding or a
	// link: always, except under -hermetic, where only the named inputs
	// may.
	MayRead(path string) bool
	// Session is the process's session: how the driver shows findings,
	// and the files read for them.
	Session() *session.Session
}

// State is the shared state of one package. The analyzers of a package run
// concurrently, so every method locks. A nil *State is valid: it knows
// nothing and hands out every claim.
type State struct {
	mu       sync.Mutex
	cfg      Config
	usesYDB  usage
	failures []string
	claimed  int             // failures[:claimed] were handed out
	claims   map[string]bool // keys handed out by Claim
}

type usage uint8

const (
	usageUnknown usage = iota
	usageNone
	usageSome
)

// Of returns the State of pass's package, or nil when pass's analyzer does
// not Require Analyzer.
func Of(pass *analysis.Pass) *State {
	s, _ := pass.ResultOf[Analyzer].(*State)
	return s
}

// SetConfig records the package's configuration.
func (s *State) SetConfig(c Config) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cfg = c
}

// Config returns the package's configuration; nil before SetConfig.
func (s *State) Config() Config {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cfg
}

// SetUsesYDB records whether the package hands anything to ydb-go-sdk or
// database/sql (it has query sites).
func (s *State) SetUsesYDB(uses bool) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.usesYDB = usageNone
	if uses {
		s.usesYDB = usageSome
	}
}

// UsesYDB reports whether the package uses YDB, and whether that is known
// yet: false, false until SetUsesYDB was called.
func (s *State) UsesYDB() (uses, known bool) {
	if s == nil {
		return false, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.usesYDB == usageSome, s.usesYDB != usageUnknown
}

// AddFailure records an internal failure of an analyzer on the package.
func (s *State) AddFailure(msg string) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failures = append(s.failures, msg)
}

// ClaimFailures returns, sorted, the failures recorded since the last call:
// each failure is worth one diagnostic, not one per rule. A failure
// recorded after a rule finished is handed to a later one.
func (s *State) ClaimFailures() []string {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := append([]string(nil), s.failures[s.claimed:]...)
	s.claimed = len(s.failures)
	sort.Strings(out)
	return out
}

// Claim returns true to its first caller for key and false to every later
// one; true to every caller on a nil State (each rule then reports).
func (s *State) Claim(key string) bool {
	if s == nil {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.claims[key] {
		return false
	}
	if s.claims == nil {
		s.claims = map[string]bool{}
	}
	s.claims[key] = true
	return true
}
