package sdkssa

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
)

// RetriedClosure is a function literal handed to an SDK retrier: the
// function the retrier calls once per attempt.
type RetriedClosure struct {
	Fn      *ssa.Function
	Retrier *sdk.Retrier
	Call    ssa.CallInstruction // the retrier's call in the enclosing function
}

// RetriedClosures finds the function literals fn hands to a retrier of
// sdk.Retriers, with or without captured variables (a literal passed as a
// named function type, query.Operation, through its conversion).
// Callbacks that are not literals at the call are not followed.
func RetriedClosures(fn *ssa.Function) []RetriedClosure {
	var out []RetriedClosure
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			id, args, ok := Callee(call.Common())
			if !ok {
				continue
			}
			r := sdk.LookupRetrier(id)
			if r == nil || r.Callback >= len(args) {
				continue
			}
			if f := literal(args[r.Callback]); f != nil {
				out = append(out, RetriedClosure{Fn: f, Retrier: r, Call: call})
			}
		}
	}
	return out
}

// literal returns the function literal v is, through a conversion to a
// named function type, or nil.
func literal(v ssa.Value) *ssa.Function {
	if ct, ok := v.(*ssa.ChangeType); ok {
		v = ct.X
	}
	switch v := v.(type) {
	case *ssa.MakeClosure:
		f, _ := v.Fn.(*ssa.Function)
		return f
	case *ssa.Function:
		if v.Parent() != nil {
			return v // a literal without captures
		}
	}
	return nil
}

// Callee returns the SDK (or database/sql) identity of the function c
// calls and its arguments without the receiver; ok is false for dynamic
// calls and for functions sdk.IdentityOf does not know.
func Callee(c *ssa.CallCommon) (id sdk.Identity, args []ssa.Value, ok bool) {
	if c.IsInvoke() {
		id, ok := sdk.IdentityOf(c.Method)
		return id, c.Args, ok
	}
	f := c.StaticCallee()
	if f == nil {
		return sdk.Identity{}, nil, false
	}
	obj, isFunc := f.Object().(*types.Func)
	if !isFunc {
		return sdk.Identity{}, nil, false
	}
	id, ok = sdk.IdentityOf(obj)
	if !ok {
		return sdk.Identity{}, nil, false
	}
	args = c.Args
	if id.Recv != "" && len(args) > 0 {
		args = args[1:]
	}
	return id, args, true
}
