package sdk

import (
	"go/types"
)

// How database/sql arguments become YQL parameter values: ydb-go-sdk's
// internal/bind.toValue (v3.156.1) converts each Go value by its dynamic
// type, in this order:
//
//  1. uuid.UUID and *uuid.UUID → Uuid (Optional for the pointer);
//  2. database/sql's Null types → Optional of the table below
//     (sql.NullString → Utf8?, sql.Null[T] → Optional of T's type);
//  3. a driver.Valuer → whatever its Value method returns (not static);
//  4. nil → Void; an SDK value (types.Value) → itself;
//  5. a pointer → Optional of the pointee's type (NULL when nil);
//  6. the basic types, []byte, []string, time.Time, time.Duration by the
//     table below; then a json.Marshaler → Json;
//  7. any other type whose kind is a basic one (type Status string) →
//     converted to that basic type first (tryConvertToBaseType); a slice
//     of bytes → String; other slices, maps and structs → containers.
//
// Note that a Go int binds as Int32 and a uint as Uint32, not as 64-bit
// types: `DECLARE $id AS Int64` with an int argument is a type mismatch.

// GoBinding is one row of the basic-type table of step 6.
type GoBinding struct {
	Go  string // the Go type, as types.TypeString spells it
	YQL string // the YQL type of the value toValue builds
	// Ctor is the internal/value constructor toValue calls, which
	// gotypes_test.go checks against the SDK's source.
	Ctor string
}

// GoBindings is the table of step 6 (v3.156.1, internal/bind/params.go).
var GoBindings = []GoBinding{
	{Go: "bool", YQL: "Bool", Ctor: "BoolValue"},
	{Go: "int", YQL: "Int32", Ctor: "Int32Value"},
	{Go: "uint", YQL: "Uint32", Ctor: "Uint32Value"},
	{Go: "int8", YQL: "Int8", Ctor: "Int8Value"},
	{Go: "uint8", YQL: "Uint8", Ctor: "Uint8Value"},
	{Go: "int16", YQL: "Int16", Ctor: "Int16Value"},
	{Go: "uint16", YQL: "Uint16", Ctor: "Uint16Value"},
	{Go: "int32", YQL: "Int32", Ctor: "Int32Value"},
	{Go: "uint32", YQL: "Uint32", Ctor: "Uint32Value"},
	{Go: "int64", YQL: "Int64", Ctor: "Int64Value"},
	{Go: "uint64", YQL: "Uint64", Ctor: "Uint64Value"},
	{Go: "float32", YQL: "Float", Ctor: "FloatValue"},
	{Go: "float64", YQL: "Double", Ctor: "DoubleValue"},
	{Go: "[]byte", YQL: "String", Ctor: "BytesValue"},
	{Go: "string", YQL: "Utf8", Ctor: "TextValue"},
	{Go: "time.Time", YQL: "Timestamp", Ctor: "TimestampValueFromTime"},
	{Go: "time.Duration", YQL: "Interval", Ctor: "IntervalValueFromDuration"},
}

// SQLNullBindings is the table of step 2 (v3.156.1, bind.asSQLNull).
var SQLNullBindings = []GoBinding{
	{Go: "database/sql.NullBool", YQL: "Bool", Ctor: "BoolValue"},
	{Go: "database/sql.NullFloat64", YQL: "Double", Ctor: "DoubleValue"},
	{Go: "database/sql.NullInt16", YQL: "Int16", Ctor: "Int16Value"},
	{Go: "database/sql.NullInt32", YQL: "Int32", Ctor: "Int32Value"},
	{Go: "database/sql.NullInt64", YQL: "Int64", Ctor: "Int64Value"},
	{Go: "database/sql.NullString", YQL: "Utf8", Ctor: "TextValue"},
	{Go: "database/sql.NullTime", YQL: "Timestamp", Ctor: "TimestampValueFromTime"},
}

// GoBindingOf returns the YQL type database/sql binds a Go value of static
// type t as, when the static type alone decides it: ok is false for
// interfaces, driver.Valuer and json.Marshaler implementations (other than
// the types listed before them), SDK values, containers and anything else
// whose type depends on the dynamic value. optional is set for pointers and
// Null types.
func GoBindingOf(t types.Type) (yql string, optional, ok bool) {
	t = types.Unalias(t)
	if isNamedType(t, "github.com/google/uuid", "UUID") {
		return "Uuid", false, true
	}
	if p, isPtr := t.(*types.Pointer); isPtr && isNamedType(types.Unalias(p.Elem()), "github.com/google/uuid", "UUID") {
		return "Uuid", true, true
	}
	if n, isNamed := t.(*types.Named); isNamed && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == PkgSQL {
		full := PkgSQL + "." + n.Obj().Name()
		for _, b := range SQLNullBindings {
			if b.Go == full {
				return b.YQL, true, true
			}
		}
		if n.Obj().Name() == "Null" && n.TypeArgs().Len() == 1 {
			if y, opt, ok := GoBindingOf(n.TypeArgs().At(0)); ok && !opt {
				return y, true, true
			}
		}
		return "", false, false
	}
	if _, isIface := t.Underlying().(*types.Interface); isIface {
		return "", false, false
	}
	if hasMethod(t, "Value") || hasMethod(t, "MarshalJSON") && !isNamedType(t, "time", "Time") {
		return "", false, false // driver.Valuer or json.Marshaler: decided by the method
	}
	if p, isPtr := t.Underlying().(*types.Pointer); isPtr {
		if _, named := t.(*types.Named); named {
			return "", false, false
		}
		y, opt, ok := GoBindingOf(p.Elem())
		if !ok || opt {
			return "", false, false
		}
		return y, true, true
	}
	spelling := types.TypeString(t, nil)
	for _, b := range GoBindings {
		if b.Go == spelling {
			return b.YQL, false, true
		}
	}
	// Step 7: a defined type converts to its basic kind.
	switch u := t.Underlying().(type) {
	case *types.Basic:
		name := u.Name()
		for _, b := range GoBindings {
			if b.Go == name {
				return b.YQL, false, true
			}
		}
	case *types.Slice:
		if b, isBasic := u.Elem().Underlying().(*types.Basic); isBasic && b.Kind() == types.Uint8 {
			return "String", false, true
		}
	}
	return "", false, false
}

func isNamedType(t types.Type, pkg, name string) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// hasMethod reports whether the method set of t (values of type t, as
// toValue's type assertions see them) has a method of that name.
func hasMethod(t types.Type, name string) bool {
	ms := types.NewMethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == name {
			return true
		}
	}
	return false
}
