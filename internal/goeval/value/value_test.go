package value

import (
	"go/constant"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/strshape"
)

func newTables() *Tables {
	t := &Tables{}
	t.Init()
	return t
}

func TestKey(t *testing.T) {
	tb := newTables()
	field := tb.Intern(Piece{Hole: true, Kind: HoleField, Key: "field:pkg.T.f", Desc: "t.f"})
	anon := tb.Intern(Piece{Hole: true, Kind: HoleRuntime, Desc: "input"})
	var l strshape.Limits
	tests := []struct {
		name string
		v    *Value
		want string
	}{
		{"keyed hole", Unknown(field), "field:pkg.T.f"},
		{"hole without key", Unknown(anon), ""},
		{"integer constant", IntConst(7), "7"},
		{"integer with an identity", IntHole(0, 9, field), "field:pkg.T.f"},
		{"integer interval", Int(0, 9), ""},
		{"bool", Bool(true), "true"},
		{"nil", Nil(), "nil"},
		{"literal string", Str(strshape.Concat(l, strshape.Lit("a", 0), strshape.Lit("b", 0))), `"ab"`},
		{"string that is a hole", Str(strshape.Hole(field)), "field:pkg.T.f"},
		{"string with a hole in it", Str(strshape.Concat(l, strshape.Lit("a", 0), strshape.Hole(field))), ""},
		{"interface", Iface("pkg.T", Unknown(field), nil), "field:pkg.T.f"},
		{"application of keyed arguments", Apply("strings.ToLower", []*Value{Unknown(field)}), "call:strings.ToLower(field:pkg.T.f)"},
		{"application of an unkeyed argument", Apply("strings.ToLower", []*Value{Unknown(anon)}), ""},
	}
	for _, tc := range tests {
		if got := tb.Key(tc.v); got != tc.want {
			t.Errorf("%s: Key = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestSameIgnoresSrc(t *testing.T) {
	tb := newTables()
	a := tb.Intern(Piece{Hole: true, Kind: HoleCall, Desc: "f()", Src: 10})
	b := tb.Intern(Piece{Hole: true, Kind: HoleCall, Desc: "f()", Src: 20})
	c := tb.Intern(Piece{Hole: true, Kind: HoleCall, Desc: "g()", Src: 10})
	if a == b {
		t.Fatalf("pieces made at different places share ref %d", a)
	}
	if !tb.Same(a, b) || tb.Same(a, c) {
		t.Errorf("Same(a, b) = %v, Same(a, c) = %v; want true, false", tb.Same(a, b), tb.Same(a, c))
	}
	if !tb.Eq(Unknown(a), Unknown(b)) {
		t.Error("values whose holes differ only in Src are not Eq")
	}
	if got := tb.Intern(Piece{Hole: true, Kind: HoleCall, Desc: "f()", Src: 10}); got != a {
		t.Errorf("the same piece made at the same place interned as %d, then %d", a, got)
	}
}

func TestExtends(t *testing.T) {
	tb := newTables()
	var l strshape.Limits
	x := tb.Intern(Piece{Text: "x"})
	y := tb.Intern(Piece{Text: "y"})
	sx := Str(strshape.Lit("x", x))
	sxy := Str(strshape.Concat(l, strshape.Lit("x", x), strshape.Lit("y", y)))
	one := Slice([]Elem{{V: IntConst(1)}})
	two := Slice([]Elem{{V: IntConst(1)}, {V: IntConst(2)}})
	tests := []struct {
		name string
		a, b *Value
		want bool
	}{
		{"string with more appended", sx, sxy, true},
		{"shorter string", sxy, sx, false},
		{"slice with more appended", one, two, true},
		{"nil slice", Nil(), two, true},
		{"shorter slice", two, one, false},
		{"struct whose field extends", Struct(nil, nil, []*Value{sx, IntConst(1)}), Struct(nil, nil, []*Value{sxy, IntConst(1)}), true},
		{"different constants", Const(constant.MakeBool(true)), Const(constant.MakeBool(false)), false},
	}
	for _, tc := range tests {
		if got := tb.Extends(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: Extends = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestHeap(t *testing.T) {
	h := EmptyHeap().Set(3, IntConst(3)).Set(1, IntConst(1))
	h2 := h.Set(1, IntConst(10))
	if v, ok := h.Get(1); !ok || v.Lo() != 1 {
		t.Errorf("a store changed the heap it was made from: cell 1 = %v, %v", v, ok)
	}
	if _, ok := h.Get(2); ok {
		t.Error("cell 2 was never stored")
	}
	other := EmptyHeap().Set(2, IntConst(2)).Set(3, IntConst(30))
	m := MergeHeaps(h2, other, func(x, y *Value) *Value { return Int(min(x.Lo(), y.Lo()), max(x.Hi(), y.Hi())) })
	var got []string
	for i, id := range m.IDs() {
		v := m.Values()[i]
		got = append(got, IntervalString(v.Lo(), v.Hi())+"@"+string(rune('0'+id)))
	}
	want := "int[10..10]@1 int[2..2]@2 int[3..30]@3"
	if strings.Join(got, " ") != want {
		t.Errorf("MergeHeaps = %s, want %s", strings.Join(got, " "), want)
	}
}

func TestWriteShape(t *testing.T) {
	tb := newTables()
	var l strshape.Limits
	p := tb.Intern(Piece{Hole: true, Kind: HoleParam, Desc: "name"})
	s := strshape.Concat(l,
		strshape.Lit("a", 0),
		strshape.Hole(p),
		strshape.Optional(l, strshape.Lit("b", 0), 3),
		strshape.Alt(l, strshape.Lit("c", 0), strshape.Lit("d", 0)),
		strshape.Loop(l, strshape.Lit("e", 0)),
		strshape.Join(l, []*strshape.Shape{strshape.Lit("f", 0), strshape.Lit("g", 0)}, strshape.Lit(",", 0)))
	var b strings.Builder
	tb.WriteShape(&b, s)
	if want := "a<param:name>[b]?3(c|d){e}*join(f, g; ,)"; b.String() != want {
		t.Errorf("WriteShape = %s, want %s", b.String(), want)
	}
}
