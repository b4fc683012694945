package ssaval

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/ssacell"
)

// MaxDepth bounds the recursion of every value tracer of querysite and
// its subpackages, so that no input can make the pass slow.
const MaxDepth = 24

// CalleeIdentity returns the identity of a call's callee: the declaring
// interface method in invoke mode, the static callee's object otherwise,
// or a package-level func var of SDK/table/types loaded from its global
// (catalogue §0 row 1: constructors are vars since v3.142.0).
func CalleeIdentity(common *ssa.CallCommon) (sdk.Identity, *ssa.Function, bool) {
	if common.IsInvoke() {
		id, ok := sdk.IdentityOf(common.Method)
		return id, nil, ok
	}
	if callee := common.StaticCallee(); callee != nil {
		callee = Origin(callee)
		if obj, ok := callee.Object().(*types.Func); ok {
			id, ok := sdk.IdentityOf(obj)
			return id, callee, ok
		}
		return sdk.Identity{}, callee, false
	}
	if u, ok := common.Value.(*ssa.UnOp); ok && u.Op == token.MUL {
		if g, ok := u.X.(*ssa.Global); ok && g.Pkg != nil {
			return sdk.Identity{Pkg: g.Pkg.Pkg.Path(), Name: g.Name()}, nil, true
		}
	}
	return sdk.Identity{}, nil, false
}

// HelperOf returns the SDK helper a call invokes (static or, for
// SDK/table/types vars, dynamic), with the call's arguments without the
// receiver and the receiver itself (nil for functions).
func HelperOf(v ssa.Value) (*sdk.Func, []ssa.Value, ssa.Value, *ssa.Call) {
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil, nil, nil, nil
	}
	id, _, ok := CalleeIdentity(&call.Call)
	if !ok {
		return nil, nil, nil, nil
	}
	f := sdk.LookupFunc(id)
	if f == nil {
		return nil, nil, nil, nil
	}
	args, recv := SplitRecv(&call.Call)
	return f, args, recv, call
}

// SplitRecv separates the receiver from the arguments.
func SplitRecv(common *ssa.CallCommon) ([]ssa.Value, ssa.Value) {
	if common.IsInvoke() {
		return common.Args, common.Value
	}
	if common.Signature().Recv() != nil && len(common.Args) > 0 {
		return common.Args[1:], common.Args[0]
	}
	return common.Args, nil
}

// Peel strips interface conversions and type changes.
func Peel(v ssa.Value) ssa.Value {
	for i := 0; i < 16; i++ {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.Extract:
			if x.Index == 0 {
				if _, ok := x.Tuple.(*ssa.Call); ok {
					v = x.Tuple
					continue
				}
			}
			return v
		default:
			return v
		}
	}
	return v
}

// Origin returns the generic function fn instantiates, or fn itself.
func Origin(fn *ssa.Function) *ssa.Function {
	if o := fn.Origin(); o != nil {
		return o
	}
	return fn
}

// CtorCall returns the value/type constructor a call invokes in SDK/types
// or SDK/table/types (static function or loaded package var), with args.
func CtorCall(v ssa.Value) (name string, args []ssa.Value, call *ssa.Call, ok bool) {
	call, isCall := Peel(v).(*ssa.Call)
	if !isCall {
		return "", nil, nil, false
	}
	id, _, ok := CalleeIdentity(&call.Call)
	if !ok || id.Recv != "" || !sdk.IsTypesPkg(id.Pkg) {
		return "", nil, nil, false
	}
	return id.Name, call.Call.Args, call, true
}

// ConstString returns the value of a constant string, through conversions.
func ConstString(v ssa.Value) (string, bool) {
	k, ok := Peel(v).(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(k.Value), true
}

// SliceElems returns the elements of a slice built from a fixed-size array
// (a slice literal or a variadic argument list) when every element is
// stored exactly once; a nil slice has no elements.
func SliceElems(v ssa.Value) ([]ssa.Value, bool) {
	switch s := v.(type) {
	case *ssa.Const:
		if s.Value == nil {
			return nil, true
		}
	case *ssa.Slice:
		alloc, ok := s.X.(*ssa.Alloc)
		if !ok || s.Low != nil || s.High != nil || s.Max != nil {
			return nil, false
		}
		arr, ok := types.Unalias(alloc.Type().(*types.Pointer).Elem()).Underlying().(*types.Array)
		if !ok || arr.Len() > 4096 {
			return nil, false
		}
		elems := make([]ssa.Value, arr.Len())
		for _, r := range *alloc.Referrers() {
			switch r := r.(type) {
			case *ssa.IndexAddr:
				k, ok := r.Index.(*ssa.Const)
				if !ok {
					return nil, false
				}
				i, exact := constant.Int64Val(k.Value)
				if !exact || i < 0 || i >= arr.Len() {
					return nil, false
				}
				for _, rr := range *r.Referrers() {
					st, ok := rr.(*ssa.Store)
					if !ok || st.Addr != r || elems[i] != nil {
						if _, dbg := rr.(*ssa.DebugRef); dbg {
							continue
						}
						return nil, false
					}
					elems[i] = st.Val
				}
			case *ssa.Slice, *ssa.DebugRef:
				if r != s {
					if _, dbg := r.(*ssa.DebugRef); !dbg {
						return nil, false
					}
				}
			default:
				return nil, false
			}
		}
		for _, e := range elems {
			if e == nil {
				return nil, false
			}
		}
		return elems, true
	}
	return nil, false
}

// StructLitFields returns the values stored into the fields of a struct
// composite literal loaded from a local cell, indexed by field.
func StructLitFields(v ssa.Value) []ssa.Value {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	alloc, ok := ld.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	st, ok := types.Unalias(alloc.Type().(*types.Pointer).Elem()).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	out := make([]ssa.Value, st.NumFields())
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Referrers() == nil {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if s, ok := rr.(*ssa.Store); ok && s.Addr == fa {
				out[fa.Field] = s.Val
			}
		}
	}
	return out
}

// MethodCall returns the identity, args and receiver of a static or invoke
// method/function call.
func MethodCall(v ssa.Value) (sdk.Identity, []ssa.Value, ssa.Value, *ssa.Call, bool) {
	call, ok := v.(*ssa.Call)
	if !ok {
		return sdk.Identity{}, nil, nil, nil, false
	}
	id, _, ok := CalleeIdentity(&call.Call)
	if !ok {
		return sdk.Identity{}, nil, nil, nil, false
	}
	args, recv := SplitRecv(&call.Call)
	return id, args, recv, call, true
}

// PeelConv strips interface conversions, type changes and value
// conversions (a hash or an origin survives int64(h)).
func PeelConv(v ssa.Value) ssa.Value {
	for i := 0; i < 16; i++ {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			v = x.X
		default:
			return v
		}
	}
	return v
}

// SingleStore returns the only value stored into a local cell when the cell
// is written exactly once and its address is not passed anywhere else. A
// closure may capture it; what the closure does with it is not looked at.
func SingleStore(alloc *ssa.Alloc) ssa.Value {
	return ssacell.SingleStore(alloc, ssacell.IsMakeClosure)
}

// FieldAddrUses sorts the uses of a field's address: the stores through
// it, and whether it is used any other way than to store or load (passed
// to a function, stored itself, converted), so that the field may be
// written where ydblint does not look.
func FieldAddrUses(fa *ssa.FieldAddr) (stores []*ssa.Store, escaped bool) {
	refs := fa.Referrers()
	if refs == nil {
		return nil, false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != fa {
				escaped = true // the address itself is stored
				continue
			}
			stores = append(stores, r)
		case *ssa.UnOp:
			if r.Op != token.MUL {
				escaped = true
			}
		case *ssa.DebugRef:
		default:
			escaped = true
		}
	}
	return stores, escaped
}

// IsParamsPtr reports whether t is *params.Params, the SDK's query
// parameters (table.QueryParameters, ydb.Params, Builder.Build()).
func IsParamsPtr(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == sdk.PkgInternalParams && n.Obj().Name() == sdk.ParamsParamsType
}

// FreeVarBinding returns the value bound to a closure's free variable in
// the enclosing function where it first makes the closure, and that
// function.
func FreeVarBinding(fv *ssa.FreeVar) (ssa.Value, *ssa.Function) {
	vals, mcs := ssacell.Bindings(fv)
	if len(vals) == 0 {
		return nil, nil
	}
	return vals[0], mcs[0].Parent()
}

// FuncObj returns the declared function or method of fn, or nil for
// literals and synthetic functions.
func FuncObj(fn *ssa.Function) *types.Func {
	if fn == nil || fn.Parent() != nil {
		return nil
	}
	obj, _ := fn.Object().(*types.Func)
	if obj == nil {
		return nil
	}
	return obj.Origin()
}

// IsSDKCall reports whether v is a call into the SDK (an option
// constructor that cannot carry parameters unless listed).
func IsSDKCall(v ssa.Value) bool {
	id, _, _, _, ok := MethodCall(v)
	return ok && sdk.InSDK(id.Pkg)
}
