package txretry

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/sdkssa"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

//go:embed doc.go
var doc string

const name = "txretry"

// Analyzer reports interactive YDB transactions begun outside every
// retrier: database/sql ones on the YDB driver, and table-service ones on
// a session of CreateSession.
var Analyzer = &analysis.Analyzer{
	Name: name,
	Doc:  analysisutil.MustExtractDoc(doc, name),
	URL:  report.URLBase + name,
	// queryplan runs first so that the package's shared state
	// (pkgstate, which report reads) says whether the package uses YDB.
	Requires:         []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer, queryplan.Analyzer, sdkssa.Analyzer},
	Run:              report.WrapRun(run),
	RunDespiteErrors: true,
}

// categoryUnretried is the rule's one category (a heading of doc.go).
const categoryUnretried = "unretried-tx"

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	res := sdkssa.Of(pass)
	if res == nil {
		return nil, nil
	}
	if plans, _ := pass.ResultOf[queryplan.Analyzer].(*queryplan.Result); plans == nil || !plans.InScope {
		return nil, nil
	}
	begins := beginCalls(res.SrcFuncs)
	if len(begins) == 0 {
		return nil, nil
	}
	handles := sdkssa.NewHandles(res.Pkg, res.SrcFuncs)
	retried := retriedFuncs(res.SrcFuncs)
	for _, b := range begins {
		if inTestFile(pass, b.call.Pos()) || underRetrier(b.call.Parent(), retried) || returnsTx(b.call) || !b.onYDB(handles) {
			continue
		}
		report.Report(pass, cfg, name, diagnostic(pass, b))
	}
	return nil, nil
}

// onYDB reports whether the transaction is YDB's and interactive on a
// handle no retrier owns: a database/sql handle opened on the YDB driver,
// or a table session from table.Client.CreateSession.
func (b begin) onYDB(handles *sdkssa.Handles) bool {
	if b.tableSession() {
		return handles.IsCreatedSession(b.recv)
	}
	return handles.IsYDB(b.recv)
}

// tableSession reports whether the call is table.Session.BeginTransaction
// rather than a database/sql begin.
func (b begin) tableSession() bool { return b.id.Pkg == sdk.PkgTable }

// begin is a call that begins an interactive transaction.
type begin struct {
	call ssa.CallInstruction
	id   sdk.Identity
	recv ssa.Value // the *sql.DB or *sql.Conn, or the table.Session
}

// beginCalls finds the (*sql.DB).BeginTx / Begin, (*sql.Conn).BeginTx
// and table.Session.BeginTransaction calls of funcs.
func beginCalls(funcs []*ssa.Function) []begin {
	var out []begin
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if b, ok := beginOf(call); ok {
					out = append(out, b)
				}
			}
		}
	}
	return out
}

// beginOf returns the begin call is, if it is one: a static call of a
// database/sql begin, or an interface call of BeginTransaction on a
// table session.
func beginOf(call ssa.CallInstruction) (begin, bool) {
	c := call.Common()
	id, _, ok := sdkssa.Callee(c)
	if !ok {
		return begin{}, false
	}
	f := sdk.LookupFunc(id)
	switch {
	case f == nil:
	case f.Helper == sdk.HelperDBBegin && !c.IsInvoke() && len(c.Args) > 0:
		return begin{call: call, id: id, recv: c.Args[0]}, true
	case f.Helper == sdk.HelperSessionBegin && c.IsInvoke():
		return begin{call: call, id: id, recv: c.Value}, true
	}
	return begin{}, false
}

// retriedFuncs returns the function literals handed to a retrier and
// every function of the package they call, directly or not: what runs
// inside a retry attempt.
func retriedFuncs(funcs []*ssa.Function) map[*ssa.Function]bool {
	seen := map[*ssa.Function]bool{}
	var work []*ssa.Function
	for _, fn := range funcs {
		for _, rc := range sdkssa.RetriedClosures(fn) {
			if !seen[rc.Fn] {
				seen[rc.Fn] = true
				work = append(work, rc.Fn)
			}
		}
	}
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		for _, callee := range staticCallees(fn) {
			if callee.Pkg == fn.Pkg && !seen[callee] {
				seen[callee] = true
				work = append(work, callee)
			}
		}
	}
	return seen
}

// staticCallees lists the functions fn and the literals nested in it call
// statically.
func staticCallees(fn *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				if f := c.Common().StaticCallee(); f != nil {
					out = append(out, f)
				}
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		out = append(out, staticCallees(anon)...)
	}
	return out
}

// returnsTx reports whether the function returns the transaction the
// call begins: a factory of transactions, whose callers (maybe in another
// package, maybe under a retrier) run and commit them.
func returnsTx(call ssa.CallInstruction) bool {
	v := call.Value()
	if v == nil || v.Referrers() == nil {
		return false
	}
	for _, r := range *v.Referrers() {
		ex, ok := r.(*ssa.Extract)
		if !ok || ex.Index != 0 || ex.Referrers() == nil {
			continue
		}
		for _, u := range *ex.Referrers() {
			if _, ok := u.(*ssa.Return); ok {
				return true
			}
		}
	}
	return false
}

// underRetrier reports whether fn, or a function it is nested in, runs
// inside a retry attempt.
func underRetrier(fn *ssa.Function, retried map[*ssa.Function]bool) bool {
	for f := fn; f != nil; f = f.Parent() {
		if retried[f] {
			return true
		}
		if f.Origin() != nil && retried[f.Origin()] {
			return true
		}
	}
	return false
}

func diagnostic(pass *analysis.Pass, b begin) analysis.Diagnostic {
	pos, end := callSpan(pass, b.call.Pos())
	if b.tableSession() {
		return analysis.Diagnostic{
			Pos:      pos,
			End:      end,
			Category: categoryUnretried,
			Message: "table.Session.BeginTransaction begins an interactive transaction outside any retrier; " +
				"the session is from table.Client.CreateSession: " +
				"\"transaction locks invalidated\" (ABORTED) at CommitTx and BAD_SESSION surface as request failures instead of being retried, and a broken session is never replaced; " +
				"run the transaction in db.Table().DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error { … }) " +
				"(or Do with the session it hands you), with table.WithIdempotent() only if it is idempotent",
		}
	}
	method := fmt.Sprintf("(*sql.%s).%s", b.id.Recv, b.id.Name)
	return analysis.Diagnostic{
		Pos:      pos,
		End:      end,
		Category: categoryUnretried,
		Message: fmt.Sprintf("%s begins a transaction on the YDB database/sql driver outside any retrier; "+
			"\"transaction locks invalidated\" (ABORTED) at Commit and BAD_SESSION surface as request failures instead of being retried; "+
			"run the transaction in retry.DoTx(ctx, db, func(ctx context.Context, tx *sql.Tx) error { … }), "+
			"with retry.WithIdempotent(true) only if it is idempotent", method),
	}
}

// callSpan returns the source range of the call whose left parenthesis
// is at lparen (where SSA positions a call), or lparen alone.
func callSpan(pass *analysis.Pass, lparen token.Pos) (token.Pos, token.Pos) {
	for _, f := range pass.Files {
		if lparen < f.FileStart || lparen > f.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, lparen, lparen)
		for _, n := range path {
			if c, ok := n.(*ast.CallExpr); ok && c.Lparen == lparen {
				return c.Pos(), c.End()
			}
		}
	}
	return lparen, token.NoPos
}

// inTestFile reports whether pos lies in a _test.go file: tests begin raw
// transactions on purpose, to assert what a retrier would hide (ABORTED on
// a lock conflict, BAD_SESSION after a session is deleted, rollbacks), as
// ydb-go-sdk's own tests/integration do.
func inTestFile(pass *analysis.Pass, pos token.Pos) bool {
	f := pass.Fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}
