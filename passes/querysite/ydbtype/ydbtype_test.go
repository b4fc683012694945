package ydbtype_test

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite/ydbtype"
)

// named is a named type declared in the package of path (a path of one
// element, such as time).
func named(path, name string) types.Type {
	pkg := types.NewPackage(path, path)
	return types.NewNamed(types.NewTypeName(0, pkg, name, nil), types.NewStruct(nil, nil), nil)
}

// TestGoYQL maps Go types as database/sql binds them; a type without a
// mapping is not guessed.
func TestGoYQL(t *testing.T) {
	for _, c := range []struct {
		t    types.Type
		want string
		ok   bool
	}{
		{types.Typ[types.Int64], "Int64", true},
		{types.Typ[types.Int], "Int32", true},
		{types.Typ[types.Uint], "Uint32", true},
		{types.Typ[types.Float32], "Float", true},
		{types.Typ[types.String], "Utf8", true},
		{types.NewSlice(types.Typ[types.Byte]), "String", true},
		{named("time", "Time"), "Timestamp", true},
		{named("time", "Duration"), "Interval", true},
		{types.NewSlice(types.Typ[types.Int]), "", false},
		{types.Typ[types.Complex128], "", false},
	} {
		if got, ok := ydbtype.GoYQL(c.t); got != c.want || ok != c.ok {
			t.Errorf("GoYQL(%s) = %q, %v; want %q, %v", c.t, got, ok, c.want, c.ok)
		}
	}
}

func TestSQLNullType(t *testing.T) {
	if y, ok := ydbtype.SQLNullType("NullInt64"); y != "Int64" || !ok {
		t.Errorf("SQLNullType(NullInt64) = %q, %v", y, ok)
	}
	if y, ok := ydbtype.SQLNullType("NullDecimal"); ok {
		t.Errorf("SQLNullType(NullDecimal) = %q, true; want no mapping", y)
	}
}

// TestPtrNull: nil is NULL, an address is not, and a φ of both may be.
func TestPtrNull(t *testing.T) {
	ptr := types.NewPointer(types.Typ[types.Int])
	null := ssa.NewConst(nil, ptr)
	addr := &ssa.Alloc{}
	for _, c := range []struct {
		name string
		v    ssa.Value
		want site.NullKind
	}{
		{"nil", null, site.DefinitelyNull},
		{"address", addr, site.NotNull},
		{"phi of addresses", &ssa.Phi{Edges: []ssa.Value{addr, addr}}, site.NotNull},
		{"phi of nil and an address", &ssa.Phi{Edges: []ssa.Value{addr, null}}, site.MaybeNull},
	} {
		if got := ydbtype.PtrNull(c.v); got != c.want {
			t.Errorf("PtrNull(%s) = %v, want %v", c.name, got, c.want)
		}
	}
}
