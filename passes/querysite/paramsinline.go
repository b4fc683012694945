package querysite

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// Parameters built by a helper of this package, typically a method of a
// row struct filled by a composite literal at the call:
//
//	func (fm *FileMeta) queryParameters() *table.QueryParameters {
//		return table.NewQueryParameters(
//			table.ValueParam("$dir_hash", types.Int64Value(fm.DirHash)), …)
//	}
//	fm := FileMeta{util.HashStringToLong(dir), name, *shortDir, meta}
//	… fm.queryParameters() …
//
// The helper is evaluated at the call with its parameters bound to the
// arguments (ctx.binds); a field read through a bound pointer to a local
// struct is the value stored into that field once at the caller, so Go
// hashes and origins are seen in the caller's terms. (Query text is the
// evaluator's, which runs a helper's body with the call's arguments
// itself.)

// bound is an argument bound to a parameter of an inlined helper: the
// value and the caller's context.
type bound struct {
	v ssa.Value
	c *ctx
}

// resolveBound follows a parameter of an inlined helper to the caller's
// argument; it returns v itself (and nil) when v is not bound.
func (c *ctx) resolveBound(v ssa.Value) (ssa.Value, *ctx) {
	var bc *ctx
	for i := 0; i < maxDepth; i++ {
		p, ok := v.(*ssa.Parameter)
		if !ok {
			break
		}
		b, ok := c.binds[p]
		if !ok {
			break
		}
		v, c, bc = b.v, b.c, b.c
	}
	return v, bc
}

// inlineResult is the value a helper returns and the context binding its
// parameters to the call's arguments, in which package bindings decodes
// the parameters; false when v is not a call to such a helper.
func (a *pkgAnalysis) inlineResult(v ssa.Value, c *ctx) (ssa.Value, *ctx, bool) {
	call, ok := v.(*ssa.Call)
	if !ok || c.depth > maxDepth-4 {
		return nil, nil, false
	}
	common := call.Common()
	callee := common.StaticCallee()
	if callee == nil || common.IsInvoke() || callee.Pkg == nil || callee.Pkg.Pkg != a.pass.Pkg || len(a.prog.Blocks(callee)) == 0 ||
		len(callee.FreeVars) > 0 || len(callee.Params) != len(common.Args) || callee.Signature.Results().Len() != 1 {
		return nil, nil, false
	}
	for p := range c.binds {
		if p.Parent() == callee {
			return nil, nil, false // recursion
		}
	}
	var ret *ssa.Return
	for _, b := range a.prog.Blocks(callee) {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if ret != nil {
				return nil, nil, false // one return only: no choice between sets
			}
			ret = r
		}
	}
	if ret == nil || len(ret.Results) != 1 {
		return nil, nil, false
	}
	cc := c.in(callee)
	cc.binds = make(map[*ssa.Parameter]bound, len(c.binds)+len(callee.Params))
	for p, b := range c.binds {
		cc.binds[p] = b
	}
	for i, p := range callee.Params {
		cc.binds[p] = bound{v: common.Args[i], c: c}
	}
	return ret.Results[0], cc, true
}

// throughBinds maps a value of an inlined helper to the caller's value:
// a bound parameter to its argument, a field loaded through a bound
// pointer to a local struct to the single value stored into that field.
// It returns v itself when nothing applies.
func (a *pkgAnalysis) throughBinds(v ssa.Value, c *ctx) ssa.Value {
	if c == nil || len(c.binds) == 0 {
		return v
	}
	for i := 0; i < 8; i++ {
		switch x := ssaval.PeelConv(v).(type) {
		case *ssa.Parameter:
			b, ok := c.binds[x]
			if !ok {
				return v
			}
			v, c = b.v, b.c
			if c == nil {
				return v
			}
			continue
		case *ssa.UnOp:
			fa, ok := x.X.(*ssa.FieldAddr)
			if x.Op != token.MUL || !ok {
				return v
			}
			p, ok := ssaval.Peel(fa.X).(*ssa.Parameter)
			if !ok {
				return v
			}
			b, ok := c.binds[p]
			if !ok {
				return v
			}
			alloc, ok := ssaval.Peel(b.v).(*ssa.Alloc)
			if !ok {
				return v
			}
			val := a.fieldStoredOnce(alloc, fa.Field, 0)
			if val == nil {
				return v
			}
			v, c = val, b.c
			if c == nil {
				return v
			}
			continue
		}
		return v
	}
	return v
}

// fieldStoredOnce is the value stored into field f of a local struct
// variable, when exactly one store writes it and the variable is otherwise
// only read field by field, or handed to calls (the helper being inlined;
// a call that writes a field through its parameter would show as a Store
// only in the callee, so calls are accepted only for functions of this
// package whose parameter is used for field loads alone).
func (a *pkgAnalysis) fieldStoredOnce(alloc *ssa.Alloc, f int, depth int) ssa.Value {
	refs := alloc.Referrers()
	if refs == nil || depth > 2 {
		return nil
	}
	var val ssa.Value
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			// fm := T{…} on an addressable variable: the literal is
			// built in a temporary and copied whole.
			ld, ok := r.Val.(*ssa.UnOp)
			if r.Addr != alloc || !ok || ld.Op != token.MUL || val != nil {
				return nil
			}
			tmp, ok := ld.X.(*ssa.Alloc)
			if !ok || tmp == alloc {
				return nil
			}
			if val = a.fieldStoredOnce(tmp, f, depth+1); val == nil {
				return nil
			}
		case *ssa.FieldAddr:
			for _, rr := range *r.Referrers() {
				switch rr := rr.(type) {
				case *ssa.Store:
					if rr.Addr != r {
						return nil
					}
					if r.Field == f {
						if val != nil {
							return nil
						}
						val = rr.Val
					}
				case *ssa.UnOp, *ssa.DebugRef:
				default:
					return nil
				}
			}
		case *ssa.Call:
			if !a.onlyFieldLoads(r.Common(), alloc) {
				return nil
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return nil
			}
		case *ssa.DebugRef:
		default:
			return nil
		}
	}
	return val
}

// onlyFieldLoads: every parameter of the static callee receiving v is used
// only to load fields (FieldAddr then load).
func (a *pkgAnalysis) onlyFieldLoads(common *ssa.CallCommon, v ssa.Value) bool {
	callee := common.StaticCallee()
	if callee == nil || common.IsInvoke() || len(callee.Params) != len(common.Args) || len(a.prog.Blocks(callee)) == 0 {
		return false
	}
	for i, arg := range common.Args {
		if arg != v {
			continue
		}
		refs := callee.Params[i].Referrers()
		if refs == nil {
			return false
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				for _, rr := range *r.Referrers() {
					if u, ok := rr.(*ssa.UnOp); !ok || u.Op != token.MUL {
						if _, dbg := rr.(*ssa.DebugRef); !dbg {
							return false
						}
					}
				}
			case *ssa.DebugRef:
			default:
				return false
			}
		}
	}
	return true
}
