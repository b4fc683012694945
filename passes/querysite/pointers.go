package querysite

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/ssacell"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// Query text handed around as *string (a helper returns &text, a wrapper
// takes q *string and passes *q to the SDK) is followed through the pointer
// when every write to the pointee is known:
//
//   - a *string parameter that the function (and its closures) only reads
//     through becomes a "deref" parameter piece, {*k} in facts: callers
//     instantiate it with the pointee of their argument;
//   - a function returning the address of its own variable, written once,
//     gets a pointer text summary (ydbText(*…));
//   - a local variable written once whose address only goes to loads and to
//     functions of this package that only read through it is that value;
//   - φ of such pointers are their variants.
//
// Anything else — a pointer written through, or handed to code that might
// write through it — is a hole.

// returnsStringPointer reports whether sig has one result of type *string.
func returnsStringPointer(sig *types.Signature) bool {
	r := sig.Results()
	if r.Len() != 1 {
		return false
	}
	p, ok := types.Unalias(r.At(0).Type()).(*types.Pointer)
	return ok && isString(p.Elem())
}

// textSummary returns the local text summary of callee or the imported
// fact of obj, nil when it has neither.
func (a *pkgAnalysis) textSummary(callee *ssa.Function, obj *types.Func) *textFact {
	if f := a.texts[callee]; f != nil {
		return f
	}
	return a.importText(obj)
}

// pointeeText recovers the string a *string value points to: a parameter
// only read through (a deref piece), a call to a function with a pointer
// text summary whose result is never written through, or a φ of those.
func (a *pkgAnalysis) pointeeText(ptr ssa.Value, pos, end token.Pos, c *ctx) (texts, bool) {
	if c.depth > maxDepth {
		return texts{}, false
	}
	switch ptr := ptr.(type) {
	case *ssa.UnOp:
		// A captured pointer variable: loaded from its heap cell, here or
		// (through a free variable) in a closure.
		if ptr.Op != token.MUL {
			break
		}
		cell, cc := ptr.X, c
		if fv, ok := cell.(*ssa.FreeVar); ok {
			b, parent := ssaval.FreeVarBinding(fv)
			if b == nil {
				break
			}
			cell, cc = b, c.in(parent)
		}
		if alloc, ok := cell.(*ssa.Alloc); ok {
			if v := ssaval.SingleStore(alloc); v != nil {
				return a.pointeeText(v, pos, end, cc.deeper())
			}
		}
	case *ssa.Parameter:
		if b, ok := c.binds[ptr]; ok && onlyReadThrough(ptr, 0) {
			return a.loadText(nil, b.v, b.hint, b.c.deeper()), true
		}
		if k := c.paramIndex(ptr); k >= 0 && onlyReadThrough(ptr, 0) {
			return single(piece{param: k, deref: true, pos: pos, end: end, desc: "*" + ptr.Name()}), true
		}
	case *ssa.Call:
		common := ptr.Common()
		callee := common.StaticCallee()
		if callee == nil || common.IsInvoke() || writtenThrough(ptr) {
			return texts{}, false
		}
		callee = ssaval.Origin(callee)
		obj, ok := callee.Object().(*types.Func)
		if !ok || obj.Pkg() == nil {
			return texts{}, false
		}
		if sum := a.textSummary(callee, obj); sum != nil && sum.Pointer {
			return a.substitute(callee, obj, common, a.calls[ptr.Pos()], c), true
		}
		return a.inlineCall(callee, common, a.calls[ptr.Pos()], true, c)
	case *ssa.Phi:
		if c.visiting == nil {
			c.visiting = map[ssa.Value]bool{}
		}
		if c.visiting[ptr] {
			return texts{}, false
		}
		c.visiting[ptr] = true
		defer delete(c.visiting, ptr)
		var out texts
		for _, e := range ptr.Edges {
			out = union(out, a.loadText(nil, e, nil, c.deeper()))
		}
		if out.cyclic {
			return texts{}, false
		}
		return out, true
	}
	return texts{}, false
}

// writtenThrough reports whether a Store writes through the pointer v.
func writtenThrough(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return true
	}
	for _, r := range *refs {
		if st, ok := r.(*ssa.Store); ok && st.Addr == v {
			return true
		}
	}
	return false
}

// onlyReadThrough reports whether the pointer v is only loaded from, in its
// function and in the closures it is captured by. A captured variable lives
// in a heap cell (v stored once into an Alloc, loaded back, or bound to a
// closure's free variable): the loads from the cell must in turn only read
// through v.
func onlyReadThrough(v ssa.Value, depth int) bool {
	if depth > 8 {
		return false
	}
	return ssacell.OnlyLoaded(v, func(instr ssa.Instruction) bool {
		switch r := instr.(type) {
		case *ssa.Store:
			cell, ok := r.Addr.(*ssa.Alloc)
			return ok && r.Val == v && ssaval.SingleStore(cell) == v && cellReadThrough(cell, depth+1)
		case *ssa.MakeClosure:
			fvs, ok := ssacell.Captures(r, v)
			for _, fv := range fvs {
				ok = ok && onlyReadThrough(fv, depth+1)
			}
			return ok
		}
		return false
	})
}

// cellReadThrough: every pointer loaded from the cell (here or in a
// closure) is only read through.
func cellReadThrough(cell ssa.Value, depth int) bool {
	if depth > 8 {
		return false
	}
	return ssacell.Uses(cell, func(_ ssa.Value, instr ssa.Instruction) bool {
		switch r := instr.(type) {
		case *ssa.Store:
			return true // the one store (checked by singleStore)
		case *ssa.UnOp:
			return r.Op == token.MUL && onlyReadThrough(r, depth+1)
		}
		return false
	})
}

// storedOnce returns the value of a local variable written by exactly one
// Store whose address is otherwise only loaded from or passed to functions
// of this package that only read through the corresponding parameter.
func (a *pkgAnalysis) storedOnce(alloc *ssa.Alloc) ssa.Value {
	return a.singleStoredValue(alloc, false)
}

// singleStoredValue is the one value stored into alloc when every other
// use only loads from it or hands it to a function of this package that
// only reads through it — or, with returned, also one that returns it
// unchanged to a caller that only reads through the result (cellValue).
func (a *pkgAnalysis) singleStoredValue(alloc *ssa.Alloc, returned bool) ssa.Value {
	return ssacell.SingleStore(alloc, func(instr ssa.Instruction) bool {
		call, ok := instr.(*ssa.Call)
		return ok && (a.readOnlyArg(call.Common(), alloc) || returned && a.returnsOnly(call, alloc))
	})
}

// readOnlyArg reports whether every parameter of the static callee that
// receives v only reads through it; the callee must have a body here.
func (a *pkgAnalysis) readOnlyArg(common *ssa.CallCommon, v ssa.Value) bool {
	callee := common.StaticCallee()
	if callee == nil || common.IsInvoke() || common.Value == v || len(callee.Params) != len(common.Args) || len(a.prog.Blocks(callee)) == 0 {
		return false
	}
	if obj := funcObj(callee); obj == nil || obj.Pkg() != a.pass.Pkg {
		return false
	}
	for i, arg := range common.Args {
		if arg == v && !onlyReadThrough(callee.Params[i], 0) {
			return false
		}
	}
	return true
}

// returnedCell returns the value of a variable whose address a function
// returns: written by exactly one Store, otherwise only loaded from and
// returned.
func returnedCell(alloc *ssa.Alloc) ssa.Value {
	return ssacell.SingleStore(alloc, func(instr ssa.Instruction) bool {
		_, ok := instr.(*ssa.Return)
		return ok
	})
}
