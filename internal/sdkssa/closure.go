package sdkssa

import "golang.org/x/tools/go/ssa"

// BoundTo returns the value the enclosing function binds to fv when it
// makes the closure (the captured variable's Alloc, or its own FreeVar),
// or nil when the closure is made more than once or not at all.
func BoundTo(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	if fn == nil || fn.Parent() == nil {
		return nil
	}
	idx := -1
	for i, f := range fn.FreeVars {
		if f == fv {
			idx = i
		}
	}
	var bound ssa.Value
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != fn || idx < 0 || idx >= len(mc.Bindings) {
				continue
			}
			if bound != nil && bound != mc.Bindings[idx] {
				return nil
			}
			bound = mc.Bindings[idx]
		}
	}
	return bound
}
