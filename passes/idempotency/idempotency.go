package idempotency

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/sdkssa"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

//go:embed doc.go
var doc string

const name = "idempotency"

// Analyzer reports retried work whose idempotency flag contradicts what
// it does.
var Analyzer = &analysis.Analyzer{
	Name:             name,
	Doc:              analysisutil.MustExtractDoc(doc, name),
	URL:              report.URLBase + name,
	Requires:         []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer, queryplan.Analyzer, sdkssa.Analyzer},
	Run:              report.WrapRun(run),
	RunDespiteErrors: true,
}

// Categories (headings of doc.go).
const (
	categoryReadOnly = "read-only-not-idempotent"
	categoryRepeats  = "idempotent-write-repeats"
)

// checker holds one package's state.
type checker struct {
	pass          *analysis.Pass
	cfg           *config.Config
	plans         *queryplan.Result
	pkg           *ssa.Package
	version       string
	sitesByLparen map[token.Pos]*site.Site
	statements    map[*site.Site][]*queryplan.Statement // by site, built on first use
	module        *moduleScan
}

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	res := sdkssa.Of(pass)
	if res == nil {
		return nil, nil
	}
	plans, _ := pass.ResultOf[queryplan.Analyzer].(*queryplan.Result)
	if plans == nil || !plans.InScope || len(plans.Sites()) == 0 {
		return nil, nil
	}
	c := &checker{pass: pass, cfg: cfg, plans: plans, pkg: res.Pkg, version: sdk.PackageVersion(pass.Pkg, pass.Fset)}
	c.indexSites()
	for _, fn := range res.SrcFuncs {
		if c.inTestFile(fn.Pos()) {
			continue
		}
		for _, rc := range sdkssa.RetriedClosures(fn) {
			c.checkRetrier(rc)
		}
		c.checkClientCalls(fn)
	}
	return nil, nil
}

// indexSites maps the left parenthesis of each site's call to the site.
func (c *checker) indexSites() {
	c.sitesByLparen = map[token.Pos]*site.Site{}
	for _, s := range c.plans.Sites() {
		if call := c.callAt(s.Pos, s.End); call != nil {
			c.sitesByLparen[call.Lparen] = s
		}
	}
}

// callAt returns the call expression spanning exactly [pos, end), or nil.
func (c *checker) callAt(pos, end token.Pos) *ast.CallExpr {
	for _, f := range c.pass.Files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, pos, end)
		for _, n := range path {
			if call, ok := n.(*ast.CallExpr); ok && call.Pos() == pos && call.End() == end {
				return call
			}
		}
	}
	return nil
}

// scope says how the rule judges a retrier's missing flag.
type scope uint8

const (
	scopeNone   scope = iota // not judged: no session or transaction handed to the closure
	scopeAlways              // the query and table clients
	scopeStrict              // database/sql: a DSN from the environment may set the default
)

// retrierScope is the scope of a retrier for the read-only check.
func (c *checker) retrierScope(r *sdk.Retrier) scope {
	switch r.Pkg {
	case sdk.PkgQuery, sdk.PkgInternalQuery:
		if c.version == "" || sdk.VersionBefore(c.version, sdk.QueryIdempotentOptionSince) {
			return scopeNone
		}
		return scopeAlways
	case sdk.PkgTable:
		return scopeAlways
	case sdk.PkgRetry:
		if r.Name == "Do" || r.Name == "DoTx" {
			return scopeStrict
		}
	}
	return scopeNone
}

// checkRetrier judges one retried closure.
func (c *checker) checkRetrier(rc sdkssa.RetriedClosure) {
	_, args, ok := sdkssa.Callee(rc.Call.Common())
	if !ok || rc.Retrier.Callback >= len(args) || !rc.Call.Common().Signature().Variadic() {
		return
	}
	fl := readFlag(args[len(args)-1])
	switch fl.flag {
	case flagNone:
		sc := c.retrierScope(rc.Retrier)
		if sc == scopeNone || sc == scopeStrict && !c.cfg.Strict {
			return
		}
		if eff := c.closureEffects(rc.Fn); eff.readOnly() && !c.moduleDefault().silent() {
			c.reportReadOnly(rc.Call.Pos(), rc.Retrier.API, rc.Retrier.Pkg, eff.reads[0], true)
		}
	case flagTrue:
		eff := c.closureEffects(rc.Fn)
		c.reportRepeats(fl, rc.Retrier.API, eff)
	}
}

// checkClientCalls judges the query client's own retried calls (Exec,
// Query, QueryRow, QueryResultSet) in fn.
func (c *checker) checkClientCalls(fn *ssa.Function) {
	if c.version == "" || sdk.VersionBefore(c.version, sdk.QueryIdempotentOptionSince) {
		return
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			id, args, ok := sdkssa.Callee(call.Common())
			if !ok || (id.Pkg != sdk.PkgQuery && id.Pkg != sdk.PkgInternalQuery) {
				continue
			}
			cc := sdk.LookupClientCall(id)
			if cc == nil || cc.SessionMethod == "" || len(args) < 3 {
				continue
			}
			s := c.siteAt(call.Pos())
			if s == nil {
				continue
			}
			e := judgeSite(s, c.plans.Texts(s))
			if !e.known {
				continue
			}
			fl := readFlag(args[len(args)-1])
			switch {
			case fl.flag == flagNone && e.reads && !e.writes && !c.moduleDefault().silent():
				c.reportReadOnly(call.Pos(), cc.API, id.Pkg, s, false)
			case fl.flag == flagTrue:
				c.reportRepeats(fl, cc.API, effects{writes: e.writes, guards: e.guards, rmw: e.rmw})
			}
		}
	}
}

// moduleDefault returns the module scan, done on first use.
func (c *checker) moduleDefault() *moduleScan {
	if c.module == nil {
		dir := ""
		for _, f := range c.pass.Files {
			if tf := c.pass.Fset.File(f.FileStart); tf != nil && tf.Name() != "" {
				dir = filepath.Dir(tf.Name())
				break
			}
		}
		if dir == "" || c.cfg != nil && c.cfg.Hermetic {
			// Under -hermetic the module's other files are not read: the
			// default cannot be known, and the rule stays silent on it.
			c.module = &moduleScan{}
		} else {
			c.module = scanModule(c.cfg.Session(), dir)
		}
	}
	return c.module
}

// retryOptionDirectSince is the first version checked whose retry.Do and
// retry.DoTx take retry.WithIdempotent directly (retry/retry.go v3.56.1,
// idempotentOption.ApplyDoOption); v3.42.7 needs the WithDo…RetryOptions
// wrappers.
const retryOptionDirectSince = "v3.56.1"

// optionFor is the option that marks a call of package pkg idempotent.
func optionFor(pkg string) (importPath, spelling string) {
	switch pkg {
	case sdk.PkgQuery, sdk.PkgInternalQuery:
		return sdk.PkgQuery, "WithIdempotent()"
	case sdk.PkgTable:
		return sdk.PkgTable, "WithIdempotent()"
	}
	return sdk.PkgRetry, "WithIdempotent(true)"
}

// reportReadOnly reports a retried call without the flag whose work only
// reads; closure says whether the call retries a closure or a statement.
func (c *checker) reportReadOnly(lparen token.Pos, api, pkg string, read *site.Site, closure bool) {
	call := c.callAt(c.callSpan(lparen))
	if call == nil {
		return
	}
	importPath, spelling := optionFor(pkg)
	option := lastElem(importPath) + "." + spelling
	if pkg == sdk.PkgRetry {
		option = "retry.WithIdempotent(true)"
		if c.version != "" && sdk.VersionBefore(c.version, retryOptionDirectSince) {
			option = "retry.WithDoTxRetryOptions(retry.WithIdempotent(true)) (retry.WithDoRetryOptions for retry.Do)"
		}
	}
	statuses, transport := sdk.ConditionalErrorsAt(c.version)
	what, reads := "a read-only statement", "the statement only reads"
	if closure {
		what, reads = "a read-only closure", "every statement of the closure only reads"
	}
	d := analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: categoryReadOnly,
		Message: fmt.Sprintf("%s runs %s without %s.%s; the retrier retries a non-idempotent operation only on errors that prove nothing ran (ABORTED, UNAVAILABLE, OVERLOADED, BAD_SESSION), so a node restart or network failure (transport %s) and %s fail the request at the first attempt; %s (%s); a read is safe to repeat: pass %s",
			api, what, lastElem(importPath), spelling, strings.Join(transport, ", "), statusList(statuses), reads, c.where(read), option),
	}
	if qual := c.importName(call.Pos(), importPath); qual != "" && pkg != sdk.PkgRetry && !call.Ellipsis.IsValid() && len(call.Args) > 0 {
		last := call.Args[len(call.Args)-1]
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "pass " + qual + "." + spelling,
			TextEdits: []analysis.TextEdit{{Pos: last.End(), End: last.End(), NewText: []byte(", " + qual + "." + spelling)}},
		}}
	}
	report.Report(c.pass, c.cfg, name, d)
}

// reportRepeats reports a flag set on read-modify-write work: with
// certainty (default) when nothing in the work could make a replay
// harmless, with -strict otherwise.
func (c *checker) reportRepeats(fl flagRead, api string, eff effects) {
	if fl.option == nil {
		return
	}
	if len(eff.rmw) == 0 {
		c.reportGeneratedKey(fl, api, eff)
		return
	}
	if (eff.unknown || eff.guards) && !c.cfg.Strict {
		return
	}
	w := eff.rmw[0]
	pos, end := c.callSpan(fl.pos)
	if !pos.IsValid() {
		return
	}
	caveat := ""
	if eff.unknown || eff.guards {
		caveat = " (unless a check this rule cannot see, an operation id or a version column, makes the second run change nothing)"
	}
	report.Report(c.pass, c.cfg, name, analysis.Diagnostic{
		Pos: pos, End: end, Category: categoryRepeats,
		Message: fmt.Sprintf("%s marks %s idempotent, but it adds to a value it overwrites; after UNDETERMINED or a transport error the first attempt may have committed, and the retrier runs it again, applying it twice%s; it runs %s (%s); remove the flag, or make the write idempotent (record an operation id in the same transaction and skip it when present)",
			fl.option.Spelling, api, caveat, w.what, c.posString(w.pos)),
	})
}

// statusList spells statuses for a message: "the UNDETERMINED status",
// "the UNDETERMINED, SESSION_EXPIRED and TIMEOUT statuses".
func statusList(statuses []string) string {
	switch len(statuses) {
	case 0:
		return "no status"
	case 1:
		return "the " + statuses[0] + " status"
	}
	return "the " + strings.Join(statuses[:len(statuses)-1], ", ") + " and " + statuses[len(statuses)-1] + " statuses"
}

// reportGeneratedKey reports, with -strict, a flag set on work that
// writes a row keyed by a value generated on every attempt: a replay
// writes a second row, unless a unique index on another column or a check
// the rule cannot see rejects it.
func (c *checker) reportGeneratedKey(fl flagRead, api string, eff effects) {
	if len(eff.genKeys) == 0 || !c.cfg.Strict {
		return
	}
	w := eff.genKeys[0]
	pos, end := c.callSpan(fl.pos)
	if !pos.IsValid() {
		return
	}
	report.Report(c.pass, c.cfg, name, analysis.Diagnostic{
		Pos: pos, End: end, Category: categoryRepeats,
		Message: fmt.Sprintf("%s marks %s idempotent, but each attempt generates a new key; after UNDETERMINED or a transport error the first attempt may have committed, and the retrier's replay writes a second row (unless a unique index on another column or a check this rule cannot see rejects it); it runs %s (%s), a key generated anew on every attempt; generate the key once, before the retried call, or remove the flag",
			fl.option.Spelling, api, w.what, c.posString(w.pos)),
	})
}

// where names a site's call for messages.
func (c *checker) where(s *site.Site) string {
	return "SELECT at " + c.posString(s.Pos)
}

func (c *checker) posString(p token.Pos) string {
	pos := c.pass.Fset.Position(p)
	return fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)
}

// callSpan returns the range of the call whose left parenthesis is at
// lparen, or an invalid range.
func (c *checker) callSpan(lparen token.Pos) (token.Pos, token.Pos) {
	for _, f := range c.pass.Files {
		if lparen < f.FileStart || lparen > f.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, lparen, lparen)
		for _, n := range path {
			if call, ok := n.(*ast.CallExpr); ok && call.Lparen == lparen {
				return call.Pos(), call.End()
			}
		}
	}
	return token.NoPos, token.NoPos
}

// importName is the name the file holding pos imports path under, "" when
// it does not import it (or imports it blank or dot).
func (c *checker) importName(pos token.Pos, path string) string {
	for _, f := range c.pass.Files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p != path {
				continue
			}
			if imp.Name == nil {
				return lastElem(path)
			}
			if n := imp.Name.Name; n != "_" && n != "." {
				return n
			}
		}
	}
	return ""
}

func lastElem(path string) string { return path[strings.LastIndexByte(path, '/')+1:] }

// inTestFile reports whether pos lies in a _test.go file.
func (c *checker) inTestFile(pos token.Pos) bool {
	f := c.pass.Fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}
