package truncation

import (
	"go/token"
	"go/types"
	"math"

	"golang.org/x/tools/go/ssa"
)

// This file bounds the length of a Go slice, with clamp.go's walk: a slice
// literal or array, make([]T, n), a slice expression ids[:n] (n bounded by
// rangeOf: a constant, min(len(ids), 100)) or ids[i:i+n] (a page,
// ids[start:min(start+100, len(ids))]), a chunk of `for chunk := range
// slices.Chunk(ids, n)`, append, a loop that appends a
// bounded number of elements per iteration and runs a bounded number of
// times (over a bounded slice, or up to a bounded count), a length checked
// on the way (`if len(ids) > 100 { return … }`, `if len(ids) > 100 { ids =
// ids[:100] }`), and parameters of unexported functions and captured
// variables as clamp.go follows them. Anything else is unknown.

func lengths() measure { return measure{of: lengthOf, guard: lenGuard} }

// noLength is the length of a slice nothing is known about.
var noLength = interval{0, math.MaxInt64}

// lengthOf is the interval of len(v), v a slice, where block at uses it.
func lengthOf(v ssa.Value, at *ssa.BasicBlock, depth int, visiting map[ssa.Value]bool, g *callGraph) interval {
	if depth > maxClampDepth || visiting[v] {
		return noLength
	}
	visiting[v] = true
	defer delete(visiting, v)
	iv := noLength
	switch x := v.(type) {
	case *ssa.Const:
		if x.IsNil() {
			return interval{0, 0}
		}
	case *ssa.Slice:
		iv = sliceLength(x, at, depth, visiting, g)
	case *ssa.MakeSlice:
		iv = iv.meet(interval{0, rangeOf(x.Len, x.Block(), depth+1, visiting, g).hi})
	case *ssa.ChangeType:
		iv = lengthOf(x.X, at, depth+1, visiting, g)
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(x.Call.Args) == 2 {
			iv = appendLength(x, at, depth, visiting, g)
		}
	case *ssa.Parameter:
		iv = iv.meet(paramRange(x, lengths(), depth, visiting, g))
		iv = iv.meet(chunkLength(x, depth, visiting, g))
	case *ssa.FreeVar:
		if b, mc := boundTo(x); b != nil {
			iv = iv.meet(lengthOf(b, mc.Block(), depth+1, visiting, g))
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			iv = iv.meet(loadRange(x, lengths(), depth, visiting, g))
		}
	case *ssa.Phi:
		iv = iv.meet(phiLength(x, depth, visiting, g))
	}
	if at != nil {
		iv = iv.meet(dominatingGuards(v, at, lenGuard))
	}
	return iv
}

// sliceLength bounds s = x[lo:hi]: by hi - lo when hi is lo plus a
// constant (a page ids[start:min(start+100, len(ids))]), by hi, else by the
// length of x (an array's is its type's).
func sliceLength(s *ssa.Slice, at *ssa.BasicBlock, depth int, visiting map[ssa.Value]bool, g *callGraph) interval {
	iv := noLength
	if s.High != nil {
		iv = iv.meet(interval{0, max(0, rangeOf(s.High, s.Block(), depth+1, visiting, g).hi)})
		if s.Low != nil {
			if k, ok := offsetFrom(s.High, s.Low); ok {
				iv = iv.meet(interval{0, max(0, k)})
			}
		}
	}
	if ptr, ok := s.X.Type().Underlying().(*types.Pointer); ok {
		if arr, ok := ptr.Elem().Underlying().(*types.Array); ok {
			return iv.meet(interval{0, arr.Len()})
		}
	}
	if _, ok := s.X.Type().Underlying().(*types.Slice); ok {
		iv = iv.meet(lengthOf(s.X, at, depth+1, visiting, g))
	}
	return iv
}

// appendLength is len(a) + len(b) for append(a, b...).
func appendLength(call *ssa.Call, at *ssa.BasicBlock, depth int, visiting map[ssa.Value]bool, g *callGraph) interval {
	a, b := call.Call.Args[0], call.Call.Args[1]
	if _, ok := b.Type().Underlying().(*types.Slice); !ok {
		return noLength // append([]byte, string...)
	}
	la := lengthOf(a, at, depth+1, visiting, g)
	lb := lengthOf(b, at, depth+1, visiting, g)
	return interval{0, addSat(la.hi, lb.hi)}
}

// chunkLength bounds the variable of a loop `for chunk := range
// slices.Chunk(ids, n)`: the parameter of the loop body's yield function,
// each chunk at most n elements.
func chunkLength(p *ssa.Parameter, depth int, visiting map[ssa.Value]bool, g *callGraph) interval {
	fn := p.Parent()
	if fn == nil || fn.Synthetic != "range-over-func yield" || fn.Parent() == nil || len(fn.Params) == 0 || fn.Params[0] != p {
		return noLength
	}
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != fn || mc.Referrers() == nil {
				continue
			}
			for _, r := range *mc.Referrers() {
				call, ok := r.(*ssa.Call)
				if !ok || len(call.Call.Args) != 1 || call.Call.Args[0] != mc {
					continue
				}
				seq, ok := call.Call.Value.(*ssa.Call)
				if !ok || !isChunk(seq.Call.StaticCallee()) || len(seq.Call.Args) != 2 {
					continue
				}
				n := rangeOf(seq.Call.Args[1], seq.Block(), depth+1, visiting, g).hi
				return interval{0, max(0, n)}
			}
		}
	}
	return noLength
}

// isChunk reports whether fn is slices.Chunk (an instance of it).
func isChunk(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	return ok && obj.Pkg() != nil && obj.Pkg().Path() == "slices" && obj.Name() == "Chunk"
}

// offsetFrom returns k when hi is at most lo + k: hi is lo + k for a
// constant k, or min(…) of arguments one of which is.
func offsetFrom(hi, lo ssa.Value) (int64, bool) {
	switch x := hi.(type) {
	case *ssa.BinOp:
		if x.Op != token.ADD {
			return 0, false
		}
		other := x.Y
		if x.X != lo {
			if x.Y != lo {
				return 0, false
			}
			other = x.X
		}
		k, ok := other.(*ssa.Const)
		if !ok {
			return 0, false
		}
		return constInt(k)
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); !ok || b.Name() != "min" {
			return 0, false
		}
		best, found := int64(math.MaxInt64), false
		for _, a := range x.Call.Args {
			if k, ok := offsetFrom(a, lo); ok {
				best, found = min(best, k), true
			}
		}
		return best, found
	}
	return 0, false
}

func addSat(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

func mulSat(a, b int64) int64 {
	if a != 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}

// phiLength bounds a slice variable merged at p: the join of what comes
// in, each edge narrowed by the If it leaves (`if len(ids) > 100 { ids =
// ids[:100] }`). At a loop header, the edges from inside the loop add at
// most step elements to p per iteration and the loop runs at most trips
// times: len ≤ len(on entry) + trips × step.
func phiLength(p *ssa.Phi, depth int, visiting map[ssa.Value]bool, g *callGraph) interval {
	h := p.Block()
	if len(p.Edges) != len(h.Preds) {
		return noLength
	}
	var entry interval
	entries, step, back := 0, int64(0), false
	for i, e := range p.Edges {
		pred := h.Preds[i]
		if h.Dominates(pred) {
			n, ok := growth(e, p, pred, depth, visiting, g, map[ssa.Value]bool{})
			if !ok {
				return noLength
			}
			step, back = max(step, n), true
			continue
		}
		r := lengthOf(e, pred, depth+1, visiting, g).meet(edgeGuard(e, pred, h, lenGuard))
		if entries == 0 {
			entry = r
		} else {
			entry = entry.join(r)
		}
		entries++
	}
	if entries == 0 {
		return noLength
	}
	if !back {
		return entry
	}
	trips, ok := tripCount(h, depth, visiting, g)
	if !ok {
		return noLength
	}
	return interval{0, addSat(entry.hi, mulSat(trips, step))}
}

// growth is how many elements w, a value flowing back to the loop phi p,
// holds beyond p: 0 for p itself, len(b) more for append(w', b...), the
// most of a phi's edges inside the loop.
func growth(w ssa.Value, p *ssa.Phi, at *ssa.BasicBlock, depth int, visiting map[ssa.Value]bool, g *callGraph, seen map[ssa.Value]bool) (int64, bool) {
	if w == p {
		return 0, true
	}
	if seen[w] || len(seen) > 64 {
		return 0, false // a cycle of its own: an inner loop
	}
	seen[w] = true
	switch x := w.(type) {
	case *ssa.ChangeType:
		return growth(x.X, p, at, depth, visiting, g, seen)
	case *ssa.Call:
		b, ok := x.Call.Value.(*ssa.Builtin)
		if !ok || b.Name() != "append" || len(x.Call.Args) != 2 {
			return 0, false
		}
		if _, ok := x.Call.Args[1].Type().Underlying().(*types.Slice); !ok {
			return 0, false
		}
		n, ok := growth(x.Call.Args[0], p, at, depth, visiting, g, seen)
		if !ok {
			return 0, false
		}
		more := lengthOf(x.Call.Args[1], x.Block(), depth+1, visiting, g).hi
		if more == math.MaxInt64 {
			return 0, false
		}
		return addSat(n, more), true
	case *ssa.Phi:
		if !p.Block().Dominates(x.Block()) {
			return 0, false
		}
		var most int64
		for _, e := range x.Edges {
			n, ok := growth(e, p, at, depth, visiting, g, seen)
			if !ok {
				return 0, false
			}
			most = max(most, n)
		}
		return most, true
	}
	return 0, false
}

// tripCount bounds how many times the loop whose header h ends with `if c
// < L` (or <=) goes round: c is a counter phi of h, or that counter plus a
// constant (a range loop's index+1), every edge back into h adds 1 to the
// counter, the body is the true branch, and L is bounded (len(ids),
// a constant, min(n, 100)).
func tripCount(h *ssa.BasicBlock, depth int, visiting map[ssa.Value]bool, g *callGraph) (int64, bool) {
	cond, ok := ifCond(h)
	if !ok || len(h.Succs) != 2 {
		return 0, false
	}
	c, limit, op := cond.X, cond.Y, cond.Op
	if op == token.GTR || op == token.GEQ {
		c, limit, op = cond.Y, cond.X, flip(op)
	}
	if op != token.LSS && op != token.LEQ {
		return 0, false
	}
	counter, offset := c, int64(0)
	if add, ok := c.(*ssa.BinOp); ok && add.Op == token.ADD {
		k, ok := add.Y.(*ssa.Const)
		if !ok {
			return 0, false
		}
		n, ok := constInt(k)
		if !ok {
			return 0, false
		}
		counter, offset = add.X, n
	}
	phi, ok := counter.(*ssa.Phi)
	if !ok || phi.Block() != h || len(phi.Edges) != len(h.Preds) {
		return 0, false
	}
	start := int64(math.MaxInt64)
	for i, e := range phi.Edges {
		pred := h.Preds[i]
		if h.Dominates(pred) {
			if !h.Succs[0].Dominates(pred) || !incrementOf(e, phi) {
				return 0, false
			}
			continue
		}
		start = min(start, rangeOf(e, pred, depth+1, visiting, g).lo)
	}
	if start == math.MaxInt64 || start == math.MinInt64 {
		return 0, false
	}
	hi := rangeOf(limit, h, depth+1, visiting, g).hi
	if hi == math.MaxInt64 {
		return 0, false
	}
	if offset > 0 && start > math.MaxInt64-offset || offset < 0 && start < math.MinInt64-offset {
		return 0, false
	}
	first := start + offset
	if op == token.LEQ {
		hi++ // hi < MaxInt64 here
	}
	if first < 0 && hi > math.MaxInt64+first {
		return 0, false
	}
	return max(0, hi-first), true
}

// incrementOf reports whether v is phi + 1.
func incrementOf(v ssa.Value, phi *ssa.Phi) bool {
	add, ok := v.(*ssa.BinOp)
	if !ok || add.Op != token.ADD || add.X != phi {
		return false
	}
	k, ok := add.Y.(*ssa.Const)
	if !ok {
		return false
	}
	n, ok := constInt(k)
	return ok && n == 1
}

// lenArg returns s when v is len(s) of a slice s, nil otherwise.
func lenArg(v ssa.Value) ssa.Value {
	call, ok := v.(*ssa.Call)
	if !ok || len(call.Call.Args) != 1 {
		return nil
	}
	if b, ok := call.Call.Value.(*ssa.Builtin); !ok || b.Name() != "len" {
		return nil
	}
	if _, ok := call.Call.Args[0].Type().Underlying().(*types.Slice); !ok {
		return nil
	}
	return call.Call.Args[0]
}

// lenGuard is what `cond == taken` says about the length of slice v: cond
// compares len(v) with a constant.
func lenGuard(v ssa.Value, cond *ssa.BinOp, taken bool) interval {
	for _, side := range []ssa.Value{cond.X, cond.Y} {
		if arg := lenArg(side); arg != nil && sameValue(arg, v) {
			return guard(side, cond, taken).meet(noLength)
		}
	}
	return whole
}
