package querysite

import (
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// ydbType decodes a types.Type expression: a Primitive constant,
// Optional(t), List(t), DecimalType(...). ok is false when unknown.
func (a *pkgAnalysis) ydbType(v ssa.Value, depth int) (yqlType string, optional bool, ok bool) {
	if depth > maxDepth {
		return "", false, false
	}
	v = ssaval.Peel(v)
	if k, isConst := v.(*ssa.Const); isConst && k.Value != nil && a.primType != nil && types.Identical(k.Type(), a.primType) {
		if u, exact := constant.Uint64Val(constant.ToInt(k.Value)); exact {
			if name, found := a.prims[u]; found {
				return name, false, true
			}
		}
		return "", false, false
	}
	if t, ok := typeVarLoad(v); ok {
		return t, false, true
	}
	name, args, _, isCtor := ssaval.CtorCall(v)
	if !isCtor {
		return "", false, false
	}
	tc := sdk.LookupTypeCtor(sdk.PkgTypes, name)
	if tc == nil {
		return "", false, false
	}
	switch tc.Form {
	case sdk.TypeOptional:
		if len(args) == 1 {
			inner, _, ok := a.ydbType(args[0], depth+1)
			return inner, true, ok
		}
	case sdk.TypeList:
		if len(args) == 1 {
			inner, opt, ok := a.ydbType(args[0], depth+1)
			if ok && opt {
				inner = "Optional<" + inner + ">"
			}
			return "List<" + inner + ">", false, ok
		}
	case sdk.TypeDecimal, sdk.TypeVoid, sdk.TypeTuple, sdk.TypeStruct, sdk.TypeDict:
		return tc.YQL, false, true
	}
	return "", false, false
}

// typeVarLoad decodes a load of a types-package variable holding a column
// type (types.DefaultDecimal; sdk.TypeVarYQL).
func typeVarLoad(v ssa.Value) (string, bool) {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return "", false
	}
	g, ok := load.X.(*ssa.Global)
	if !ok || g.Pkg == nil || g.Pkg.Pkg == nil {
		return "", false
	}
	return sdk.TypeVarYQL(g.Pkg.Pkg.Path(), g.Name())
}

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
			out.Null = ptrNull(args[0])
			a.goProps(&out, args[0], c)
		}
	case sdk.FormNullableGeneric:
		out.Optional = true
		if len(args) == 2 {
			out.YDBType, _, _ = a.ydbType(args[0], 0)
			ptr := ssaval.Peel(args[1])
			out.Null = ptrNull(ptr)
			a.goProps(&out, ptr, c)
		}
	case sdk.FormNull:
		out.Optional, out.Null = true, site.DefinitelyNull
		if len(args) == 1 {
			out.YDBType, _, _ = a.ydbType(args[0], 0)
		}
	case sdk.FormZero:
		if len(args) == 1 {
			t, opt, _ := a.ydbType(args[0], 0)
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

// ptrNull says whether a pointer is nil.
func ptrNull(p ssa.Value) site.NullKind {
	return ptrNullDepth(p, 0)
}

func ptrNullDepth(p ssa.Value, depth int) site.NullKind {
	if depth > 8 {
		return site.MaybeNull
	}
	switch p := ssaval.Peel(p).(type) {
	case *ssa.Const:
		if p.Value == nil {
			return site.DefinitelyNull
		}
	case *ssa.Alloc, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Global:
		return site.NotNull
	case *ssa.Phi:
		k := site.NotNull
		for _, e := range p.Edges {
			switch ptrNullDepth(e, depth+1) {
			case site.DefinitelyNull, site.MaybeNull:
				return site.MaybeNull
			}
		}
		return k
	}
	return site.MaybeNull
}

// goYQL maps a Go type to the YDB type database/sql binds it as (catalogue
// §5.4). ok is false for types without a known mapping.
func goYQL(t types.Type) (string, bool) {
	t = types.Unalias(t)
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil {
		switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
		case "time.Time":
			return "Timestamp", true
		case "time.Duration":
			return "Interval", true
		case "github.com/google/uuid.UUID":
			return "Uuid", true
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch u.Kind() {
		case types.Bool:
			return "Bool", true
		case types.Int8:
			return "Int8", true
		case types.Int16:
			return "Int16", true
		case types.Int32, types.Int:
			return "Int32", true
		case types.Int64:
			return "Int64", true
		case types.Uint8:
			return "Uint8", true
		case types.Uint16:
			return "Uint16", true
		case types.Uint32, types.Uint:
			return "Uint32", true
		case types.Uint64:
			return "Uint64", true
		case types.Float32:
			return "Float", true
		case types.Float64:
			return "Double", true
		case types.String:
			return "Utf8", true
		}
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return "String", true
		}
	}
	return "", false
}

// sqlNullTypes maps database/sql Null types to the YDB type they bind
// (catalogue §5.4, v3.118.1+).
var sqlNullTypes = map[string]string{
	"NullBool": "Bool", "NullFloat64": "Double", "NullInt16": "Int16", "NullInt32": "Int32",
	"NullInt64": "Int64", "NullString": "Utf8", "NullTime": "Timestamp", "NullByte": "Uint8",
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
		if y, ok := sqlNullTypes[n.Obj().Name()]; ok {
			out.YDBType, out.Optional = y, true
			out.Null = sqlNullValid(x)
			return out
		}
		if n.Obj().Name() == "Null" {
			out.Optional = true
			out.Null = sqlNullValid(x)
			if ta := n.TypeArgs(); ta != nil && ta.Len() == 1 {
				out.YDBType, _ = goYQL(ta.At(0))
			}
			return out
		}
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		out.Optional = true
		out.Null = ptrNull(x)
		if out.YDBType == "" {
			out.YDBType, _ = goYQL(p.Elem())
		}
		a.goProps(&out, x, c)
		return out
	}
	if out.YDBType == "" {
		out.YDBType, _ = goYQL(t)
	}
	a.goProps(&out, x, c)
	return out
}

// sqlNullValid decides the Valid field of a sql.NullX value.
func sqlNullValid(x ssa.Value) site.NullKind {
	switch x := x.(type) {
	case *ssa.Const:
		return site.DefinitelyNull // the zero value: Valid false
	case *ssa.UnOp:
		alloc, ok := x.X.(*ssa.Alloc)
		if !ok || x.Op != token.MUL {
			return site.MaybeNull
		}
		st, ok := types.Unalias(alloc.Type().(*types.Pointer).Elem()).Underlying().(*types.Struct)
		if !ok {
			return site.MaybeNull
		}
		valid := -1
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() == "Valid" {
				valid = i
			}
		}
		result := site.DefinitelyNull
		for _, r := range *alloc.Referrers() {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				if r.Field != valid {
					continue
				}
				for _, rr := range *r.Referrers() {
					if s, ok := rr.(*ssa.Store); ok {
						k, ok := s.Val.(*ssa.Const)
						if !ok {
							return site.MaybeNull
						}
						if constant.BoolVal(k.Value) {
							result = site.NotNull
						}
					}
				}
			case *ssa.Store:
				if k, ok := r.Val.(*ssa.Const); !ok || k.Value != nil {
					return site.MaybeNull
				}
			case *ssa.UnOp, *ssa.DebugRef:
			default:
				return site.MaybeNull
			}
		}
		return result
	}
	return site.MaybeNull
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
