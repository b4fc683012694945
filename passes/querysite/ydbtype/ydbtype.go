package ydbtype

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// Types decodes the YDB types written in one package: the values of the
// SDK's Primitive constants as the package's imports define them.
type Types struct {
	primType types.Type        // internal/types.Primitive (or the type its re-exports have)
	prims    map[uint64]string // Primitive constant value → YQL type name
}

// New reads the Primitive constants of the SDK packages findPackage
// returns (the analysed package's imports, transitively; nil for a
// package it does not reach).
func New(findPackage func(path string) *types.Package) *Types {
	t := &Types{}
	t.loadPrimitives(findPackage)
	return t
}

// Of decodes a types.Type value: the YQL type without Optional, whether
// it is Optional, and whether it is known.
func (t *Types) Of(v ssa.Value) (yql string, optional bool, ok bool) { return t.ydbType(v, 0) }

// ydbType decodes a types.Type expression: a Primitive constant,
// Optional(t), List(t), DecimalType(...). ok is false when unknown.
func (t *Types) ydbType(v ssa.Value, depth int) (yqlType string, optional bool, ok bool) {
	if depth > ssaval.MaxDepth {
		return "", false, false
	}
	v = ssaval.Peel(v)
	if k, isConst := v.(*ssa.Const); isConst && k.Value != nil && t.primType != nil && types.Identical(k.Type(), t.primType) {
		if u, exact := constant.Uint64Val(constant.ToInt(k.Value)); exact {
			if name, found := t.prims[u]; found {
				return name, false, true
			}
		}
		return "", false, false
	}
	if yql, ok := typeVarLoad(v); ok {
		return yql, false, true
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
			inner, _, ok := t.ydbType(args[0], depth+1)
			return inner, true, ok
		}
	case sdk.TypeList:
		if len(args) == 1 {
			inner, opt, ok := t.ydbType(args[0], depth+1)
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

// PtrNull says whether a pointer is nil.
func PtrNull(p ssa.Value) site.NullKind {
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

// GoYQL maps a Go type to the YDB type database/sql binds it as (catalogue
// §5.4). ok is false for types without a known mapping.
func GoYQL(t types.Type) (string, bool) {
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

// SQLNullType is the YDB type the database/sql Null type of this name
// (NullInt64, …) binds as; false for another name.
func SQLNullType(name string) (string, bool) {
	y, ok := sqlNullTypes[name]
	return y, ok
}

// SQLNullValid decides the Valid field of a sql.NullX value.
func SQLNullValid(x ssa.Value) site.NullKind {
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
