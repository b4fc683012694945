package value

import (
	"go/constant"
	"go/token"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/goeval/ir"
	"github.com/ydblint/ydblint/internal/strshape"
)

// Kind says what an abstract value is.
type Kind uint8

const (
	// KUnknown is a value nothing is known about but its hole (Value.Hole):
	// what it stands for and why it is not known.
	KUnknown Kind = iota
	// KString is a string (or []byte) as a strshape.Shape.
	KString
	// KInt is an integer within an interval (a constant when Lo == Hi).
	KInt
	// KConst is a constant that is neither a string nor an integer
	// (bool, float, complex).
	KConst
	// KNil is the nil pointer, slice, map, function or interface.
	KNil
	// KStruct is a struct value, field by field.
	KStruct
	// KSlice is a slice or array: ordered elements, each definite,
	// optional under conditions, or repeated (from a loop).
	KSlice
	// KMap is a map's contents with constant keys, held in a cell: a map
	// value itself is a KPointer to its contents, since maps are shared.
	KMap
	// KFunc is a function value: a function and the values its closure
	// captured.
	KFunc
	// KPointer is the address of a cell of the abstract heap, or of a
	// part of it (a field, an element).
	KPointer
	// KInterface is an interface holding a value of a known dynamic type.
	KInterface
	// KApply is the result of a call that is not interpreted (a function
	// of another package without summary): the callee and the abstract
	// arguments, receiver first. Consumers read parameter sets and
	// options this way (table.ValueParam("$a", types.Uint64Value(…))).
	KApply
	// KTuple is a function's several results.
	KTuple
	// KAlt is one of several values (branches, callers, implementations).
	KAlt
	// KTemplate is a parsed text/template or html/template.
	KTemplate
	// KCond is a boolean that holds exactly when a condition does
	// (Value.Cond): `q.limit != ""` where q.limit was set under that
	// condition. An if on it decides by the same condition, so the
	// pieces it guards are optional together with the value it tests.
	KCond
	// KSelf stands for a loop-carried value while a loop is widened.
	KSelf
)

func (k Kind) String() string {
	names := [...]string{"unknown", "string", "int", "const", "nil", "struct", "slice", "map", "func", "pointer", "interface", "apply", "tuple", "alt", "template", "cond", "self"}
	if int(k) < len(names) {
		return names[k]
	}
	return "kind" + strconv.Itoa(int(k))
}

// Value is an abstract value. It is immutable; the evaluator shares
// values freely.
type Value struct {
	kind  Kind
	shape *strshape.Shape // KString
	lo    int64           // KInt
	hi    int64
	c     constant.Value // KConst
	hole  int            // KUnknown; KInt: identity of an unknown integer (0 none)
	elems []*Value       // KStruct fields, KTuple, KAlt, KApply args, KFunc bindings, KMap values, KInterface [x]
	items []Elem         // KSlice
	keys  []string       // KMap keys (constant.Value.ExactString), sorted
	typ   *ir.Type       // KStruct: its type; KMap: nil
	name  string         // KApply callee; KInterface dynamic type; KStruct type name; KPointer cell description
	fn    *ir.Func       // KFunc
	cell  int            // KPointer; KSelf id
	path  []int          // KPointer: field or element indices, -1 for an unknown element
	tmpl  *Template      // KTemplate
	unit  *ir.Unit       // KInterface: the unit whose method table may hold the dynamic type's methods; KStruct: the unit of typ
	size  int
}

// Elem is an element of a slice.
type Elem struct {
	V *Value
	// Conds: the element is there only when each of these conditions
	// held (appends under ifs); strshape conditions, the same ids.
	Conds []int
	// Rep: zero or more elements like V (appends in a loop).
	Rep bool
	// self marks the slice's elements before a loop while it is widened.
	Self int
}

// Minimum and maximum of the integer domain stand for -∞ and +∞.
const (
	NegInf = math.MinInt64
	PosInf = math.MaxInt64
)

// Kind returns v's kind.
func (v *Value) Kind() Kind { return v.kind }

// Size is the number of nodes of v, shape nodes included.
func (v *Value) Size() int { return v.size }

// Shape returns the shape of a KString value, nil otherwise.
func (v *Value) Shape() *strshape.Shape {
	if v.kind != KString {
		return nil
	}
	return v.shape
}

// Dynamic returns the value an interface holds, v itself for other kinds.
func (v *Value) Dynamic() *Value {
	for v.kind == KInterface {
		v = v.elems[0]
	}
	return v
}

// Interval returns the bounds of a KInt value, with ok false for other
// kinds; math.MinInt64 and math.MaxInt64 stand for unbounded.
func (v *Value) Interval() (lo, hi int64, ok bool) { return v.lo, v.hi, v.kind == KInt }

// Const returns the constant of a KConst value, or of a KInt or KString
// value that is one constant; nil otherwise.
func (v *Value) Const() constant.Value {
	switch v.kind {
	case KConst:
		return v.c
	case KInt:
		if v.lo == v.hi && v.lo != NegInf && v.hi != PosInf {
			return constant.MakeInt64(v.lo)
		}
	case KString:
		if s, ok := LitText(v.shape); ok {
			return constant.MakeString(s)
		}
	}
	return nil
}

// Cond returns the condition of a KCond value and whether the value is
// its negation; for a KInt in [lo, lo+1], the condition under which it is
// lo+1.
func (v *Value) Cond() (cond int, negated bool) { return v.cell, v.hi == 1 && v.kind == KCond }

// Hole returns the ref (Tables.Piece) of a KUnknown value's hole, or
// of an unknown integer's identity; 0 when none.
func (v *Value) Hole() int { return v.hole }

// Elems returns a struct's fields, a tuple's elements, an alternative's
// values, an application's arguments (receiver first), a function's
// captured values, a map's values (in key order), an interface's value.
func (v *Value) Elems() []*Value { return v.elems }

// Items returns a slice's elements.
func (v *Value) Items() []Elem { return v.items }

// Keys returns a map's keys as constant.Value.ExactString, sorted.
func (v *Value) Keys() []string { return v.keys }

// Name returns an application's callee, an interface's dynamic type, a
// struct's type name, or a function's name.
func (v *Value) Name() string {
	if v.kind == KFunc && v.fn != nil {
		return v.fn.Name
	}
	return v.name
}

// Lo and Hi are the bounds of a KInt value (NegInf and PosInf for
// unbounded sides).
func (v *Value) Lo() int64 { return v.lo }

// Hi: see Lo.
func (v *Value) Hi() int64 { return v.hi }

// Constant returns the constant of a KConst value, nil for other kinds
// (Const also reads a constant integer or string as a constant).
func (v *Value) Constant() constant.Value { return v.c }

// Ident returns the name a value carries: an application's callee, an
// interface's dynamic type, a struct's type name ("" for a function
// value, whose name Name returns).
func (v *Value) Ident() string { return v.name }

// Type returns a struct's type; Unit the unit holding a struct's type or
// the method table of an interface's dynamic type.
func (v *Value) Type() *ir.Type { return v.typ }

// Unit: see Type.
func (v *Value) Unit() *ir.Unit { return v.unit }

// Fn returns a function value's function.
func (v *Value) Fn() *ir.Func { return v.fn }

// Cell returns a pointer's cell (0 for a pointer into a slice value,
// Elems()[0]), a loop marker's id, a condition value's condition.
func (v *Value) Cell() int { return v.cell }

// Path returns a pointer's field or element indices into its cell, -1 for
// an element whose index is not known.
func (v *Value) Path() []int { return v.path }

// Template returns a KTemplate value's template.
func (v *Value) Template() *Template { return v.tmpl }

// Field returns the field named name of a struct value, nil when absent.
func (v *Value) Field(name string) *Value {
	if v.kind != KStruct || v.typ == nil {
		return nil
	}
	for i, f := range v.typ.Fields {
		if f.Name == name && i < len(v.elems) {
			return v.elems[i]
		}
	}
	return nil
}

// SizeOf is the number of nodes of vs.
func SizeOf(vs []*Value) int {
	n := 0
	for _, v := range vs {
		if v != nil {
			n += v.size
		}
	}
	return n
}

// Constructors. They do not check the bounds: the evaluator does.

// Unknown is the value nothing is known about but its hole.
func Unknown(hole int) *Value { return &Value{kind: KUnknown, hole: hole, size: 1} }

func Str(s *strshape.Shape) *Value { return &Value{kind: KString, shape: s, size: 1 + s.Size()} }

func Int(lo, hi int64) *Value {
	if lo > hi {
		lo, hi = hi, lo
	}
	return &Value{kind: KInt, lo: lo, hi: hi, size: 1}
}

// IntHole is an integer within [lo, hi] whose identity is hole (the
// ref of the unknown it was converted from; 0 none).
func IntHole(lo, hi int64, hole int) *Value {
	v := Int(lo, hi)
	v.hole = hole
	return v
}

// IntCond is the integer in [lo, lo+1] that is lo+1 exactly when
// condition cond holds (Value.Cond).
func IntCond(lo int64, cond int) *Value {
	v := Int(lo, lo+1)
	v.cell = cond
	return v
}

func IntConst(n int64) *Value { return Int(n, n) }

func Const(c constant.Value) *Value { return &Value{kind: KConst, c: c, size: 1} }

func Bool(b bool) *Value { return Const(constant.MakeBool(b)) }

// Nil is the nil pointer, slice, map, function or interface.
func Nil() *Value { return &Value{kind: KNil, size: 1} }

func Struct(t *ir.Type, u *ir.Unit, fields []*Value) *Value {
	name := ""
	if t != nil {
		name = t.Name
	}
	return &Value{kind: KStruct, typ: t, unit: u, name: name, elems: fields, size: 1 + SizeOf(fields)}
}

func Slice(items []Elem) *Value {
	n := 1
	for _, it := range items {
		n += 1 + it.V.size
	}
	return &Value{kind: KSlice, items: items, size: n}
}

func Map(keys []string, vals []*Value) *Value {
	return &Value{kind: KMap, keys: keys, elems: vals, size: 1 + len(keys) + SizeOf(vals)}
}

func Func(fn *ir.Func, bindings []*Value) *Value {
	return &Value{kind: KFunc, fn: fn, elems: bindings, size: 1 + SizeOf(bindings)}
}

func Ptr(cell int, path []int) *Value {
	return &Value{kind: KPointer, cell: cell, path: path, size: 1 + len(path)}
}

// SlicePtr is a pointer without cell to path in the slice value s.
func SlicePtr(s *Value, path []int) *Value {
	return &Value{kind: KPointer, path: path, elems: []*Value{s}, size: 1 + len(path) + s.size}
}

func Iface(dyn string, x *Value, u *ir.Unit) *Value {
	return &Value{kind: KInterface, name: dyn, elems: []*Value{x}, unit: u, size: 1 + x.size}
}

func Apply(name string, args []*Value) *Value {
	return &Value{kind: KApply, name: name, elems: args, size: 1 + SizeOf(args)}
}

// Alt is one of the values vs (at least two, none an alternative).
func Alt(vs []*Value) *Value { return &Value{kind: KAlt, elems: vs, size: 1 + SizeOf(vs)} }

// withElems is v with its components replaced by elems (as many).
func (v *Value) WithElems(elems []*Value) *Value {
	out := *v
	out.elems = elems
	out.size = 1 + SizeOf(elems)
	return &out
}

func Tuple(vs []*Value) *Value { return &Value{kind: KTuple, elems: vs, size: 1 + SizeOf(vs)} }

func Self(id int) *Value { return &Value{kind: KSelf, cell: id, size: 1} }

// CondValue is the boolean "condition c holds" (negated: does not hold).
func CondValue(c int, negated bool) *Value {
	v := &Value{kind: KCond, cell: c, size: 1}
	if negated {
		v.hi = 1
	}
	return v
}

// LitText returns the text of a shape that is one string (literals only,
// no choice).
func LitText(s *strshape.Shape) (string, bool) {
	if s == nil {
		return "", false
	}
	switch s.Kind {
	case strshape.KindLit:
		return s.Text, true
	case strshape.KindCat:
		var b strings.Builder
		for _, p := range s.Parts {
			t, ok := LitText(p)
			if !ok {
				return "", false
			}
			b.WriteString(t)
		}
		return b.String(), true
	}
	return "", false
}

// eqShape reports whether two shapes are the same tree (pieces compared
// by identity, not by where they were made: Tables.Same).
func (t *Tables) EqShape(a, b *strshape.Shape) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.Kind != b.Kind || a.Text != b.Text || !t.Same(a.Ref, b.Ref) || a.Cond != b.Cond || len(a.Parts) != len(b.Parts) {
		return false
	}
	for i := range a.Parts {
		if !t.EqShape(a.Parts[i], b.Parts[i]) {
			return false
		}
	}
	return true
}

// eq reports whether a and b are the same abstract value.
func (t *Tables) Eq(a, b *Value) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.kind != b.kind || a.size != b.size {
		return false
	}
	switch a.kind {
	case KUnknown:
		return t.Same(a.hole, b.hole)
	case KString:
		return t.EqShape(a.shape, b.shape)
	case KInt:
		return a.lo == b.lo && a.hi == b.hi && t.Same(a.hole, b.hole) && a.cell == b.cell
	case KCond:
		return a.cell == b.cell && a.hi == b.hi
	case KConst:
		return constant.Compare(a.c, token.EQL, b.c) && a.c.Kind() == b.c.Kind()
	case KNil:
		return true
	case KPointer:
		return a.cell == b.cell && slices.Equal(a.path, b.path)
	case KFunc:
		if a.fn != b.fn {
			return false
		}
	case KInterface, KApply, KStruct:
		if a.name != b.name {
			return false
		}
	case KMap:
		if !slices.Equal(a.keys, b.keys) {
			return false
		}
	case KSlice:
		if len(a.items) != len(b.items) {
			return false
		}
		for i := range a.items {
			x, y := a.items[i], b.items[i]
			if x.Rep != y.Rep || x.Self != y.Self || !slices.Equal(x.Conds, y.Conds) || !t.Eq(x.V, y.V) {
				return false
			}
		}
		return true
	case KTemplate:
		return a.tmpl == b.tmpl
	case KSelf:
		return a.cell == b.cell
	}
	if len(a.elems) != len(b.elems) {
		return false
	}
	for i := range a.elems {
		if !t.Eq(a.elems[i], b.elems[i]) {
			return false
		}
	}
	return true
}

// HasPointer reports whether v holds an address (so a call with it may
// have effects, and its result cannot be memoised), or a loop marker.
func HasPointer(v *Value) bool {
	switch v.kind {
	case KPointer, KSelf, KTemplate:
		return true
	case KString:
		return false
	case KSlice:
		for _, it := range v.items {
			if it.Self != 0 || HasPointer(it.V) {
				return true
			}
		}
		return false
	}
	for _, e := range v.elems {
		if HasPointer(e) {
			return true
		}
	}
	return false
}

// extends reports whether y is x with more appended: a longer string or
// slice with x as prefix, or a composite whose components each are x's
// or extend them.
func (t *Tables) Extends(x, y *Value) bool {
	if t.Eq(x, y) {
		return true
	}
	switch {
	case x.kind == KString && y.kind == KString:
		px, py := Parts(x.shape), Parts(y.shape)
		if len(px) > len(py) {
			return false
		}
		for i := range px {
			if !t.EqShape(px[i], py[i]) {
				return false
			}
		}
		return true
	case (x.kind == KSlice || x.kind == KNil) && y.kind == KSlice:
		if x.kind == KNil {
			return true
		}
		if len(x.items) > len(y.items) {
			return false
		}
		for i := range x.items {
			a, b := x.items[i], y.items[i]
			if a.Rep != b.Rep || a.Self != b.Self || !slices.Equal(a.Conds, b.Conds) || !t.Eq(a.V, b.V) {
				return false
			}
		}
		return true
	case x.kind == y.kind && (x.kind == KStruct || x.kind == KTuple || x.kind == KInterface) && x.name == y.name && len(x.elems) == len(y.elems):
		for i := range x.elems {
			if !t.Extends(x.elems[i], y.elems[i]) {
				return false
			}
		}
		return true
	}
	return false
}

// parts lists the pieces of a concatenation.
func Parts(s *strshape.Shape) []*strshape.Shape {
	if s.Kind == strshape.KindCat {
		return s.Parts
	}
	return []*strshape.Shape{s}
}

// AltParts lists the choices of an alternative.
func AltParts(s *strshape.Shape) []*strshape.Shape {
	if s.Kind == strshape.KindAlt {
		return s.Parts
	}
	return []*strshape.Shape{s}
}
