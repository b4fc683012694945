package truncation

import (
	"go/token"
	"go/types"
	"math"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/site"
)

// This file bounds the length of a Go slice, with clamp.go's walk: a slice
// literal or array, make([]T, n), a slice expression ids[:n] (n bounded by
// rangeOf: a constant, min(len(ids), 100)), append, a loop that appends a
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

// sliceLength bounds s = x[lo:hi]: by hi, else by the length of x (an
// array's is its type's).
func sliceLength(s *ssa.Slice, at *ssa.BasicBlock, depth int, visiting map[ssa.Value]bool, g *callGraph) interval {
	iv := noLength
	if s.High != nil {
		iv = iv.meet(interval{0, max(0, rangeOf(s.High, s.Block(), depth+1, visiting, g).hi)})
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

// listBound bounds the lists bound at site from the Go slices they are
// built from: types.ListValue(vals...) (table service, database/sql, the
// query service's Param(…).Any) and ParamsBuilder().Param(…).BeginList()
// chains written in one expression (Add().T(v) per element,
// AddItems(vals...)).
func (c *checker) listBound(s *site.Site) ListBound {
	var p *site.Params
	if s.Query != nil {
		p = s.Query.Params
	}
	return func(pname string) (int64, bool) {
		c.sites() // builds the call graph
		bnd := p.Lookup(pname)
		if bnd == nil {
			if p != nil && p.Known {
				return 0, false
			}
			return c.bindingsList(s, pname)
		}
		if !bnd.Pos.IsValid() || !bnd.End.IsValid() {
			return 0, false
		}
		return c.listsIn(bnd.Pos, bnd.End)
	}
}

// listsIn bounds the lists built in the source range [pos, end): the
// ListValue calls and BeginList chains in it or, when there is none, the
// ListValue results an SDK call in it is given. Every one must be bounded.
func (c *checker) listsIn(pos, end token.Pos) (int64, bool) {
	var found []*ssa.Call
	var given []ssa.Value
	for _, fn := range c.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || call.Pos() < pos || call.Pos() >= end {
					continue
				}
				switch calleeName(&call.Call) {
				case "":
					continue
				case "ListValue", "BeginList":
					found = append(found, call)
				default:
					given = append(given, call.Call.Args...)
				}
			}
		}
	}
	if len(found) == 0 {
		for _, a := range given {
			found = append(found, listValueCalls(a, 0)...)
		}
	}
	best := int64(0)
	for _, v := range found {
		n, ok := c.listLength(v)
		if !ok {
			return 0, false
		}
		best = max(best, n)
	}
	return best, len(found) > 0
}

// listValueCalls returns the types.ListValue calls whose result v
// carries, directly or returned by a function of the package (a helper
// idList(ids) that builds the list); nil when v may be anything else.
func listValueCalls(v ssa.Value, depth int) []*ssa.Call {
	for range 4 {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Call:
			if calleeName(&x.Call) == "ListValue" {
				return []*ssa.Call{x}
			}
			return returnedLists(x, depth)
		default:
			return nil
		}
	}
	return nil
}

// returnedLists returns the ListValue calls a call of a package function
// returns, nil unless every return statement returns one.
func returnedLists(call *ssa.Call, depth int) []*ssa.Call {
	fn := call.Call.StaticCallee()
	if fn == nil || depth > 2 || len(fn.Blocks) == 0 || fn.Signature.Results().Len() != 1 {
		return nil
	}
	var out []*ssa.Call
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if len(ret.Results) != 1 {
			return nil
		}
		lists := listValueCalls(ret.Results[0], depth+1)
		if lists == nil {
			return nil
		}
		out = append(out, lists...)
	}
	return out
}

// listLength bounds the elements of a ListValue call or a BeginList chain.
func (c *checker) listLength(call *ssa.Call) (int64, bool) {
	if calleeName(&call.Call) == "BeginList" {
		return c.builderLength(call)
	}
	if len(call.Call.Args) != 1 {
		return 0, false
	}
	n := lengthOf(call.Call.Args[0], call.Block(), 0, map[ssa.Value]bool{}, c.calls).hi
	return n, n != math.MaxInt64
}

// builderLength follows list := Param(…).BeginList() through the calls on
// it up to EndList: one element per Add().T(v), len(vals) per
// AddItems(vals...). The chain must be one expression (every call in
// BeginList's block, each result used once by the next), so that no call
// of it runs in a loop.
func (c *checker) builderLength(begin *ssa.Call) (int64, bool) {
	next := func(v ssa.Value) *ssa.Call {
		refs := v.Referrers()
		if refs == nil {
			return nil
		}
		var out *ssa.Call
		for _, r := range *refs {
			if _, ok := r.(*ssa.DebugRef); ok {
				continue
			}
			call, ok := r.(*ssa.Call)
			if !ok || out != nil || call.Block() != begin.Block() || len(call.Call.Args) == 0 || call.Call.Args[0] != v {
				return nil
			}
			out = call
		}
		return out
	}
	var total int64
	v := ssa.Value(begin)
	for steps := 0; steps < 10000; steps++ {
		call := next(v)
		if call == nil {
			return 0, false
		}
		switch calleeName(&call.Call) {
		case "EndList":
			return total, true
		case "Add":
			setter := next(call)
			if setter == nil {
				return 0, false
			}
			total, v = addSat(total, 1), setter
		case "AddItems":
			if len(call.Call.Args) != 2 {
				return 0, false
			}
			n := lengthOf(call.Call.Args[1], call.Block(), 0, map[ssa.Value]bool{}, c.calls).hi
			if n == math.MaxInt64 {
				return 0, false
			}
			total, v = addSat(total, n), call
		default:
			return 0, false
		}
	}
	return 0, false
}

// bindingsList is listBound's fallback when querysite could not decode
// the site's bindings, as bindingsBound is paramBound's: the lists bound
// by table.ValueParam("$name", …) or ParamsBuilder().Param("$name") in
// the functions that make the call, at least one and every one bounded.
func (c *checker) bindingsList(s *site.Site, pname string) (int64, bool) {
	want := "$" + pname
	scope := map[*ssa.Function]bool{}
	for _, pos := range append([]token.Pos{s.Pos}, framePositions(s)...) {
		if fn := c.enclosingFunc(pos); fn != nil {
			scope[fn] = true
		}
	}
	best, found := int64(0), false
	for _, fn := range c.funcs {
		if !scope[rootOf(fn)] {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || len(call.Call.Args) == 0 {
					continue
				}
				var lists []*ssa.Call
				switch calleeName(&call.Call) {
				case "ValueParam":
					if len(call.Call.Args) != 2 || !isConstString(call.Call.Args[0], want) {
						continue
					}
					lists = listValueCalls(call.Call.Args[1], 0)
				case "Param":
					if !isConstString(call.Call.Args[len(call.Call.Args)-1], want) {
						continue
					}
					if begin := beginListOn(call); begin != nil {
						lists = []*ssa.Call{begin}
					}
				default:
					continue
				}
				if lists == nil {
					return 0, false
				}
				for _, list := range lists {
					n, ok := c.listLength(list)
					if !ok {
						return 0, false
					}
					best, found = max(best, n), true
				}
			}
		}
	}
	return best, found
}

// beginListOn returns the BeginList call made on the result of
// ParamsBuilder().Param(name), nil when there is none or several.
func beginListOn(param *ssa.Call) *ssa.Call {
	refs := param.Referrers()
	if refs == nil {
		return nil
	}
	var out *ssa.Call
	for _, r := range *refs {
		call, ok := r.(*ssa.Call)
		if !ok || calleeName(&call.Call) != "BeginList" {
			continue
		}
		if out != nil {
			return nil
		}
		out = call
	}
	return out
}
