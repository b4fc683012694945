package querysite

import (
	"go/ast"
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
	return r.Len() == 1 && isStringPointer(r.At(0).Type())
}

// isStringPointer reports whether t is a pointer to a string type.
func isStringPointer(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
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
		if b, ok := c.binds[ptr]; ok && ssacell.OnlyReadThrough(ptr) {
			return a.loadText(nil, b.v, b.hint, b.c.deeper()), true
		}
		if k := c.paramIndex(ptr); k >= 0 && ssacell.OnlyReadThrough(ptr) {
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
			return a.substitute(callee, obj, common, a.src.Call(ptr.Pos()), c), true
		}
		return a.inlinePointee(callee, common, a.src.Call(ptr.Pos()), c)
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

// returnedCell returns the value of a variable whose address a function
// returns: written by exactly one Store, otherwise only loaded from and
// returned.
func returnedCell(alloc *ssa.Alloc) ssa.Value {
	return ssacell.SingleStore(alloc, func(instr ssa.Instruction) bool {
		_, ok := instr.(*ssa.Return)
		return ok
	})
}

// returnedPointee is the value of the fresh variable whose address ret
// returns (returnedCell), nil when ret returns anything else: only an
// allocation of the function is read, since a pointer to a field or a
// global may be written later through another alias.
func returnedPointee(ret *ssa.Return) ssa.Value {
	if alloc, ok := ret.Results[0].(*ssa.Alloc); ok {
		return returnedCell(alloc)
	}
	return nil
}

// pointeeArgText is the text a *string argument arg points to at the call
// that passes it to a wrapper reading through it (a {*k} piece of its
// fact): the recognisers' (loadText), or the evaluator's where they leave
// a hole and it recovers more — the
// cell's value at that call (argAtCall), through the stores before it.
func (a *pkgAnalysis) pointeeArgText(arg ssa.Value, hint ast.Expr, c *ctx) texts {
	old := a.loadText(nil, arg, hint, c)
	fn := arg.Parent()
	if !needsEvaluator(old) || fn == nil {
		return old
	}
	ev := a.evaluator()
	neu := a.resultText(ev, argAtCall(ev, fn, arg).Pointee(), hint, arg, c)
	// A parameter piece (the pointee is the caller's own parameter) stays
	// with the recognisers, which write the facts, as in needsEvaluator.
	neu, known := knownPathPrefixes(neu)
	if neu.hasParam() || !known || !recoversMore(neu, old, a.localFieldKeys()) {
		return old
	}
	return neu
}
