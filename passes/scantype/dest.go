package scantype

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/ydblint/ydblint/internal/sdk"
)

// dest is one scan destination as written in the call.
type dest struct {
	arg ast.Expr // the argument: &x, or named.Required("c", &x)
	ptr ast.Expr // the destination pointer expression (&x)
	// goType is the pointee of a single pointer, or of the inner pointer
	// of a double one, as sdk.TableScanSources spells it; "" when the
	// rule does not judge the type (named types, interfaces, structs).
	goType string
	double bool // **T
	// column is the column name of a named destination, "" for a
	// positional one.
	column string
	named  sdk.NamedScan // 0 for a positional destination
}

// positional returns the destinations of a Scan call's arguments, nil
// when the arguments are spread from a slice (Scan(dst...)).
func positional(info *types.Info, call *ast.CallExpr) []*dest {
	if call.Ellipsis.IsValid() {
		return nil
	}
	out := make([]*dest, len(call.Args))
	for i, a := range call.Args {
		out[i] = pointerDest(info, a, a)
	}
	return out
}

// named returns the destinations of a ScanNamed call: calls of
// named.Required, named.Optional, named.OptionalWithDefault or
// query.Named with a constant column name; ok is false when any argument
// is something else.
func named(info *types.Info, call *ast.CallExpr) ([]*dest, bool) {
	if call.Ellipsis.IsValid() {
		return nil, false
	}
	var out []*dest
	for _, a := range call.Args {
		c, ok := ast.Unparen(a).(*ast.CallExpr)
		if !ok || len(c.Args) != 2 {
			return nil, false
		}
		kind := namedKind(info, c.Fun)
		if kind == 0 {
			return nil, false
		}
		tv, ok := info.Types[c.Args[0]]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
			return nil, false
		}
		d := pointerDest(info, a, c.Args[1])
		d.column = constant.StringVal(tv.Value)
		d.named = kind
		out = append(out, d)
	}
	return out, true
}

// namedKind says which named-destination constructor fun calls.
func namedKind(info *types.Info, fun ast.Expr) sdk.NamedScan {
	var id *ast.Ident
	switch f := ast.Unparen(fun).(type) {
	case *ast.SelectorExpr:
		id = f.Sel
	case *ast.Ident:
		id = f
	default:
		return 0
	}
	fn, ok := info.Uses[id].(*types.Func)
	if !ok {
		return 0
	}
	ident, ok := sdk.IdentityOf(fn)
	if !ok {
		return 0
	}
	return sdk.NamedScans[ident]
}

// pointerDest classifies the destination pointer expression ptr.
func pointerDest(info *types.Info, arg, ptr ast.Expr) *dest {
	d := &dest{arg: arg, ptr: ptr}
	p, ok := types.Unalias(info.TypeOf(ptr)).(*types.Pointer)
	if !ok {
		return d
	}
	elem := types.Unalias(p.Elem())
	if inner, ok := elem.(*types.Pointer); ok {
		d.double = true
		elem = types.Unalias(inner.Elem())
	}
	d.goType = judgedGoType(elem)
	return d
}

// basicNames spells the basic kinds the rule judges as
// sdk.TableScanSources does (byte is uint8).
var basicNames = map[types.BasicKind]string{
	types.Bool: "bool", types.Int: "int", types.Int8: "int8", types.Int16: "int16",
	types.Int32: "int32", types.Int64: "int64", types.Uint: "uint", types.Uint8: "uint8",
	types.Uint16: "uint16", types.Uint32: "uint32", types.Uint64: "uint64",
	types.Float32: "float32", types.Float64: "float64", types.String: "string",
}

// judgedGoType spells t when both decoders treat it by a case of their
// own: a predeclared basic type, []byte, time.Time or time.Duration. A
// named type of the program (type Status string) may implement
// sql.Scanner or be converted by kind (castToDerivedType), so it is "".
func judgedGoType(t types.Type) string {
	switch t := t.(type) {
	case *types.Basic:
		return basicNames[t.Kind()]
	case *types.Slice:
		if b, ok := types.Unalias(t.Elem()).(*types.Basic); ok && b.Kind() == types.Uint8 {
			return "[]byte"
		}
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() != nil && obj.Pkg().Path() == "time" && (obj.Name() == "Time" || obj.Name() == "Duration") {
			return "time." + obj.Name()
		}
	}
	return ""
}
