package truncation

import (
	"go/constant"
	"go/token"
	"go/types"
	"math"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/ssacell"
)

// This file bounds the Go integer bound to a LIMIT parameter: a constant,
// a value clamped on the way (`if n > 100 { n = 100 }`, `min(n, 100)`,
// an early return on `n > 100`), or a small integer type; and, by the same
// walk, the length of the Go slice an IN $list is built from (length.go).
// Anything else is unknown.

// interval is a closed range of integers; lo/hi are math.MinInt64 /
// math.MaxInt64 when unknown.
type interval struct{ lo, hi int64 }

var whole = interval{math.MinInt64, math.MaxInt64}

func (a interval) join(b interval) interval {
	return interval{min(a.lo, b.lo), max(a.hi, b.hi)}
}

func (a interval) meet(b interval) interval {
	return interval{max(a.lo, b.lo), min(a.hi, b.hi)}
}

const maxClampDepth = 12

// A measure is what the walk bounds about a Go value: the integer itself
// (values) or the length of a slice (lengths, length.go). Parameters,
// captured variables and the conditions on the way are followed the same
// way for both.
type measure struct {
	of func(v ssa.Value, at *ssa.BasicBlock, depth int, visiting map[ssa.Value]bool, g *callGraph) interval
	// guard is what `cond == taken` says about the measure of v.
	guard func(v ssa.Value, cond *ssa.BinOp, taken bool) interval
}

func values() measure { return measure{of: rangeOf, guard: guard} }

// callGraph lists, for the package's functions, the static calls to each
// and whether it is also used as a value (then its callers are unknown).
type callGraph struct {
	calls   map[*ssa.Function][]*ssa.Call
	escapes map[*ssa.Function]bool
}

func buildCallGraph(funcs []*ssa.Function) *callGraph {
	g := &callGraph{calls: map[*ssa.Function][]*ssa.Call{}, escapes: map[*ssa.Function]bool{}}
	var ops []*ssa.Value
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok && !call.Call.IsInvoke() {
					if f, ok := call.Call.Value.(*ssa.Function); ok {
						g.calls[f] = append(g.calls[f], call)
					}
					for _, a := range call.Call.Args {
						if f, ok := a.(*ssa.Function); ok {
							g.escapes[f] = true
						}
					}
					continue
				}
				for _, op := range instr.Operands(ops[:0]) {
					if op == nil {
						continue
					}
					if f, ok := (*op).(*ssa.Function); ok {
						g.escapes[f] = true
					}
				}
			}
		}
	}
	return g
}

// upperBound returns the largest value v can hold where block at uses it.
func upperBound(v ssa.Value, at *ssa.BasicBlock, g *callGraph) (int64, bool) {
	iv := rangeOf(v, at, 0, map[ssa.Value]bool{}, g)
	if iv.hi == math.MaxInt64 {
		return 0, false
	}
	return iv.hi, true
}

// rangeOf is the interval of v where block at uses it.
func rangeOf(v ssa.Value, at *ssa.BasicBlock, depth int, visiting map[ssa.Value]bool, g *callGraph) interval {
	if depth > maxClampDepth || visiting[v] {
		return typeRange(v.Type())
	}
	visiting[v] = true
	defer delete(visiting, v)
	iv := typeRange(v.Type())
	switch x := v.(type) {
	case *ssa.Const:
		if n, ok := constInt(x); ok {
			return interval{n, n}
		}
		return iv
	case *ssa.Convert:
		src := rangeOf(x.X, at, depth+1, visiting, g)
		dst := typeRange(x.Type())
		if src.lo < dst.lo || src.hi > dst.hi {
			return dst // may wrap (a negative int to uint64): only the type's range
		}
		return src
	case *ssa.ChangeType:
		return rangeOf(x.X, at, depth+1, visiting, g)
	case *ssa.MakeInterface:
		return rangeOf(x.X, at, depth+1, visiting, g)
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "min" && len(x.Call.Args) > 0 {
			out := interval{math.MaxInt64, math.MaxInt64}
			lo := int64(math.MaxInt64)
			for _, a := range x.Call.Args {
				r := rangeOf(a, at, depth+1, visiting, g)
				out.hi = min(out.hi, r.hi)
				lo = min(lo, r.lo)
			}
			out.lo = lo
			return iv.meet(out)
		}
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" && len(x.Call.Args) == 1 {
			if _, ok := x.Call.Args[0].Type().Underlying().(*types.Slice); ok {
				return iv.meet(interval{0, lengthOf(x.Call.Args[0], at, depth+1, visiting, g).hi})
			}
		}
	case *ssa.Parameter:
		iv = iv.meet(paramRange(x, values(), depth, visiting, g))
	case *ssa.FreeVar:
		if b, mc := boundTo(x); b != nil {
			iv = iv.meet(rangeOf(b, mc.Block(), depth+1, visiting, g))
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			iv = iv.meet(loadRange(x, values(), depth, visiting, g))
		}
	case *ssa.Phi:
		var out interval
		for i, e := range x.Edges {
			if i >= len(x.Block().Preds) {
				return iv
			}
			pred := x.Block().Preds[i]
			r := rangeOf(e, pred, depth+1, visiting, g)
			r = r.meet(edgeGuard(e, pred, x.Block(), guard))
			if i == 0 {
				out = r
			} else {
				out = out.join(r)
			}
		}
		iv = iv.meet(out)
	}
	if at != nil {
		iv = iv.meet(dominatingGuards(v, at, guard))
	}
	return iv
}

// edgeGuard is what the If ending pred says about v on the edge to succ.
func edgeGuard(v ssa.Value, pred, succ *ssa.BasicBlock, guard func(ssa.Value, *ssa.BinOp, bool) interval) interval {
	if len(pred.Succs) != 2 || pred.Succs[0] == pred.Succs[1] {
		return whole
	}
	cond, ok := ifCond(pred)
	if !ok {
		return whole
	}
	return guard(v, cond, succ == pred.Succs[0])
}

// dominatingGuards meets the conditions of every If whose branch dominates
// block at.
func dominatingGuards(v ssa.Value, at *ssa.BasicBlock, guard func(ssa.Value, *ssa.BinOp, bool) interval) interval {
	iv := whole
	cur := at
	for steps := 0; steps < 64 && cur != nil; steps++ {
		d := cur.Idom()
		if d == nil {
			break
		}
		if len(d.Succs) == 2 && d.Succs[0] != d.Succs[1] {
			if cond, ok := ifCond(d); ok {
				t, f := d.Succs[0].Dominates(at), d.Succs[1].Dominates(at)
				if t != f {
					iv = iv.meet(guard(v, cond, t))
				}
			}
		}
		cur = d
	}
	return iv
}

func ifCond(b *ssa.BasicBlock) (*ssa.BinOp, bool) {
	if len(b.Instrs) == 0 {
		return nil, false
	}
	iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil, false
	}
	bin, ok := iff.Cond.(*ssa.BinOp)
	return bin, ok
}

// guard is what `cond == taken` says about v.
func guard(v ssa.Value, cond *ssa.BinOp, taken bool) interval {
	op := cond.Op
	var c ssa.Value
	switch {
	case sameValue(cond.X, v):
		c = cond.Y
	case sameValue(cond.Y, v):
		c = cond.X
		op = flip(op)
	default:
		return whole
	}
	k, ok := c.(*ssa.Const)
	if !ok {
		return whole
	}
	n, ok := constInt(k)
	if !ok {
		return whole
	}
	if !taken {
		op = negate(op)
	}
	switch op {
	case token.LSS:
		if n == math.MinInt64 {
			return whole
		}
		return interval{math.MinInt64, n - 1}
	case token.LEQ:
		return interval{math.MinInt64, n}
	case token.GTR:
		if n == math.MaxInt64 {
			return whole
		}
		return interval{n + 1, math.MaxInt64}
	case token.GEQ:
		return interval{n, math.MaxInt64}
	case token.EQL:
		return interval{n, n}
	}
	return whole
}

// sameValue: a and b are the same SSA value, or one converts the other
// without changing it (a comparison on int(n) guards n).
func sameValue(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	if ct, ok := a.(*ssa.ChangeType); ok && ct.X == b {
		return true
	}
	if ct, ok := b.(*ssa.ChangeType); ok && ct.X == a {
		return true
	}
	return false
}

// flip turns `c op v` into `v op' c`.
func flip(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.LEQ:
		return token.GEQ
	case token.GTR:
		return token.LSS
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// negate is the operator of the false branch.
func negate(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GEQ
	case token.LEQ:
		return token.GTR
	case token.GTR:
		return token.LEQ
	case token.GEQ:
		return token.LSS
	case token.EQL:
		return token.NEQ
	case token.NEQ:
		return token.EQL
	}
	return token.ILLEGAL
}

func constInt(c *ssa.Const) (int64, bool) {
	if c.Value == nil || c.Value.Kind() != constant.Int {
		return 0, false
	}
	n, exact := constant.Int64Val(c.Value)
	return n, exact
}

// typeRange is the range of an integer type; whole for anything else.
func typeRange(t types.Type) interval {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return whole
	}
	switch b.Kind() {
	case types.Int8:
		return interval{math.MinInt8, math.MaxInt8}
	case types.Int16:
		return interval{math.MinInt16, math.MaxInt16}
	case types.Int32:
		return interval{math.MinInt32, math.MaxInt32}
	case types.Uint8:
		return interval{0, math.MaxUint8}
	case types.Uint16:
		return interval{0, math.MaxUint16}
	case types.Uint32:
		return interval{0, math.MaxUint32}
	case types.Uint, types.Uint64, types.Uintptr:
		return interval{0, math.MaxInt64} // the top half is not tracked
	}
	return whole
}

// interfaceHas reports whether an interface type declared at package level
// in pkg has a method with the given name: an unexported method can only
// be called dynamically through such an interface.
func interfaceHas(pkg *types.Package, name string) bool {
	scope := pkg.Scope()
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok {
			continue
		}
		it, ok := tn.Type().Underlying().(*types.Interface)
		if !ok {
			continue
		}
		for i := 0; i < it.NumMethods(); i++ {
			if it.Method(i).Name() == name {
				return true
			}
		}
	}
	return false
}

// paramRange joins the arguments every call of a function passes for
// parameter p, when the function cannot be called from elsewhere: not
// exported (or in package main), an unexported method no interface of the
// package names, never used as a value.
func paramRange(p *ssa.Parameter, m measure, depth int, visiting map[ssa.Value]bool, g *callGraph) interval {
	fn := p.Parent()
	if g == nil || fn == nil || fn.Parent() != nil || g.escapes[fn] {
		return whole
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Exported() && obj.Pkg().Name() != "main" {
		return whole
	}
	if sig, ok := obj.Type().(*types.Signature); ok && sig.Recv() != nil && (obj.Exported() || interfaceHas(obj.Pkg(), obj.Name())) {
		return whole // a method may be called through an interface
	}
	idx := -1
	for i, q := range fn.Params {
		if q == p {
			idx = i
		}
	}
	calls := g.calls[fn]
	if idx < 0 || len(calls) == 0 {
		return whole
	}
	var out interval
	for i, call := range calls {
		if idx >= len(call.Call.Args) {
			return whole
		}
		r := m.of(call.Call.Args[idx], call.Block(), depth+1, visiting, g)
		if i == 0 {
			out = r
		} else {
			out = out.join(r)
		}
	}
	return out
}

// boundTo returns the value the enclosing function binds to fv, and the
// MakeClosure, when the closure is made exactly once.
func boundTo(fv *ssa.FreeVar) (ssa.Value, *ssa.MakeClosure) {
	vals, mcs := ssacell.Bindings(fv)
	if len(mcs) != 1 {
		return nil, nil
	}
	return vals[0], mcs[0]
}

// loadRange is the range of a load of a local variable that lives in
// memory because a closure captures it: the stores that reach the load
// (or, in a closure, the point where the closure is made), each narrowed
// by the conditions on the variable along the way — `if n > 100 { n = 100 }`
// on a captured n.
func loadRange(ld *ssa.UnOp, m measure, depth int, visiting map[ssa.Value]bool, g *callGraph) interval {
	if depth > maxClampDepth {
		return whole
	}
	var cell *ssa.Alloc
	var at ssa.Instruction = ld
	switch a := ld.X.(type) {
	case *ssa.Alloc:
		cell = a
	case *ssa.FreeVar:
		b, mc := boundTo(a)
		alloc, ok := b.(*ssa.Alloc)
		if !ok {
			return whole
		}
		cell, at = alloc, mc
	default:
		return whole
	}
	stores, ok := ssacell.Stores(cell)
	if !ok || len(stores) == 0 {
		return whole
	}
	for _, st := range stores {
		if st.Parent() != cell.Parent() {
			return whole // a closure writes it: any time
		}
		if at != ld && reachableAfter(at, st) {
			return whole // written after the closure is made
		}
	}
	return reachingRange(cell, at, m, depth, visiting, g)
}

// reachableAfter reports whether st may run after instruction from in the
// same function.
func reachableAfter(from ssa.Instruction, st *ssa.Store) bool {
	fb := from.Block()
	if fb == st.Block() && indexOf(fb, st) > indexOf(fb, from) {
		return true
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), fb.Succs...)
	for len(stack) > 0 && len(seen) < 4096 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if b == st.Block() {
			return true
		}
		stack = append(stack, b.Succs...)
	}
	return len(seen) >= 4096
}

func indexOf(b *ssa.BasicBlock, instr ssa.Instruction) int {
	for i, x := range b.Instrs {
		if x == instr {
			return i
		}
	}
	return -1
}

// reachingRange walks back from instruction at to the stores of cell that
// reach it, narrowing each by the If conditions on loads of cell passed on
// the way.
func reachingRange(cell *ssa.Alloc, at ssa.Instruction, m measure, depth int, visiting map[ssa.Value]bool, g *callGraph) interval {
	type state struct {
		b    *ssa.BasicBlock
		end  int // scan instructions [0, end) backwards
		cons interval
	}
	var out interval
	found := false
	steps := 0
	stack := []state{{at.Block(), indexOf(at.Block(), at), whole}}
	for len(stack) > 0 {
		if steps++; steps > 512 {
			return whole
		}
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		stored := false
		for i := s.end - 1; i >= 0; i-- {
			if st, ok := s.b.Instrs[i].(*ssa.Store); ok && st.Addr == cell {
				r := m.of(st.Val, st.Block(), depth+1, visiting, g).meet(s.cons)
				if !found {
					out, found = r, true
				} else {
					out = out.join(r)
				}
				stored = true
				break
			}
		}
		if stored {
			continue
		}
		if len(s.b.Preds) == 0 {
			return whole // not stored on this path: the zero value, or a path we cannot see
		}
		for _, p := range s.b.Preds {
			cons := s.cons
			if len(p.Succs) == 2 && p.Succs[0] != p.Succs[1] {
				if cond, ok := ifCond(p); ok {
					if v := loadOfCellIn(cond, cell, p); v != nil {
						cons = cons.meet(m.guard(v, cond, s.b == p.Succs[0]))
					}
				}
			}
			stack = append(stack, state{p, len(p.Instrs), cons})
		}
	}
	if !found {
		return whole
	}
	return out
}

// loadOfCellIn returns the load of cell in block b, with no store to cell
// after it in b, that cond compares, itself or by its length (len(ids) >
// 100 on a captured ids).
func loadOfCellIn(cond *ssa.BinOp, cell *ssa.Alloc, b *ssa.BasicBlock) ssa.Value {
	for _, v := range []ssa.Value{cond.X, cond.Y} {
		if arg := lenArg(v); arg != nil {
			v = arg
		}
		ld, ok := v.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL || ld.X != cell || ld.Block() != b {
			continue
		}
		clean := true
		for _, instr := range b.Instrs[indexOf(b, ld)+1:] {
			if st, ok := instr.(*ssa.Store); ok && st.Addr == cell {
				clean = false
			}
		}
		if clean {
			return v
		}
	}
	return nil
}
