package resultloop

import (
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/ssacell"
)

// A group is one table-service result as the code holds it: the values an
// SDK call returned it as, the φs that merge them, the captured variables
// (cells) it is stored in and the loads from them, across the closures that
// share the cells. The rule judges a group only when every value in it came
// from an SDK call and every use is a method call on it; anything else (a
// helper it is passed to, a field, a return) makes it unknown.
type group struct {
	family  sdk.ResultFamily
	origin  *ssa.Call // the first SDK call that returned it
	members map[ssa.Value]bool
	cells   map[ssa.Value]bool
	calls   []methodCall
	unknown bool
}

type methodCall struct {
	op   sdk.ResultOp
	name string
	pos  token.Pos
	// used is set when the call's result is used (an error not dropped).
	used bool
}

// sdkCall reports whether call calls a function or method of the SDK.
func sdkCall(call *ssa.CallCommon) bool {
	if call.IsInvoke() {
		return call.Method.Pkg() != nil && sdk.InSDK(call.Method.Pkg().Path())
	}
	if f := call.StaticCallee(); f != nil {
		if obj, ok := f.Object().(*types.Func); ok && obj.Pkg() != nil {
			return sdk.InSDK(obj.Pkg().Path())
		}
	}
	return false
}

// originOf returns the SDK call that produced v as a table result
// (directly or as one component of its tuple), or nil.
func originOf(v ssa.Value) *ssa.Call {
	var call *ssa.Call
	switch v := v.(type) {
	case *ssa.Call:
		call = v
	case *ssa.Extract:
		c, ok := v.Tuple.(*ssa.Call)
		if !ok {
			return nil
		}
		call = c
	default:
		return nil
	}
	if !sdkCall(&call.Call) {
		return nil
	}
	switch sdk.ResultFamilyOf(v.Type()) {
	case sdk.ResultTableUnary, sdk.ResultTableStream, sdk.ResultTableBase:
		return call
	}
	return nil
}

// groups finds the table results of fns (a package's source functions,
// closures included).
func groups(fns []*ssa.Function) []*group {
	var out []*group
	seen := map[ssa.Value]bool{}
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				v, ok := instr.(ssa.Value)
				if !ok || seen[v] {
					continue
				}
				call := originOf(v)
				if call == nil {
					continue
				}
				g := &group{family: sdk.ResultFamilyOf(v.Type()), origin: call, members: map[ssa.Value]bool{}, cells: map[ssa.Value]bool{}}
				g.grow(v)
				for m := range g.members {
					seen[m] = true
				}
				sort.Slice(g.calls, func(i, j int) bool { return g.calls[i].pos < g.calls[j].pos })
				out = append(out, g)
			}
		}
	}
	return out
}

// grow adds v and everything it flows to or merges with.
func (g *group) grow(start ssa.Value) {
	work := []ssa.Value{start}
	add := func(v ssa.Value) {
		if !g.members[v] {
			g.members[v] = true
			work = append(work, v)
		}
	}
	addCell := func(c ssa.Value) {
		if !g.cells[c] {
			g.cells[c] = true
			work = append(work, c)
		}
	}
	g.members[start] = true
	for len(work) > 0 && !g.unknown {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if g.cells[v] {
			g.followCell(v, add, addCell)
			continue
		}
		g.followValue(v, add, addCell)
	}
}

// source accepts a value flowing into the group (a φ edge, a store): one
// of its members, a nil constant, or another SDK call returning a result.
func (g *group) source(v ssa.Value, add func(ssa.Value)) bool {
	switch {
	case g.members[v]:
		return true
	case isNilConst(v):
		return true
	case originOf(v) != nil:
		if f := sdk.ResultFamilyOf(v.Type()); f != g.family {
			g.family = sdk.ResultTableBase
		}
		add(v)
		return true
	}
	return false
}

func (g *group) followValue(v ssa.Value, add, addCell func(ssa.Value)) {
	refs := v.Referrers()
	if refs == nil {
		return
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case ssa.CallInstruction:
			c := r.Common()
			if _, isGo := r.(*ssa.Go); isGo || !c.IsInvoke() || c.Value != v || argUses(c, v) {
				g.unknown = true
				return
			}
			g.calls = append(g.calls, methodCall{op: sdk.ResultMethodOp(g.familyOf(v), c.Method.Name()), name: c.Method.Name(), pos: c.Pos(), used: resultUsed(r)})
		case *ssa.Phi:
			for _, e := range r.Edges {
				if !g.source(e, add) {
					g.unknown = true
					return
				}
			}
			add(r)
		case *ssa.Store:
			if r.Val != v || !isCell(r.Addr) {
				g.unknown = true
				return
			}
			addCell(r.Addr)
		case *ssa.BinOp:
			// res != nil
			if !(isNilConst(r.X) || isNilConst(r.Y)) {
				g.unknown = true
				return
			}
		default:
			g.unknown = true
			return
		}
	}
}

// familyOf is the family a method call on v dispatches on: v's own type
// when it is a result type, the group's otherwise.
func (g *group) familyOf(v ssa.Value) sdk.ResultFamily {
	if f := sdk.ResultFamilyOf(v.Type()); f != sdk.ResultNone {
		return f
	}
	return g.family
}

// followCell follows a variable the result is stored in: the variable a
// closure's free variable captured, in the enclosing function, and every
// store to and load from it, here and in the closures that capture it.
func (g *group) followCell(c ssa.Value, add, addCell func(ssa.Value)) {
	if fv, ok := c.(*ssa.FreeVar); ok {
		// The variable the closure captured, in the enclosing function.
		b := ssacell.BoundTo(fv)
		if b == nil {
			g.unknown = true
			return
		}
		addCell(b)
	}
	known := ssacell.Uses(c, func(cell ssa.Value, instr ssa.Instruction) bool {
		switch r := instr.(type) {
		case *ssa.Store:
			return r.Addr == cell && g.source(r.Val, add)
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
			add(r)
			return true
		}
		return false
	})
	if !known {
		g.unknown = true
	}
}

// isCell reports whether addr is a local variable's address (an Alloc, or
// a closure's free variable bound to one), not a field or an element.
func isCell(addr ssa.Value) bool {
	switch addr.(type) {
	case *ssa.Alloc, *ssa.FreeVar:
		return true
	}
	return false
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value == nil
}

func argUses(c *ssa.CallCommon, v ssa.Value) bool {
	for _, a := range c.Args {
		if a == v {
			return true
		}
	}
	return false
}

// resultUsed reports whether the value of a call is used (a deferred or
// go call's never is).
func resultUsed(r ssa.CallInstruction) bool {
	v := r.Value()
	if v == nil {
		return false
	}
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, u := range *refs {
		if _, ok := u.(*ssa.DebugRef); !ok {
			return true
		}
	}
	return false
}

// hasUsed reports whether the group has a call of op whose result is used.
func (g *group) hasUsed(op sdk.ResultOp) bool {
	for _, c := range g.calls {
		if c.op == op && c.used {
			return true
		}
	}
	return false
}

func (g *group) has(op sdk.ResultOp) bool {
	for _, c := range g.calls {
		if c.op == op {
			return true
		}
	}
	return false
}

func (g *group) first(op sdk.ResultOp) (methodCall, bool) {
	for _, c := range g.calls {
		if c.op == op {
			return c, true
		}
	}
	return methodCall{}, false
}
