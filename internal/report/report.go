package report

import (
	"fmt"
	"go/ast"
	"go/token"
	"maps"
	"os"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/session"
	"github.com/ydblint/ydblint/internal/suppress"
)

// URLBase is the documentation URL of the rules' packages.
const URLBase = "https://pkg.go.dev/github.com/ydblint/ydblint/passes/"

// directivesURL documents the ydblint:ignore directive.
const directivesURL = URLBase + "config#hdr-Suppressing_diagnostics"

// configURL documents the options.
const configURL = URLBase + "config#hdr-Options"

// PosMapper maps a byte range of YQL text to Go positions.
// *site.Text implements it.
type PosMapper interface {
	PosRange(start, end int) (token.Pos, token.Pos)
}

// YQL says where a diagnostic lies in recovered YQL text, so that
// `-- ydblint:ignore` comments in that text apply.
type YQL struct {
	Text  string          // the YQL text
	Stmts []suppress.Span // statement spans in Text (from the YQL parser)
	Off   int             // byte offset of the diagnostic in Text
	// Map locates directives in Go source, for reporting malformed or
	// unused ones; nil means they are not reported.
	Map PosMapper
}

// Option modifies one Report call.
type Option func(*options)

type options struct {
	yql *YQL
}

// InYQL applies the YQL directives of y.Text to the diagnostic.
func InYQL(y YQL) Option { return func(o *options) { o.yql = &y } }

// CategoryURL returns the documentation URL of a rule, with the anchor of
// the "# Category <category>" heading when category is not empty.
func CategoryURL(rule, category string) string {
	u := URLBase + rule
	if category != "" {
		u += "#" + Anchor("Category "+category)
	}
	return u
}

// Anchor returns the anchor pkg.go.dev gives a doc comment heading (the
// rule of go/doc/comment's Heading.DefaultID: "hdr-" and the text with
// every byte that is not an ASCII letter, digit or '_' replaced by '_').
func Anchor(heading string) string {
	var b strings.Builder
	b.WriteString("hdr-")
	for _, r := range strings.Join(strings.Fields(heading), " ") {
		if r < 0x80 && (r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// state is what one rule knows about one package while it runs.
type state struct {
	pass *analysis.Pass
	rule string
	cfg  pkgstate.Config
	pkg  *pkgstate.State // shared by the package's analyzers; nil without one

	mu        sync.Mutex
	goFiles   map[*token.File]bool
	goSet     *suppress.Set // parsed lazily
	goProbs   []suppress.Problem
	yql       map[yqlKey]*yqlEntry
	yqlOrder  []yqlKey
	seen      map[diagKey]bool
	dropped   int
	firstDrop string
	// failed is set when the rule panicked or returned an error: what it
	// used is then incomplete, so unused directives are not reported.
	failed bool
}

type diagKey struct {
	pos, end token.Pos
	category string
	message  string
}

type yqlKey struct {
	text  string
	start token.Pos // Map.PosRange(0, 0): tells two sites with the same text apart
}

type yqlEntry struct {
	dirs  []*suppress.Directive
	probs []suppress.Problem
	m     PosMapper
}

// stateKey is the key under which WrapRun hands a rule its state: the rule
// runs with a copy of its pass whose ResultOf also maps stateKey to the
// *state, so that Report, called anywhere in the rule with that pass, finds
// it. It is never run; no analyzer Requires it.
var stateKey = &analysis.Analyzer{Name: "ydblint_report", Doc: "the reporting state of one rule on one package (see WrapRun)"}

func newState(pass *analysis.Pass, rule string, cfg pkgstate.Config) *state {
	st := &state{pass: pass, rule: rule, cfg: cfg, pkg: pkgstate.Of(pass), goFiles: map[*token.File]bool{}, seen: map[diagKey]bool{}, yql: map[yqlKey]*yqlEntry{}}
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.FileStart); tf != nil && strings.HasSuffix(tf.Name(), ".go") {
			st.goFiles[tf] = true
		}
	}
	return st
}

func lookup(pass *analysis.Pass, rule string, cfg pkgstate.Config) *state {
	if st, ok := pass.ResultOf[stateKey].(*state); ok {
		st.mu.Lock()
		if st.cfg == nil {
			st.cfg = cfg
		}
		st.mu.Unlock()
		return st
	}
	return newState(pass, rule, cfg) // not wrapped: state lives for this call only
}

// goDirectives parses the package's Go directives once. Caller holds mu.
func (st *state) goDirectives() *suppress.Set {
	if st.goSet == nil {
		st.goSet = &suppress.Set{}
		for _, f := range st.pass.Files {
			dirs, probs := suppress.ParseGoFile(st.pass.Fset, f)
			st.goSet.Add(dirs...)
			st.goProbs = append(st.goProbs, probs...)
		}
	}
	return st.goSet
}

// yqlDirectives returns the directives of one YQL text. Caller holds mu.
func (st *state) yqlDirectives(y *YQL) *yqlEntry {
	key := yqlKey{text: y.Text}
	if y.Map != nil {
		key.start, _ = y.Map.PosRange(0, 0)
	}
	if e, ok := st.yql[key]; ok {
		return e
	}
	dirs, probs := suppress.ParseYQL(y.Text, y.Stmts)
	e := &yqlEntry{dirs: dirs, probs: probs, m: y.Map}
	st.yql[key] = e
	st.yqlOrder = append(st.yqlOrder, key)
	return e
}

// Report reports d for rule unless a ydblint:ignore directive covers it. See
// the package documentation for what it checks and sets.
func Report(pass *analysis.Pass, cfg pkgstate.Config, rule string, d analysis.Diagnostic, opts ...Option) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	st := lookup(pass, rule, cfg)
	st.mu.Lock()
	defer st.mu.Unlock()

	tf := pass.Fset.File(d.Pos)
	if !d.Pos.IsValid() || tf == nil || !st.goFiles[tf] {
		st.dropped++
		if st.firstDrop == "" {
			where := "no position"
			if d.Pos.IsValid() {
				where = pass.Fset.Position(d.Pos).String()
			}
			st.firstDrop = where + ": " + d.Message
		}
		return
	}
	if !d.End.IsValid() || d.End < d.Pos || pass.Fset.File(d.End) != tf {
		d.End = d.Pos
	}

	if st.goDirectives().Match(rule, d.Pos) != nil {
		return
	}
	if o.yql != nil {
		if suppress.MatchYQL(st.yqlDirectives(o.yql).dirs, rule, o.yql.Off) != nil {
			return
		}
	}
	st.emit(d, d.Category)
}

// session returns the process's session, from the configuration; nil
// (which omits nothing and caches nothing) without one.
func (st *state) session() *session.Session {
	if st.cfg == nil {
		return nil
	}
	return st.cfg.Session()
}

// emit sets Category and URL, drops duplicates and reports. Caller holds mu.
func (st *state) emit(d analysis.Diagnostic, category string) {
	d.Category = st.rule
	if d.URL == "" {
		d.URL = CategoryURL(st.rule, category)
	}
	key := diagKey{d.Pos, d.End, d.Category, d.Message}
	if st.seen[key] {
		return
	}
	st.seen[key] = true
	switch {
	case st.session().RelatedOmitted():
		d.Related = nil // golangci-lint would make each an issue of its own (OmitRelated)
	case len(d.Related) == 0 && st.cfg != nil:
		d.Related = relatedOf(st.pass, st.session(), st.cfg.ModuleRoot(), d.Message, st.cfg.MayRead)
	}
	st.pass.Report(d)
}

// NoteYQL registers YQL text a rule examined without reporting on it, so
// that malformed directives in it are reported and, with
// report-unused-ignores, directives in it that suppressed nothing.
func NoteYQL(pass *analysis.Pass, cfg pkgstate.Config, rule string, y YQL) {
	st := lookup(pass, rule, cfg)
	st.mu.Lock()
	defer st.mu.Unlock()
	st.yqlDirectives(&y)
}

// WrapRun wraps a rule's Run function: a panic or an error becomes a
// diagnostic at the package clause naming the package, so that one package
// never takes down the run; and package-wide findings (configuration
// errors, internal failures of the fact analyzers, malformed and unused
// directives, dropped diagnostics) are reported after run returns. The rule
// is pass.Analyzer.Name; its configuration and the package's shared state
// come from pass.ResultOf[pkgstate.Analyzer], which the rule Requires.
// run gets a copy of pass that carries the rule's reporting state (see
// stateKey).
func WrapRun(run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (result any, err error) {
		rule := pass.Analyzer.Name
		st := newState(pass, rule, pkgstate.Of(pass).Config())
		withState := *pass
		withState.ResultOf = maps.Clone(pass.ResultOf)
		if withState.ResultOf == nil {
			withState.ResultOf = map[*analysis.Analyzer]any{}
		}
		withState.ResultOf[stateKey] = st

		result, failure := protect(run, &withState)
		if failure == "" {
			st.finish()
			return result, nil
		}
		st.mu.Lock()
		st.failed = true
		st.mu.Unlock()
		if pos, end := packageClause(pass); pos.IsValid() {
			st.mu.Lock()
			st.emit(analysis.Diagnostic{Pos: pos, End: end, Message: fmt.Sprintf(
				"internal error: rule %s failed on package %s: %s; its other findings in this package may be missing, please report this",
				rule, pass.Pkg.Path(), failure)}, "")
			st.mu.Unlock()
		}
		st.finish()
		if t := pass.Analyzer.ResultType; t != nil {
			return reflect.Zero(t).Interface(), nil // drivers check the result's type
		}
		return nil, nil
	}
}

// protect runs run, turning a panic or an error into a description.
func protect(run func(*analysis.Pass) (any, error), pass *analysis.Pass) (result any, failure string) {
	defer func() {
		if r := recover(); r != nil {
			failure = fmt.Sprintf("panic: %v%s", r, panicSite())
		}
	}()
	result, err := run(pass)
	if err != nil {
		return nil, err.Error()
	}
	return result, ""
}

// panicSite returns " (at file:line)" for the frame that panicked.
func panicSite() string {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(2, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	sawPanic := false
	for {
		f, more := frames.Next()
		if f.Function == "runtime.gopanic" {
			sawPanic = true
		} else if sawPanic && !strings.HasPrefix(f.Function, "runtime.") {
			return fmt.Sprintf(" (at %s:%d)", trimPath(f.File), f.Line)
		}
		if !more {
			return ""
		}
	}
}

// trimPath keeps the last two path elements.
func trimPath(p string) string {
	i := strings.LastIndexByte(p, '/')
	if i > 0 {
		if j := strings.LastIndexByte(p[:i], '/'); j >= 0 {
			return p[j+1:]
		}
	}
	return p
}

// packageClause returns the range of the package clause of the package's
// first file by name, where package-wide diagnostics go.
func packageClause(pass *analysis.Pass) (token.Pos, token.Pos) {
	var first *ast.File
	firstName := ""
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.FileStart)
		if tf == nil || !strings.HasSuffix(tf.Name(), ".go") {
			continue
		}
		if first == nil || tf.Name() < firstName {
			first, firstName = f, tf.Name()
		}
	}
	if first == nil {
		return token.NoPos, token.NoPos
	}
	return first.Package, first.Name.End()
}

// finish reports the package-wide findings of the rule. It must not fail
// either: a panic here is dropped rather than taking the run down.
func (st *state) finish() {
	defer func() { _ = recover() }()
	st.mu.Lock()
	defer st.mu.Unlock()
	pass := st.pass
	if st.cfg != nil && !st.cfg.IsPkgInScope(pass.Pkg) {
		return
	}
	pos, end := packageClause(pass)
	if pos.IsValid() && st.cfg != nil && st.engaged() && st.pkg.Claim(configErrorsKey) {
		for _, e := range st.cfg.ErrorMessages() {
			st.emit(analysis.Diagnostic{Pos: pos, End: end, URL: configURL, Message: "ydblint configuration: " + e}, "")
		}
	}
	if pos.IsValid() {
		for _, f := range st.pkg.ClaimFailures() {
			st.emit(analysis.Diagnostic{Pos: pos, End: end, Message: FailureMessage(pass.Pkg.Path(), f)}, "")
		}
	}
	if pos.IsValid() && st.dropped > 0 {
		st.emit(analysis.Diagnostic{Pos: pos, End: end, Message: fmt.Sprintf(
			"internal error: rule %s reported %d diagnostic(s) outside this package's Go files, dropped; the first: %s",
			st.rule, st.dropped, st.firstDrop)}, "")
	}

	st.goDirectives()
	for _, p := range st.goProbs {
		if p.Concerns(st.rule) && (len(p.Rules) > 0 || st.pkg.Claim(fmt.Sprintf("%d-%d:%s", p.Pos, p.End, p.Msg))) {
			st.emit(analysis.Diagnostic{Pos: p.Pos, End: p.End, URL: directivesURL, Message: p.Msg}, "")
		}
	}
	unused := st.cfg != nil && st.cfg.ReportsUnusedIgnores() && !st.failed
	if unused {
		for _, d := range st.goSet.Directives() {
			if d.UnusedFor(st.rule) {
				st.emit(analysis.Diagnostic{Pos: d.Pos, End: d.End, URL: directivesURL, Message: unusedMsg(st.rule)}, "")
			}
		}
	}

	// YQL directives: report at the Go position of the comment, and count a
	// directive as used when any site sharing that text used it.
	type yqlDir struct {
		pos, end token.Pos
		used     bool
	}
	var dirs []*yqlDir
	byPos := map[token.Pos]*yqlDir{}
	for _, key := range st.yqlOrder {
		e := st.yql[key]
		if e.m == nil {
			continue
		}
		for _, p := range e.probs {
			if p.Concerns(st.rule) {
				if ppos, pend := e.m.PosRange(p.Off, p.EndOff); st.inGoFiles(ppos) &&
					(len(p.Rules) > 0 || st.pkg.Claim(fmt.Sprintf("%d-%d:%s", ppos, pend, p.Msg))) {
					st.emit(analysis.Diagnostic{Pos: ppos, End: pend, URL: directivesURL, Message: p.Msg}, "")
				}
			}
		}
		for _, d := range e.dirs {
			if !sliceHas(d.Rules, st.rule) { // named explicitly; see Directive.UnusedFor
				continue
			}
			dpos, dend := e.m.PosRange(d.Off, d.EndOff)
			if !st.inGoFiles(dpos) {
				continue
			}
			yd := byPos[dpos]
			if yd == nil {
				yd = &yqlDir{pos: dpos, end: dend}
				byPos[dpos] = yd
				dirs = append(dirs, yd)
			}
			yd.used = yd.used || d.Used(st.rule)
		}
	}
	if unused {
		sort.SliceStable(dirs, func(i, j int) bool { return dirs[i].pos < dirs[j].pos })
		for _, yd := range dirs {
			if !yd.used {
				st.emit(analysis.Diagnostic{Pos: yd.pos, End: yd.end, URL: directivesURL, Message: unusedMsg(st.rule)}, "")
			}
		}
	}
}

func unusedMsg(rule string) string {
	return fmt.Sprintf("ydblint:ignore directive for %s suppresses nothing", rule)
}

func (st *state) inGoFiles(pos token.Pos) bool {
	tf := st.pass.Fset.File(pos)
	return pos.IsValid() && tf != nil && st.goFiles[tf]
}

func sliceHas(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// InjectPanicEnv, set to "<analyzer> <package path>", makes WrapFact panic
// in that fact analyzer's run on that package, as a bug there would: tests
// (and anyone checking a driver) use it to see that the failure is reported
// once and the run goes on.
const InjectPanicEnv = "YDBLINT_INJECT_PANIC"

// WrapFact wraps the Run of one of ydblint's fact analyzers (querysite,
// schemafact, queryplan). The go/analysis drivers do not recover panics, so
// a panic there would end the whole process, and a returned error would fail
// every analyzer that depends on this one, in this package and in every
// importer. Instead a panic or an error becomes failed(pass, msg): an empty
// result that records msg, while msg is also recorded in the package's
// shared state (pkgstate.State.AddFailure), from which the rules report it
// once per package, and the run goes on. The analyzer must Require
// pkgstate.Analyzer.
func WrapFact(run func(*analysis.Pass) (any, error), failed func(pass *analysis.Pass, msg string) any) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (any, error) {
		name := pass.Analyzer.Name
		result, failure := protect(func(pass *analysis.Pass) (any, error) {
			if v := os.Getenv(InjectPanicEnv); v != "" && v == name+" "+pass.Pkg.Path() {
				panic("injected into " + name)
			}
			return run(pass)
		}, pass)
		if failure == "" {
			return result, nil
		}
		msg := name + ": " + failure
		pkgstate.Of(pass).AddFailure(msg)
		return failed(pass, msg), nil
	}
}

// FailureMessage is the diagnostic for an internal failure of a fact
// analyzer on pkgPath.
func FailureMessage(pkgPath, failure string) string {
	return fmt.Sprintf("ydblint internal error in package %s: %s; ydblint's findings in this package may be missing, please report this", pkgPath, failure)
}

// configErrorsKey claims the configuration errors of a package
// (pkgstate.State.Claim): they are worth one diagnostic per package, not
// one per rule.
const configErrorsKey = "ydblint configuration errors"

// engaged reports whether the package uses YDB, as far as the package's
// state knows: true without a state, false while queryplan has not yet
// said (an SDK-usage rule that finished first leaves the configuration
// errors to a rule that reads query sites).
func (st *state) engaged() bool {
	if st.pkg == nil {
		return true
	}
	uses, known := st.pkg.UsesYDB()
	return uses && known
}
