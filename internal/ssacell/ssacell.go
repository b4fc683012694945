package ssacell

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Uses calls use for every instruction that uses the variable whose
// address is cell (an *ssa.Alloc, or the *ssa.FreeVar of a closure that
// captured one), DebugRefs aside: in cell's function and in every closure
// that captures it. A capture is not itself a use: the walk goes on
// through the closure's free variable, which use then receives as cell.
// Uses stops and returns false as soon as use does, or when a closure is
// not a static function (Captures). Closures nest as the source does, so
// the walk ends.
func Uses(cell ssa.Value, use func(cell ssa.Value, instr ssa.Instruction) bool) bool {
	refs := cell.Referrers()
	if refs == nil {
		return true
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.MakeClosure:
			fvs, ok := Captures(r, cell)
			if !ok {
				return false
			}
			for _, fv := range fvs {
				if !Uses(fv, use) {
					return false
				}
			}
		default:
			if !use(cell, r) {
				return false
			}
		}
	}
	return true
}

// Captures returns the free variables through which the closure mc
// captures v, or false when mc's function is not a static *ssa.Function.
func Captures(mc *ssa.MakeClosure, v ssa.Value) ([]*ssa.FreeVar, bool) {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return nil, false
	}
	var out []*ssa.FreeVar
	for i, b := range mc.Bindings {
		if b != v {
			continue
		}
		if i >= len(fn.FreeVars) {
			return nil, false
		}
		out = append(out, fn.FreeVars[i])
	}
	return out, true
}

// Stores returns every store to the variable whose address is cell, in
// its function and in the closures that capture it, when the address is
// otherwise only loaded from (and captured); false when it is used in any
// other way (passed to a call, stored elsewhere, indexed into).
func Stores(cell ssa.Value) ([]*ssa.Store, bool) {
	var out []*ssa.Store
	ok := Uses(cell, func(cell ssa.Value, instr ssa.Instruction) bool {
		switch instr := instr.(type) {
		case *ssa.Store:
			if instr.Addr != cell {
				return false
			}
			out = append(out, instr)
			return true
		case *ssa.UnOp:
			return instr.Op == token.MUL
		}
		return false
	})
	return out, ok
}

// SingleStore returns the one value stored into the local variable cell
// when its address is otherwise only loaded from, or used in a way other
// accepts (nil accepts nothing); nil when it is stored to more than once
// or never, or its address is stored elsewhere. Captures are uses like
// any other: other decides whether a closure may hold the address.
func SingleStore(cell *ssa.Alloc, other func(ssa.Instruction) bool) ssa.Value {
	refs := cell.Referrers()
	if refs == nil {
		return nil
	}
	var val ssa.Value
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != cell || val != nil {
				return nil
			}
			val = r.Val
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return nil
			}
		case *ssa.DebugRef:
		default:
			if other == nil || !other(r) {
				return nil
			}
		}
	}
	return val
}

// OnlyLoaded reports whether the pointer ptr is only loaded from, or used
// in a way other accepts (nil accepts nothing), DebugRefs aside.
func OnlyLoaded(ptr ssa.Value, other func(ssa.Instruction) bool) bool {
	refs := ptr.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.DebugRef:
		default:
			if other == nil || !other(r) {
				return false
			}
		}
	}
	return true
}

// OnlyReadThrough reports whether the pointer v is only loaded from, in
// its function and in the closures it is captured by: a *string parameter
// whose pointee is then, wherever it is read, the one the caller passed.
// A captured variable lives in a heap cell (v stored once into an Alloc,
// loaded back, or bound to a closure's free variable): the loads from the
// cell must in turn only read through v.
func OnlyReadThrough(v ssa.Value) bool { return onlyReadThrough(v, 0) }

func onlyReadThrough(v ssa.Value, depth int) bool {
	if depth > 8 {
		return false
	}
	return OnlyLoaded(v, func(instr ssa.Instruction) bool {
		switch r := instr.(type) {
		case *ssa.Store:
			cell, ok := r.Addr.(*ssa.Alloc)
			return ok && r.Val == v && SingleStore(cell, IsMakeClosure) == v && cellReadThrough(cell, depth+1)
		case *ssa.MakeClosure:
			fvs, ok := Captures(r, v)
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
	return Uses(cell, func(_ ssa.Value, instr ssa.Instruction) bool {
		switch r := instr.(type) {
		case *ssa.Store:
			return true // the one store (checked by SingleStore)
		case *ssa.UnOp:
			return r.Op == token.MUL && onlyReadThrough(r, depth+1)
		}
		return false
	})
}

// IsMakeClosure reports whether instr makes a closure: for SingleStore, a
// cell a closure captures is not thereby written.
func IsMakeClosure(instr ssa.Instruction) bool {
	_, ok := instr.(*ssa.MakeClosure)
	return ok
}

// Bindings returns what the enclosing function binds to fv at each
// instruction that makes fv's closure, in its block order, with those
// instructions; none when fv's function is not a closure.
func Bindings(fv *ssa.FreeVar) ([]ssa.Value, []*ssa.MakeClosure) {
	fn := fv.Parent()
	if fn == nil || fn.Parent() == nil {
		return nil, nil
	}
	idx := slices.Index(fn.FreeVars, fv)
	if idx < 0 {
		return nil, nil
	}
	var vals []ssa.Value
	var mcs []*ssa.MakeClosure
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn && idx < len(mc.Bindings) {
				vals = append(vals, mc.Bindings[idx])
				mcs = append(mcs, mc)
			}
		}
	}
	return vals, mcs
}

// BoundTo returns the value the enclosing function binds to fv when it
// makes the closure (the captured variable's Alloc, or its own FreeVar),
// or nil when the closure is made with different bindings or not at all.
func BoundTo(fv *ssa.FreeVar) ssa.Value {
	vals, _ := Bindings(fv)
	if len(vals) == 0 {
		return nil
	}
	for _, v := range vals[1:] {
		if v != vals[0] {
			return nil
		}
	}
	return vals[0]
}
