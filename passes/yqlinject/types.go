package yqlinject

import (
	"go/types"

	"github.com/ydblint/ydblint/internal/sdk"
)

// kind is what a spliced Go value is, for this rule.
type kind int

const (
	kindOther  kind = iota // a bool (two texts at most), a struct, a Stringer, …: not judged
	kindString             // a string or []byte: text that can carry quotes and keywords
	kindNumber             // an integer or a float: no injection, but one text per value
)

func valueKind(t types.Type) kind {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return kindString
		case u.Info()&(types.IsInteger|types.IsFloat) != 0:
			return kindNumber
		}
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return kindString
		}
	}
	return kindOther
}

// isEnum says whether t is a named type whose package declares constants
// of it (type Status string; const Active Status = "active"): its values
// are a small set the program chose, not input, and a few texts are
// compiled once each.
func isEnum(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	if _, basic := n.Underlying().(*types.Basic); !basic {
		return false
	}
	scope := n.Obj().Pkg().Scope()
	for _, name := range scope.Names() {
		if k, ok := scope.Lookup(name).(*types.Const); ok && types.Identical(k.Type(), n) {
			return true
		}
	}
	return false
}

// yqlType is the parameter type a fix proposes for a Go value, with the
// SDK spellings that bind it (ydb-go-sdk v3.156.1: internal/params
// Parameter.Text/Bytes/Int64/…, table/types TextValue/BytesValue/…).
type yqlType struct {
	YQL     string // the DECLARE type
	Go      string // the Go type the binders take
	Builder string // ydb.ParamsBuilder().Param(…).<Builder>(v)
	Value   string // types.<Value>Value(v)
}

// goType is the Go type the binders take.
func (y yqlType) goType() types.Type {
	if y.Go == "[]byte" {
		return types.NewSlice(types.Typ[types.Byte])
	}
	return types.Universe.Lookup(y.Go).Type()
}

// yqlTypes maps a Go basic kind to its parameter type. int and uint are
// 64-bit on the platforms YDB's SDK supports.
var yqlTypes = map[types.BasicKind]yqlType{
	types.String:  {"Utf8", "string", "Text", "Text"},
	types.Int:     {"Int64", "int64", "Int64", "Int64"},
	types.Int64:   {"Int64", "int64", "Int64", "Int64"},
	types.Int32:   {"Int32", "int32", "Int32", "Int32"},
	types.Int16:   {"Int16", "int16", "Int16", "Int16"},
	types.Int8:    {"Int8", "int8", "Int8", "Int8"},
	types.Uint:    {"Uint64", "uint64", "Uint64", "Uint64"},
	types.Uint64:  {"Uint64", "uint64", "Uint64", "Uint64"},
	types.Uint32:  {"Uint32", "uint32", "Uint32", "Uint32"},
	types.Uint16:  {"Uint16", "uint16", "Uint16", "Uint16"},
	types.Uint8:   {"Uint8", "uint8", "Uint8", "Uint8"},
	types.Float64: {"Double", "float64", "Double", "Double"},
	types.Float32: {"Float", "float32", "Float", "Float"},
}

var bytesType = yqlType{"String", "[]byte", "Bytes", "Bytes"}

// yqlTypeOf returns the parameter type of a spliced Go value.
func yqlTypeOf(t types.Type) (yqlType, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		y, ok := yqlTypes[u.Kind()]
		return y, ok
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return bytesType, true
		}
	}
	return yqlType{}, false
}

// olderValueFuncs are the table/types constructors' names before TextValue
// and BytesValue were added (v3.26.10: UTF8Value, StringValue; both
// present in v3.42.7).
var olderValueFuncs = map[string]string{"TextValue": "UTF8Value", "BytesValue": "StringValue"}

// tableValueFunc returns the table/types constructor of y that the SDK
// version the package builds with declares: the current name, else its
// older one. The current name when table/types is not among the
// package's imports.
func tableValueFunc(pkg *types.Package, y yqlType) string {
	fn := y.Value + "Value"
	tt := findImport(pkg, sdk.PkgTableTypes, map[*types.Package]bool{})
	if tt == nil || tt.Scope().Lookup(fn) != nil {
		return fn
	}
	if old, ok := olderValueFuncs[fn]; ok && tt.Scope().Lookup(old) != nil {
		return old
	}
	return fn
}

// findImport returns the package of path among pkg's transitive imports.
func findImport(pkg *types.Package, path string, seen map[*types.Package]bool) *types.Package {
	if pkg == nil || seen[pkg] {
		return nil
	}
	seen[pkg] = true
	if pkg.Path() == path {
		return pkg
	}
	for _, imp := range pkg.Imports() {
		if p := findImport(imp, path, seen); p != nil {
			return p
		}
	}
	return nil
}
