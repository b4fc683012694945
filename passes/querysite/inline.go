package querysite

import (
	"go/ast"

	"golang.org/x/tools/go/ssa"
)

// One kind of call is evaluated here with the callee's parameters bound to
// the call's arguments (ctx.binds), because the recognisers' pointee of a
// *string reaches it (pointers.go): a helper of this package returning the
// address of a fresh string variable, as in
//
//	func withPragma(prefix *string, q string) *string {
//		s := fmt.Sprintf(q, *prefix)
//		return &s
//	}
//
// A helper returning a string, at a query site or naming a table (a
// function literal of the caller, tableName := func(t string) string {…}),
// is the evaluator's (siteText): it runs the helper's
// body with the call's arguments, a render helper's template and a lookup
// by a parameter included. Only functions declared in this package with a
// body, without free variables (or a function literal called where it is
// made) and not already being inlined are; the result counts only when it
// recovered some text.

// bound is an argument bound to a parameter of an inlined function: the
// value, its Go expression and the caller's context.
type bound struct {
	v    ssa.Value
	hint ast.Expr
	c    *ctx
}

// resolveBound follows a parameter of an inlined function to the caller's
// argument; it returns v itself (and nil) when v is not bound.
func (c *ctx) resolveBound(v ssa.Value) (ssa.Value, *ctx, ast.Expr) {
	var bc *ctx
	var hint ast.Expr
	for i := 0; i < maxDepth; i++ {
		p, ok := v.(*ssa.Parameter)
		if !ok {
			break
		}
		b, ok := c.binds[p]
		if !ok {
			break
		}
		v, c, bc, hint = b.v, b.c, b.c, b.hint
	}
	return v, bc, hint
}

// inlinePointee evaluates a call to callee with its parameters bound to
// the arguments: the string pointed to by the returned address of a
// variable written once.
func (a *pkgAnalysis) inlinePointee(callee *ssa.Function, common *ssa.CallCommon, ce *ast.CallExpr, c *ctx) (texts, bool) {
	if c.depth > maxDepth-4 || callee.Pkg == nil || callee.Pkg.Pkg != a.pass.Pkg || len(a.prog.Blocks(callee)) == 0 ||
		len(callee.FreeVars) > 0 && !closureCall(callee, common) || len(callee.Params) == 0 || len(callee.Params) != len(common.Args) || common.IsInvoke() {
		return texts{}, false
	}
	for p := range c.binds {
		if p.Parent() == callee {
			return texts{}, false // recursion
		}
	}
	cc := c.in(callee)
	cc.binds = make(map[*ssa.Parameter]bound, len(c.binds)+len(callee.Params))
	for p, b := range c.binds {
		cc.binds[p] = b
	}
	var hints []ast.Expr
	if ce != nil && !ce.Ellipsis.IsValid() && !callee.Signature.Variadic() {
		hints = ce.Args
	}
	recv := len(common.Args) - len(hints)
	for i, p := range callee.Params {
		var h ast.Expr
		if hints != nil && i >= recv && recv >= 0 {
			h = hints[i-recv]
		}
		cc.binds[p] = bound{v: common.Args[i], hint: h, c: c}
	}
	var out texts
	found := false
	for _, b := range a.prog.Blocks(callee) {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		found = true
		v := returnedPointee(ret)
		if v == nil {
			return texts{}, false
		}
		out = union(out, a.text(v, nil, cc))
	}
	if !found || out.cyclic || !hasLiteral(out) {
		return texts{}, false
	}
	return out, true
}

// hasLiteral reports whether a variant of t holds literal text: a helper's
// result or summary that recovered no text says nothing.
func hasLiteral(t texts) bool {
	for _, v := range t.vs {
		for _, p := range v {
			if !p.hole && p.param < 0 && p.text != "" {
				return true
			}
		}
	}
	return false
}
