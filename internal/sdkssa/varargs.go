package sdkssa

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Varargs returns the elements of a variadic argument: nil (no arguments)
// or a slice of an array literal whose every element is stored once.
func Varargs(v ssa.Value) ([]ssa.Value, bool) {
	if c, ok := v.(*ssa.Const); ok && c.Value == nil {
		return nil, true
	}
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil, false
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	at, ok := arr.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil, false
	}
	a, ok := at.Elem().Underlying().(*types.Array)
	if !ok {
		return nil, false
	}
	out := make([]ssa.Value, a.Len())
	refs := arr.Referrers()
	if refs == nil {
		return nil, false
	}
	for _, r := range *refs {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			if r == ssa.Instruction(sl) {
				continue
			}
			if _, dbg := r.(*ssa.DebugRef); dbg {
				continue
			}
			return nil, false
		}
		idx, ok := ia.Index.(*ssa.Const)
		if !ok {
			return nil, false
		}
		i, exact := constInt(idx)
		if !exact || i < 0 || i >= int64(len(out)) {
			return nil, false
		}
		irefs := ia.Referrers()
		if irefs == nil {
			return nil, false
		}
		for _, ir := range *irefs {
			st, ok := ir.(*ssa.Store)
			if !ok || st.Addr != ia || out[i] != nil {
				return nil, false
			}
			out[i] = st.Val
		}
	}
	for _, e := range out {
		if e == nil {
			return nil, false
		}
	}
	return out, true
}

func constInt(c *ssa.Const) (int64, bool) {
	if c.Value == nil {
		return 0, false
	}
	return c.Int64(), true
}
