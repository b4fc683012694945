package querysite

import (
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
	"github.com/ydblint/ydblint/passes/querysite/ydbtype"
)

// classify classifies a types.Value expression.
func (a *pkgAnalysis) classify(v ssa.Value, c *ctx) site.Value {
	if c.depth > maxDepth {
		return site.Value{Null: site.NullUnknown}
	}
	pv := ssaval.Peel(v)
	name, args, call, ok := ssaval.CtorCall(pv)
	if !ok {
		return site.Value{Null: site.NullUnknown, Origin: a.origin(pv), Desc: a.desc(pv)}
	}
	pkg := sdk.PkgTypes
	if id, _, _ := ssaval.CalleeIdentity(&call.Call); id.Pkg != "" {
		pkg = id.Pkg
	}
	vc := sdk.LookupValueCtor(pkg, name)
	if vc == nil {
		return site.Value{Null: site.NullUnknown, Desc: a.desc(pv)}
	}
	out := site.Value{YDBType: vc.YQL, Desc: a.desc(pv)}
	switch vc.Form {
	case sdk.FormScalar:
		if len(args) > 0 {
			a.goProps(&out, args[0], c)
		}
	case sdk.FormNullable:
		out.Optional = true
		if len(args) > 0 {
			out.Null = ydbtype.PtrNull(args[0])
			a.goProps(&out, args[0], c)
		}
	case sdk.FormNullableGeneric:
		out.Optional = true
		if len(args) == 2 {
			out.YDBType, _, _ = a.ydbTypes.Of(args[0])
			ptr := ssaval.Peel(args[1])
			out.Null = ydbtype.PtrNull(ptr)
			a.goProps(&out, ptr, c)
		}
	case sdk.FormNull:
		out.Optional, out.Null = true, site.DefinitelyNull
		if len(args) == 1 {
			out.YDBType, _, _ = a.ydbTypes.Of(args[0])
		}
	case sdk.FormZero:
		if len(args) == 1 {
			t, opt, _ := a.ydbTypes.Of(args[0])
			out.YDBType, out.Optional = t, opt
			if opt {
				out.Null = site.DefinitelyNull
			}
		}
	case sdk.FormOptional:
		if len(args) == 1 {
			inner := a.classify(args[0], c.deeper())
			inner.Optional = true
			if inner.Null == site.NullUnknown {
				inner.Null = site.NotNull
			}
			inner.Desc = out.Desc
			return inner
		}
	}
	return out
}

// classifyGo classifies a Go value handed to database/sql or to a typed
// ParamsBuilder setter (yqlType given, "" to derive it from the Go type).
func (a *pkgAnalysis) classifyGo(v ssa.Value, yqlType string, c *ctx) site.Value {
	x := v
	if mi, ok := x.(*ssa.MakeInterface); ok {
		x = mi.X
	}
	out := site.Value{YDBType: yqlType, Desc: a.desc(x)}
	if k, ok := x.(*ssa.Const); ok && k.Value == nil {
		if _, isIface := k.Type().Underlying().(*types.Interface); isIface {
			// untyped nil into database/sql becomes Void, not NULL.
			out.YDBType = "Void"
			return out
		}
	}
	t := types.Unalias(x.Type())
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == sdk.PkgSQL {
		if y, ok := ydbtype.SQLNullType(n.Obj().Name()); ok {
			out.YDBType, out.Optional = y, true
			out.Null = ydbtype.SQLNullValid(x)
			return out
		}
		if n.Obj().Name() == "Null" {
			out.Optional = true
			out.Null = ydbtype.SQLNullValid(x)
			if ta := n.TypeArgs(); ta != nil && ta.Len() == 1 {
				out.YDBType, _ = ydbtype.GoYQL(ta.At(0))
			}
			return out
		}
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		out.Optional = true
		out.Null = ydbtype.PtrNull(x)
		if out.YDBType == "" {
			out.YDBType, _ = ydbtype.GoYQL(p.Elem())
		}
		a.goProps(&out, x, c)
		return out
	}
	if out.YDBType == "" {
		out.YDBType, _ = ydbtype.GoYQL(t)
	}
	a.goProps(&out, x, c)
	return out
}

// goProps fills Const, HashFunc/HashOf, Monotonic and Origin of a Go value.
func (a *pkgAnalysis) goProps(out *site.Value, v ssa.Value, c *ctx) {
	v = ssaval.PeelConv(a.throughBinds(v, c))
	if k, ok := v.(*ssa.Const); ok && k.Value != nil {
		out.Const = true
		s := k.Value.ExactString()
		if len(s) <= 40 {
			out.ConstText = s
		}
		return
	}
	if out.Null == site.DefinitelyNull {
		return
	}
	if fn, of, ok := a.hashes.Of(v); ok {
		out.HashFunc, out.HashOf = fn, of
	}
	if m := a.monotonic(v, 0); m != "" {
		out.Monotonic = m
	}
	if out.Origin == "" {
		out.Origin = a.origin(v)
	}
}

// origin is a stable identity of a Go value within its function.
func (a *pkgAnalysis) origin(v ssa.Value) string {
	v = ssaval.PeelConv(v)
	switch x := v.(type) {
	case *ssa.Parameter:
		return "param:" + x.Name()
	case *ssa.FreeVar:
		if b, _ := ssaval.FreeVarBinding(x); b != nil {
			return a.origin(b)
		}
		return "param:" + x.Name()
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if alloc, ok := x.X.(*ssa.Alloc); ok {
				if val := ssaval.SingleStore(alloc); val != nil {
					return a.origin(val)
				}
				if val := a.cells.Value(alloc); val != nil {
					return a.origin(val)
				}
			}
			if alloc := a.cells.Aliased(x.X); alloc != nil {
				if val := a.cells.Value(alloc); val != nil {
					return a.origin(val)
				}
			}
			if fv, ok := x.X.(*ssa.FreeVar); ok {
				if b, _ := ssaval.FreeVarBinding(fv); b != nil {
					if alloc, ok := b.(*ssa.Alloc); ok {
						if val := ssaval.SingleStore(alloc); val != nil {
							return a.origin(val)
						}
					}
				}
			}
		}
	case *ssa.Call:
		if k, _ := valueKey(x); k != "" {
			return k
		}
		return "call@" + a.posString(x.Pos())
	case *ssa.Extract:
		// One result of a multi-value call: dir, name := p.DirAndName().
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return "call@" + a.posString(call.Pos()) + "#" + strconv.Itoa(x.Index)
		}
	}
	if k, _ := valueKey(v); k != "" {
		return k
	}
	return ""
}

func (a *pkgAnalysis) desc(v ssa.Value) string {
	if call, ok := v.(*ssa.Call); ok {
		if ce := a.calls[call.Pos()]; ce != nil {
			s := types.ExprString(ce)
			if len(s) > 80 {
				s = s[:77] + "..."
			}
			return s
		}
	}
	if _, d := valueKey(v); d != "" {
		return d
	}
	return ""
}

// monotonic recognises time.Now derivatives, atomic counters and
// counters incremented in a package variable.
func (a *pkgAnalysis) monotonic(v ssa.Value, depth int) string {
	if depth > 8 {
		return ""
	}
	v = ssaval.PeelConv(v)
	if b, ok := v.(*ssa.BinOp); ok && b.Op == token.ADD {
		if ld, ok := b.X.(*ssa.UnOp); ok && ld.Op == token.MUL {
			if g, ok := ld.X.(*ssa.Global); ok && b.Referrers() != nil {
				for _, r := range *b.Referrers() {
					if st, ok := r.(*ssa.Store); ok && st.Addr == g {
						return "counter " + g.Name()
					}
				}
			}
		}
		return ""
	}
	id, args, recv, _, ok := ssaval.MethodCall(v)
	if !ok {
		return ""
	}
	m := sdk.LookupMonotonic(id)
	if m == nil {
		return ""
	}
	if m.Shape == sdk.MonoSource {
		return m.Desc
	}
	if recv != nil {
		return a.monotonic(recv, depth+1)
	}
	if len(args) > 0 {
		return a.monotonic(args[0], depth+1)
	}
	return ""
}
