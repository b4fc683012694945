package retrystate

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/internal/noreturn"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/sdkssa"
	"github.com/ydblint/ydblint/passes/config"
)

//go:embed doc.go
var doc string

const name = "retrystate"

// Analyzer reports state outside a retried closure that each attempt
// changes again.
var Analyzer = &analysis.Analyzer{
	Name:             name,
	Doc:              analysisutil.MustExtractDoc(doc, name),
	URL:              report.URLBase + name,
	Requires:         []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer, sdkssa.Analyzer, noreturn.Analyzer},
	Run:              report.WrapRun(run),
	RunDespiteErrors: true,
}

// Categories (headings of doc.go).
const (
	categoryAppend  = "append-captured"
	categoryMap     = "map-captured"
	categoryCounter = "counter-captured"
)

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	ssaRes := sdkssa.Of(pass)
	if !cfg.IsPkgInScope(pass.Pkg) || ssaRes == nil {
		return nil, nil
	}
	for _, fn := range ssaRes.SrcFuncs {
		for _, rc := range sdkssa.RetriedClosures(fn) {
			if len(rc.Fn.FreeVars) == 0 {
				continue // a literal without captures has no state to repeat
			}
			fixed := map[*ssa.FreeVar]bool{}
			for _, m := range mutations(rc.Fn) {
				if why, ok := repeats(rc, m); ok {
					reportMutation(pass, cfg, rc, m, why, !fixed[m.cell])
					fixed[m.cell] = true
				}
			}
		}
	}
	return nil, nil
}

// mutationKind is how an attempt changes captured state.
type mutationKind uint8

const (
	mutAppend  mutationKind = iota + 1 // v = append(v, …)
	mutMap                             // m[k] = append(m[k], …), m[k] += x, m[k]++
	mutCounter                         // n += x, n++
)

type mutation struct {
	kind  mutationKind
	instr ssa.Instruction
	pos   token.Pos
	// cell is the captured variable (the closure's FreeVar).
	cell *ssa.FreeVar
	// step1 is set for a counter incremented or decremented by one.
	step1 bool
}

// mutations lists the read-modify-writes of captured variables in fn.
func mutations(fn *ssa.Function) []mutation {
	var out []mutation
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Store:
				fv, ok := in.Addr.(*ssa.FreeVar)
				if !ok {
					continue
				}
				if call, ok := in.Val.(*ssa.Call); ok && isBuiltin(&call.Call, "append") && len(call.Call.Args) > 0 && loadOf(call.Call.Args[0], fv) {
					out = append(out, mutation{kind: mutAppend, instr: in, pos: call.Pos(), cell: fv})
					continue
				}
				if op, ok := in.Val.(*ssa.BinOp); ok && (loadOf(op.X, fv) || loadOf(op.Y, fv)) {
					out = append(out, mutation{kind: mutCounter, instr: in, pos: posOr(op.Pos(), in.Pos()), cell: fv, step1: isOne(op.X) || isOne(op.Y)})
				}
			case *ssa.MapUpdate:
				fv := loadedCell(in.Map)
				if fv == nil {
					continue
				}
				if readModifyWrite(in) {
					out = append(out, mutation{kind: mutMap, instr: in, pos: in.Pos(), cell: fv})
				}
			}
		}
	}
	return out
}

// readModifyWrite reports whether a map update's new value is computed
// from the entry it replaces (m[k] = append(m[k], x), m[k] += x).
func readModifyWrite(u *ssa.MapUpdate) bool {
	fromEntry := func(v ssa.Value) bool {
		if e, ok := v.(*ssa.Extract); ok {
			v = e.Tuple
		}
		l, ok := v.(*ssa.Lookup)
		return ok && sameValue(l.X, u.Map) && sameValue(l.Index, u.Key)
	}
	switch v := u.Value.(type) {
	case *ssa.Call:
		return isBuiltin(&v.Call, "append") && len(v.Call.Args) > 0 && fromEntry(v.Call.Args[0])
	case *ssa.BinOp:
		return fromEntry(v.X) || fromEntry(v.Y)
	}
	return false
}

// sameValue reports whether a and b are the same SSA value or two loads
// of the same variable or field with nothing between them that the rule
// tracks (m[k] = append(m[k], …) loads m and k twice).
func sameValue(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	switch a := a.(type) {
	case *ssa.UnOp:
		b, ok := b.(*ssa.UnOp)
		return ok && a.Op == token.MUL && b.Op == token.MUL && sameAddr(a.X, b.X)
	case *ssa.Const:
		b, ok := b.(*ssa.Const)
		return ok && a.Value != nil && b.Value != nil && a.Value.ExactString() == b.Value.ExactString() && types.Identical(a.Type(), b.Type())
	}
	return false
}

func sameAddr(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	fa, ok1 := a.(*ssa.FieldAddr)
	fb, ok2 := b.(*ssa.FieldAddr)
	return ok1 && ok2 && fa.Field == fb.Field && sameAddr(fa.X, fb.X)
}

// loadOf reports whether v is a load of the captured variable fv.
func loadOf(v ssa.Value, fv *ssa.FreeVar) bool {
	u, ok := v.(*ssa.UnOp)
	return ok && u.Op == token.MUL && u.X == fv
}

// loadedCell returns the captured variable v was loaded from, or nil.
func loadedCell(v ssa.Value) *ssa.FreeVar {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	fv, _ := u.X.(*ssa.FreeVar)
	return fv
}

func isBuiltin(c *ssa.CallCommon, name string) bool {
	b, ok := c.Value.(*ssa.Builtin)
	return ok && b.Name() == name
}

func isOne(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil {
		return false
	}
	return c.Value.String() == "1"
}

func posOr(ps ...token.Pos) token.Pos {
	for _, p := range ps {
		if p.IsValid() {
			return p
		}
	}
	return token.NoPos
}

// repeats decides whether a mutation runs again when the retrier reruns
// the closure, and returns the SDK call that can fail after it.
func repeats(rc sdkssa.RetriedClosure, m mutation) (string, bool) {
	if resetBefore(rc.Fn, m) {
		return "", false
	}
	cyc := cyclicBlocks(rc.Fn)
	if m.kind == mutCounter && m.step1 && !cyc[m.instr.Block()] {
		// n++ once per attempt counts attempts, on purpose.
		return "", false
	}
	if c := failingCallAfter(rc.Fn, m.instr, cyc); c != "" {
		return c, true
	}
	if rc.Retrier.Tx {
		return "the commit " + rc.Retrier.API + " makes when the closure returns", true
	}
	return "", false
}

// resetBefore reports whether a plain assignment to the same variable (or
// clear of it) dominates the mutation: each attempt starts afresh.
func resetBefore(fn *ssa.Function, m mutation) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if !isReset(instr, m.cell) || !dominates(instr, m.instr) {
				continue
			}
			return true
		}
	}
	return false
}

func isReset(instr ssa.Instruction, fv *ssa.FreeVar) bool {
	switch in := instr.(type) {
	case *ssa.Store:
		if in.Addr != fv {
			return false
		}
		if call, ok := in.Val.(*ssa.Call); ok && isBuiltin(&call.Call, "append") && len(call.Call.Args) > 0 && loadOf(call.Call.Args[0], fv) {
			return false
		}
		if op, ok := in.Val.(*ssa.BinOp); ok && (loadOf(op.X, fv) || loadOf(op.Y, fv)) {
			return false
		}
		return true
	case *ssa.Call:
		return isBuiltin(&in.Call, "clear") && len(in.Call.Args) == 1 && loadOf(in.Call.Args[0], fv)
	}
	return false
}

// dominates reports whether a dominates b (a before b in the same block).
func dominates(a, b ssa.Instruction) bool {
	if a.Block() != b.Block() {
		return a.Block().Dominates(b.Block())
	}
	for _, in := range a.Block().Instrs {
		switch in {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

// failingCallAfter returns a description of an SDK (or database/sql) call
// that can fail with a retryable error and is reachable from instr within
// fn, or "".
func failingCallAfter(fn *ssa.Function, instr ssa.Instruction, cyc map[*ssa.BasicBlock]bool) string {
	start := instr.Block()
	after := false
	for _, in := range start.Instrs {
		if in == instr {
			after = true
			continue
		}
		if after {
			if d := canFail(in); d != "" {
				return d
			}
		}
	}
	seen := map[*ssa.BasicBlock]bool{}
	work := append([]*ssa.BasicBlock(nil), start.Succs...)
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		for _, in := range b.Instrs {
			if d := canFail(in); d != "" {
				return d
			}
		}
		work = append(work, b.Succs...)
	}
	return ""
}

// canFail describes instr when it calls the SDK or database/sql in a way
// that can fail with a retryable error: a call that returns an error or
// receives from a stream, on anything but data already received.
func canFail(instr ssa.Instruction) string {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return ""
	}
	c := call.Common()
	var fn *types.Func
	recvFamily := sdk.ResultNone
	if c.IsInvoke() {
		fn = c.Method
		recvFamily = sdk.ResultFamilyOf(c.Value.Type())
	} else if f := c.StaticCallee(); f != nil {
		fn, _ = f.Object().(*types.Func)
		if len(c.Args) > 0 && fn != nil && fn.Type().(*types.Signature).Recv() != nil {
			recvFamily = sdk.ResultFamilyOf(c.Args[0].Type())
		}
	}
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	id, ok := sdk.IdentityOf(fn)
	if !ok {
		return ""
	}
	shown := id
	if c.IsInvoke() {
		// Name the type the code holds (StreamResult, query.ResultSet),
		// not the embedded interface that declares the method.
		if n := typeName(c.Value.Type()); n != "" {
			shown.Recv = n
		}
	}
	switch {
	case sdk.InSDK(id.Pkg):
		if id.Recv == "" && sdk.LookupRetrier(id) == nil {
			// Package functions are conversions and constructors
			// (types.CastTo, …): their errors are not retryable.
			return ""
		}
		if sdk.IsTypesPkg(id.Pkg) || id.Pkg == sdk.PkgInternalValue || id.Pkg == sdk.PkgInternalTypes {
			return ""
		}
		if sdk.LocalResultMethod(recvFamily, id.Name) {
			return ""
		}
		if !returnsError(fn) && sdk.ResultMethodOp(recvFamily, id.Name) != sdk.OpSelectBool {
			return ""
		}
	case id.Pkg == sdk.PkgSQL:
		if !sdk.SQLCanFail(id) {
			return ""
		}
	default:
		return ""
	}
	return describe(shown)
}

// typeName is the name the code spells t with: an alias's own name
// (query.ResultSet), else the named type's.
func typeName(t types.Type) string {
	if a, ok := t.(*types.Alias); ok {
		return a.Obj().Name()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

func returnsError(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	if res.Len() == 0 {
		return false
	}
	t := res.At(res.Len() - 1).Type()
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

func describe(id sdk.Identity) string {
	if id.Recv == "" {
		return id.Name
	}
	return id.Recv + "." + id.Name
}

// cyclicBlocks returns the blocks of fn that lie on a cycle of its
// control-flow graph (the bodies of loops).
func cyclicBlocks(fn *ssa.Function) map[*ssa.BasicBlock]bool {
	out := map[*ssa.BasicBlock]bool{}
	for _, b := range fn.Blocks {
		seen := map[*ssa.BasicBlock]bool{}
		work := append([]*ssa.BasicBlock(nil), b.Succs...)
		for len(work) > 0 {
			x := work[len(work)-1]
			work = work[:len(work)-1]
			if x == b {
				out[b] = true
				break
			}
			if seen[x] {
				continue
			}
			seen[x] = true
			work = append(work, x.Succs...)
		}
	}
	return out
}

// gathersOverCalls reports whether the captured variable cell keeps its
// value from one call of the retrier to the next: the call lies on a loop
// of its function that does not pass the variable's declaration. A
// variable declared inside the loop's body is a fresh one on every
// iteration (one per call), so the advice for a single call fits it.
func gathersOverCalls(rc sdkssa.RetriedClosure, cell *ssa.FreeVar) bool {
	b := rc.Call.Block()
	if b == nil || b.Parent() == nil {
		return false
	}
	alloc, ok := boundCell(rc, cell).(*ssa.Alloc)
	if !ok || alloc.Block() == nil || alloc.Parent() != b.Parent() {
		// Captured from further out (an enclosing closure's variable):
		// declared outside every loop of this function.
		return cyclicBlocks(b.Parent())[b]
	}
	if alloc.Block() == b {
		return false // declared in the call's own block: before the call, afresh on every pass
	}
	return cycleAvoiding(b, alloc.Block())
}

// boundCell returns the value the enclosing function binds to the
// closure's captured variable cell (its MakeClosure's binding), or nil.
func boundCell(rc sdkssa.RetriedClosure, cell *ssa.FreeVar) ssa.Value {
	idx := slices.Index(rc.Fn.FreeVars, cell)
	if idx < 0 {
		return nil
	}
	for _, b := range rc.Call.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == rc.Fn && idx < len(mc.Bindings) {
				return mc.Bindings[idx]
			}
		}
	}
	return nil
}

// cycleAvoiding reports whether control can leave b and come back to it
// without passing through avoid.
func cycleAvoiding(b, avoid *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		switch {
		case x == b:
			return true
		case x == avoid || seen[x]:
			continue
		}
		seen[x] = true
		work = append(work, x.Succs...)
	}
	return false
}

// reportMutation reports m; withFix is set for the first reported change
// of its variable in the closure (one fix rewrites them all).
func reportMutation(pass *analysis.Pass, cfg *config.Config, rc sdkssa.RetriedClosure, m mutation, after string, withFix bool) {
	v := m.cell.Name()
	var what, captured, category, fix string
	// A retrier called in a loop of its function on a variable declared
	// outside that loop: the variable deliberately gathers over the loop's
	// calls, so resetting it in the closure, or assigning a closure-local to
	// it at the end, would drop what the earlier calls gathered. Gather per
	// call, and add it after the call.
	looped := gathersOverCalls(rc, m.cell)
	switch m.kind {
	case mutAppend:
		what, category = "append to "+v, categoryAppend
		captured = v + " is captured from outside the closure"
		fix = fmt.Sprintf("reset it at the start of the closure (%s = %s[:0]) or collect into a local slice and assign %s at the end", v, v, v)
		if looped {
			fix = fmt.Sprintf("%s gathers over the loop's calls of %s, so collect into a slice declared inside the closure and append it to %s after the call returns without error", v, rc.Retrier.API, v)
		}
	case mutMap:
		what, category = "read-modify-write of an entry of "+v, categoryMap
		captured = v + " is a map captured from outside the closure"
		fix = fmt.Sprintf("clear(%s) at the start of the closure or fill a local map and assign %s at the end", v, v)
		if looped {
			fix = fmt.Sprintf("%s gathers over the loop's calls of %s, so fill a map declared inside the closure and merge it into %s after the call returns without error", v, rc.Retrier.API, v)
		}
	default:
		what, category = "update of "+v, categoryCounter
		captured = v + " is captured from outside the closure"
		fix = fmt.Sprintf("set %s = 0 at the start of the closure or count in a local variable and assign %s at the end", v, v)
		if looped {
			fix = fmt.Sprintf("%s sums over the loop's calls of %s, so count in a variable declared inside the closure and add it to %s after the call returns without error", v, rc.Retrier.API, v)
		}
	}
	pos := m.pos
	if !pos.IsValid() {
		pos = m.instr.Pos()
	}
	d := analysis.Diagnostic{
		Pos: pos, Category: category,
		Message: fmt.Sprintf("%s runs again when %s retries the closure; %s can fail after it in the same attempt, and the retrier retries on ABORTED, UNAVAILABLE, OVERLOADED, BAD_SESSION and SESSION_BUSY, so rows are duplicated or counted twice; %s; %s", what, rc.Retrier.API, after, captured, fix),
	}
	if looped && m.kind == mutCounter && withFix {
		if f, ok := loopCounterFix(pass, rc.Fn, m.cell); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{f}
		}
	}
	report.Report(pass, cfg, name, d)
}
