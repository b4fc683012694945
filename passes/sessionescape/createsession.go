package sessionescape

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/sdkssa"
	"github.com/ydblint/ydblint/passes/config"
)

const categoryCreateSession = "session-not-closed"

// maxLeakBlocks bounds the path search of one CreateSession (never slow
// on generated code).
const maxLeakBlocks = 4096

// checkCreateSessions reports a table.Client.CreateSession in fn whose
// session some return of fn leaves open.
func checkCreateSessions(pass *analysis.Pass, cfg *config.Config, fn *ssa.Function) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !isCreateSession(&call.Call) {
				continue
			}
			if msg, ok := leakOf(fn, call); ok {
				report.Report(pass, cfg, name, analysis.Diagnostic{
					Pos: call.Pos(), Category: categoryCreateSession, Message: msg,
				})
			}
		}
	}
}

// isCreateSession reports whether c calls table.Client.CreateSession.
func isCreateSession(c *ssa.CallCommon) bool {
	id, _, ok := sdkssa.Callee(c)
	return ok && id == sdk.CreateSession
}

// sessionUses is what the function does with the session value.
type sessionUses struct {
	closes  map[ssa.Instruction]bool // s.Close(ctx) calls, deferred or not
	nilTest map[ssa.Value]bool       // s == nil / s != nil comparisons
	escapes bool                     // stored, returned, passed on, captured…
}

// leakOf returns the diagnostic for call when a path from it to a return
// of fn neither closes the session nor is the error path.
func leakOf(fn *ssa.Function, call *ssa.Call) (string, bool) {
	sess, errv := extracts(call)
	uses := sessionUses{closes: map[ssa.Instruction]bool{}, nilTest: map[ssa.Value]bool{}}
	if sess != nil {
		collectUses(sess, &uses, map[ssa.Value]bool{}, 0)
		if uses.escapes {
			return "", false // another owner may close it
		}
	}
	errTests := map[ssa.Value]bool{}
	if errv != nil {
		errTests = nilComparisons(errv)
	}
	leaks := leakingReturns(call, uses, errTests, sess)
	if len(leaks) == 0 {
		return "", false
	}
	return leakMessage(fn, call, sess, uses, leaks), true
}

// extracts returns the session and error values of the call (nil when
// discarded with _).
func extracts(call *ssa.Call) (sess, errv ssa.Value) {
	refs := call.Referrers()
	if refs == nil {
		return nil, nil
	}
	for _, r := range *refs {
		if e, ok := r.(*ssa.Extract); ok {
			switch e.Index {
			case 0:
				if refs := e.Referrers(); refs != nil && len(*refs) > 0 {
					sess = e // not `_`
				}
			case 1:
				errv = e
			}
		}
	}
	return sess, errv
}

// collectUses classifies every use of v (the session, or an interface
// conversion of it). Any use that could hand the session to another owner
// marks it escaped: precision first.
func collectUses(v ssa.Value, u *sessionUses, seen map[ssa.Value]bool, depth int) {
	if seen[v] {
		return
	}
	seen[v] = true
	refs := v.Referrers()
	if refs == nil {
		return
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.ChangeInterface:
			collectUses(r, u, seen, depth)
		case *ssa.BinOp:
			if (r.Op == token.EQL || r.Op == token.NEQ) && (isNil(r.X) || isNil(r.Y)) {
				u.nilTest[r] = true
			}
		case ssa.CallInstruction:
			c := r.Common()
			if !c.IsInvoke() || c.Value != v {
				// An argument: a helper may keep or close it, unless
				// its body is seen to do neither.
				if call, ok := r.(*ssa.Call); !ok || !leavesOpen(call, v, seen, depth) {
					u.escapes = true
				}
				continue
			}
			for _, a := range c.Args {
				if a == v {
					u.escapes = true
				}
			}
			switch r.(type) {
			case *ssa.Go:
				u.escapes = true
			case *ssa.Call, *ssa.Defer:
				if c.Method.Name() == "Close" {
					u.closes[r] = true
				}
			}
		default:
			// Store, Return, MakeInterface, MakeClosure (a bound
			// s.Close or a capture), Phi, Send, MapUpdate, TypeAssert…
			u.escapes = true
		}
	}
}

// maxHelperDepth bounds how deep helpers taking the session are read.
const maxHelperDepth = 3

// leavesOpen reports whether call hands v to a function of the same
// package whose body neither closes nor keeps the session (it only calls
// its methods, or hands it to helpers that do the same).
func leavesOpen(call *ssa.Call, v ssa.Value, seen map[ssa.Value]bool, depth int) bool {
	if depth >= maxHelperDepth {
		return false
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Blocks == nil || callee.Pkg == nil || callee.Pkg != call.Parent().Pkg ||
		len(callee.Params) != len(call.Call.Args) {
		return false
	}
	for i, a := range call.Call.Args {
		if a != v {
			continue
		}
		sub := sessionUses{closes: map[ssa.Instruction]bool{}, nilTest: map[ssa.Value]bool{}}
		collectUses(callee.Params[i], &sub, seen, depth+1)
		if sub.escapes || len(sub.closes) > 0 {
			return false
		}
	}
	return true
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// nilComparisons returns the err != nil / err == nil tests of errv and
// the predicates on it (errors.Is(err, ErrX)), directly, through a
// wrapper (err = wrap(err)) or through a variable it was stored in (a
// named result captured by a deferred closure).
func nilComparisons(errv ssa.Value) map[ssa.Value]bool {
	out := map[ssa.Value]bool{}
	seen := map[ssa.Value]bool{}
	var visit func(v ssa.Value)
	visit = func(v ssa.Value) {
		if seen[v] {
			return
		}
		seen[v] = true
		refs := v.Referrers()
		if refs == nil {
			return
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.BinOp:
				if (r.Op == token.EQL || r.Op == token.NEQ) && (isNil(r.X) || isNil(r.Y)) {
					out[r] = true
				}
			case *ssa.Call:
				// err = wrap(err): the wrapped error is nil exactly when
				// err is, or (fmt.Errorf) never; either way its nil test
				// leaves no session on the error branch.
				if isBool(r.Type()) && hasArg(r, v) {
					// errors.Is(err, ErrX): true only for a non-nil
					// err. A predicate true on success (isOK(err))
					// would only hide leaks, never invent one.
					out[r] = true
				}
				if isError(r.Type()) && !r.Call.IsInvoke() {
					for _, a := range r.Call.Args {
						if a == v {
							visit(r)
							break
						}
					}
				}
			case *ssa.Store:
				if r.Val != v {
					continue
				}
				if a, ok := r.Addr.(*ssa.Alloc); ok {
					loadsOf(a, func(l *ssa.UnOp) {
						// Only loads in the block of the store
						// after it: no other store can come between.
						if l.Block() == r.Block() && index(l) > index(r) && !storeBetween(a, r, l) {
							visit(l)
						}
					})
				}
			}
		}
	}
	visit(errv)
	return out
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

func hasArg(call *ssa.Call, v ssa.Value) bool {
	for _, a := range call.Call.Args {
		if a == v {
			return true
		}
	}
	return false
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

func loadsOf(a *ssa.Alloc, f func(*ssa.UnOp)) {
	refs := a.Referrers()
	if refs == nil {
		return
	}
	for _, r := range *refs {
		if l, ok := r.(*ssa.UnOp); ok && l.Op == token.MUL {
			f(l)
		}
	}
}

func storeBetween(a *ssa.Alloc, from, to ssa.Instruction) bool {
	b := from.Block()
	for _, instr := range b.Instrs[index(from)+1 : index(to)] {
		if s, ok := instr.(*ssa.Store); ok && s.Addr == ssa.Value(a) {
			return true
		}
		if _, ok := instr.(*ssa.Defer); ok {
			continue // runs at return, not here
		}
		if _, ok := instr.(ssa.CallInstruction); ok {
			return true // a call may write the variable through a closure
		}
	}
	return false
}

func index(instr ssa.Instruction) int {
	for i, x := range instr.Block().Instrs {
		if x == instr {
			return i
		}
	}
	return -1
}

// leakingReturns walks the paths from call to fn's returns and lists the
// returns reached without a Close (or a deferred Close) on the way, not
// counting the branches where the error is non-nil or the session nil.
func leakingReturns(call *ssa.Call, u sessionUses, errTests map[ssa.Value]bool, sess ssa.Value) []*ssa.Return {
	var leaks []*ssa.Return
	visited := map[*ssa.BasicBlock]bool{}
	type state struct {
		b    *ssa.BasicBlock
		from int
	}
	work := []state{{call.Block(), index(call) + 1}}
	steps := 0
	for len(work) > 0 {
		st := work[len(work)-1]
		work = work[:len(work)-1]
		if steps++; steps > maxLeakBlocks {
			return nil // too large to be certain
		}
		closed := false
		for _, instr := range st.b.Instrs[st.from:] {
			if instr == ssa.Instruction(call) || u.closes[instr] {
				closed = true // closed, or a new session replaces this one (not followed)
				break
			}
		}
		if closed {
			continue
		}
		succs := st.b.Succs
		switch last := st.b.Instrs[len(st.b.Instrs)-1].(type) {
		case *ssa.Return:
			leaks = append(leaks, last)
			continue
		case *ssa.Panic:
			continue
		case *ssa.If:
			if okEdge, ok := successEdge(last.Cond, errTests, u.nilTest); ok {
				succs = []*ssa.BasicBlock{st.b.Succs[okEdge]}
			}
		}
		for _, s := range succs {
			if !visited[s] {
				visited[s] = true
				work = append(work, state{s, 0})
			}
		}
	}
	return leaks
}

// successEdge returns the index of the successor of an If on cond where
// CreateSession succeeded, when cond tests its error or session against
// nil.
func successEdge(cond ssa.Value, errTests, nilTests map[ssa.Value]bool) (int, bool) {
	if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
		edge, ok := successEdge(not.X, errTests, nilTests)
		return 1 - edge, ok
	}
	if call, ok := cond.(*ssa.Call); ok && errTests[call] {
		return 1, true // a predicate on the error: true means failed
	}
	bin, ok := cond.(*ssa.BinOp)
	if !ok {
		return 0, false
	}
	switch {
	case errTests[bin]:
		// err != nil: the false edge succeeded; err == nil: the true one.
		if bin.Op == token.NEQ {
			return 1, true
		}
		return 0, true
	case nilTests[bin]:
		// s != nil: the true edge has a session.
		if bin.Op == token.NEQ {
			return 0, true
		}
		return 1, true
	}
	return 0, false
}

func leakMessage(fn *ssa.Function, call *ssa.Call, sess ssa.Value, u sessionUses, leaks []*ssa.Return) string {
	fset := fn.Prog.Fset
	sort.SliceStable(leaks, func(i, j int) bool { return leaks[i].Pos() < leaks[j].Pos() })
	var where []string
	for i, r := range leaks {
		if i == 3 {
			where = append(where, fmt.Sprintf("and %d more", len(leaks)-i))
			break
		}
		if r.Pos().IsValid() {
			p := fset.Position(r.Pos())
			where = append(where, fmt.Sprintf("the return at line %d", p.Line))
		} else {
			where = append(where, "the end of the function")
		}
	}
	recv := "s"
	if n := sessionName(fn, call); n != "" {
		recv = n
	}
	what, open := "is never closed", "; it is still open at "+strings.Join(where, ", ")
	switch {
	case sess == nil:
		what, open = "is discarded (_) and never closed", ""
	case len(u.closes) > 0:
		what = "is left open on some returns"
	}
	return fmt.Sprintf("the session from %s in %s %s; a session from table.Client.CreateSession stays open on the server until Close(ctx) (deprecated for this reason: \"explicit session often leaked on server-side\")%s; add `defer %s.Close(ctx)` right after the error check, or better run the work in db.Table().Do, which owns and reuses the session",
		callName(call), funcName(fn), what, open, recv)
}

func callName(call *ssa.Call) string {
	if call.Call.IsInvoke() {
		return types.TypeString(call.Call.Value.Type(), func(p *types.Package) string { return p.Name() }) + ".CreateSession"
	}
	return "CreateSession"
}

// sessionName returns the name the session is assigned to in the source
// (s, err := c.CreateSession(ctx)), or "".
func sessionName(fn *ssa.Function, call *ssa.Call) string {
	syntax := fn.Syntax()
	if syntax == nil {
		return ""
	}
	var out string
	ast.Inspect(syntax, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || out != "" {
			return out == ""
		}
		if len(as.Rhs) == 1 && len(as.Lhs) == 2 {
			if ce, ok := as.Rhs[0].(*ast.CallExpr); ok && ce.Lparen == call.Pos() {
				if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
					out = id.Name
				}
			}
		}
		return true
	})
	return out
}

func funcName(fn *ssa.Function) string {
	if fn.Parent() != nil {
		return "a function literal in " + funcName(fn.Parent())
	}
	if recv := fn.Signature.Recv(); recv != nil {
		return "(" + types.TypeString(recv.Type(), func(*types.Package) string { return "" }) + ")." + fn.Name()
	}
	return fn.Name()
}
