package ssacell

import "golang.org/x/tools/go/ssa"

// FixedAt returns the one value stored into the local variable cell when
// that store is its only one (Stores: the closures that capture it
// included, its address otherwise only loaded), is in the block that
// declares it (x := v; a store in a loop around in would assign the same
// variable again) and runs before in on every path to in. A closure made
// at in, or started by a go statement there, reads that value whenever
// it runs.
func FixedAt(cell *ssa.Alloc, in ssa.Instruction) (ssa.Value, bool) {
	stores, ok := Stores(cell)
	if !ok || len(stores) != 1 || stores[0].Block() != cell.Block() || !runsBefore(stores[0], in) {
		return nil, false
	}
	return stores[0].Val, true
}

// runsBefore reports whether st runs before in on every path to in: both
// in one function, st's block dominating in's, or st earlier in the same
// block.
func runsBefore(st *ssa.Store, in ssa.Instruction) bool {
	if st.Parent() != in.Parent() {
		return false
	}
	sb, ib := st.Block(), in.Block()
	if sb != ib {
		return sb.Dominates(ib)
	}
	for _, x := range sb.Instrs {
		switch x {
		case st:
			return true
		case in:
			return false
		}
	}
	return false
}

// Captured follows the free variable fv out through the closures that
// capture it, each made once (Bindings), to what the outermost maker binds
// (the captured variable's Alloc) and the MakeClosure that binds it there;
// nil when a closure on the way is made more than once or not at all, or
// the nesting is deeper than maxNesting.
func Captured(fv *ssa.FreeVar) (ssa.Value, *ssa.MakeClosure) {
	var v ssa.Value = fv
	var mc *ssa.MakeClosure
	for range maxNesting {
		f, ok := v.(*ssa.FreeVar)
		if !ok {
			return v, mc
		}
		vals, mcs := Bindings(f)
		if len(vals) != 1 {
			return nil, nil
		}
		v, mc = vals[0], mcs[0]
	}
	return nil, nil
}

// maxNesting bounds the closures Captured follows out.
const maxNesting = 8

// MakeClosureOf returns the one MakeClosure of the closure fn in its
// parent (Bindings of its first free variable), nil when fn captures
// nothing (no MakeClosure makes it) or is made more than once.
func MakeClosureOf(fn *ssa.Function) *ssa.MakeClosure {
	if len(fn.FreeVars) == 0 {
		return nil
	}
	if _, mcs := Bindings(fn.FreeVars[0]); len(mcs) == 1 {
		return mcs[0]
	}
	return nil
}
