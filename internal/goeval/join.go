package goeval

import (
	"slices"

	"github.com/ydblint/ydblint/internal/goeval/value"
	"github.com/ydblint/ydblint/internal/strshape"
)

// join2 is the value of a variable after two paths meet: a on the path
// taken when condition ca holds, b when cb holds (0: not known which
// decision led there). When one value extends the other — the other path
// appended to a string or a slice, the shape of `if c { q += " AND x" }`
// — the extension becomes an optional piece under the extending path's
// condition, so that planning can tell a filter present on every path
// from one present on some. Otherwise the values are alternatives.
func (e *Evaluator) join2(a, b *value.Value, ca, cb int) *value.Value {
	switch {
	case a == nil:
		return b
	case b == nil || e.t.Eq(a, b):
		return a
	}
	if a.Kind() == value.KString || b.Kind() == value.KString {
		if sa, sb := e.shapeOf(a), e.shapeOf(b); sa != nil && sb != nil {
			return e.strValue(e.joinShapes(sa, sb, ca, cb))
		}
	}
	if a.Kind() == value.KNil && b.Kind() == value.KSlice {
		a = value.Slice(nil)
	}
	if b.Kind() == value.KNil && a.Kind() == value.KSlice {
		b = value.Slice(nil)
	}
	if a.Kind() == b.Kind() {
		switch a.Kind() {
		case value.KInt:
			hole := 0
			if e.t.Same(a.Hole(), b.Hole()) {
				hole = a.Hole()
			}
			return value.IntHole(min(a.Lo(), b.Lo()), max(a.Hi(), b.Hi()), hole)
		case value.KStruct:
			if a.Ident() == b.Ident() && len(a.Elems()) == len(b.Elems()) && a.Type() == b.Type() {
				if fs, ok := e.joinParts(a.Elems(), b.Elems(), ca, cb); ok {
					return e.bound(value.Struct(a.Type(), a.Unit(), fs))
				}
			}
		case value.KTuple:
			if len(a.Elems()) == len(b.Elems()) {
				if vs, ok := e.joinParts(a.Elems(), b.Elems(), ca, cb); ok {
					return e.bound(value.Tuple(vs))
				}
			}
		case value.KInterface:
			if a.Ident() == b.Ident() && a.Unit() == b.Unit() {
				if vs, ok := e.joinParts(a.Elems(), b.Elems(), ca, cb); ok {
					return e.bound(value.Iface(a.Ident(), vs[0], a.Unit()))
				}
			}
		case value.KFunc:
			if a.Fn() == b.Fn() && len(a.Elems()) == len(b.Elems()) {
				if vs, ok := e.joinParts(a.Elems(), b.Elems(), ca, cb); ok {
					return e.bound(value.Func(a.Fn(), vs))
				}
			}
		case value.KApply:
			if a.Ident() == b.Ident() && len(a.Elems()) == len(b.Elems()) {
				if vs, ok := e.joinParts(a.Elems(), b.Elems(), ca, cb); ok {
					return e.bound(value.Apply(a.Ident(), vs))
				}
			}
		case value.KMap:
			if slices.Equal(a.Keys(), b.Keys()) {
				if vs, ok := e.joinParts(a.Elems(), b.Elems(), ca, cb); ok {
					return e.bound(value.Map(a.Keys(), vs))
				}
			}
		case value.KSlice:
			if v := e.joinSlices(a, b, ca, cb); v != nil {
				return v
			}
		}
	}
	return e.alt(a, b)
}

// joinParts joins the components of two composite values of the same
// shape, when that loses nothing: at most one component differs otherwise
// than by an extension under a condition. Two components that differ
// independently would be joined into every combination, variants no path
// has (one caller's table with another's filters); the values then stay
// whole alternatives instead.
func (e *Evaluator) joinParts(a, b []*value.Value, ca, cb int) ([]*value.Value, bool) {
	out := make([]*value.Value, len(a))
	diff := 0
	for i := range a {
		if e.t.Eq(a[i], b[i]) {
			out[i] = a[i]
			continue
		}
		if !(cb != 0 && e.t.Extends(a[i], b[i]) || ca != 0 && e.t.Extends(b[i], a[i])) {
			diff++
			if diff > 1 {
				return nil, false
			}
		}
		out[i] = e.join2(a[i], b[i], ca, cb)
	}
	return out, true
}

// joinSlices joins two slices when one extends the other: the extra
// elements are optional under the condition of the extending path.
func (e *Evaluator) joinSlices(a, b *value.Value, ca, cb int) *value.Value {
	prefix := func(short, long *value.Value, c int) *value.Value {
		if c == 0 || len(short.Items()) > len(long.Items()) {
			return nil
		}
		for i := range short.Items() {
			x, y := short.Items()[i], long.Items()[i]
			if x.Rep != y.Rep || x.Self != y.Self || !slices.Equal(x.Conds, y.Conds) || !e.t.Eq(x.V, y.V) {
				return nil
			}
		}
		items := slices.Clone(short.Items())
		for _, it := range long.Items()[len(short.Items()):] {
			it.Conds = append(slices.Clone(it.Conds), c)
			items = append(items, it)
		}
		return e.bound(value.Slice(items))
	}
	if v := prefix(a, b, cb); v != nil {
		return v
	}
	return prefix(b, a, ca)
}

// joinAll joins values of paths nothing is known about (callers,
// implementations, iterations): alternatives.
func (e *Evaluator) joinAll(vs []*value.Value) *value.Value {
	var out *value.Value
	for _, v := range vs {
		out = e.join2(out, v, 0, 0)
	}
	return out
}

// alt is a or b: an alternative, flattened and without duplicates, within
// the variant bound.
func (e *Evaluator) alt(a, b *value.Value) *value.Value {
	var vs []*value.Value
	add := func(v *value.Value) {
		if v.Kind() == value.KAlt {
			for _, x := range v.Elems() {
				if !slices.ContainsFunc(vs, func(y *value.Value) bool { return e.t.Eq(x, y) }) {
					vs = append(vs, x)
				}
			}
			return
		}
		if !slices.ContainsFunc(vs, func(y *value.Value) bool { return e.t.Eq(v, y) }) {
			vs = append(vs, v)
		}
	}
	add(a)
	add(b)
	if len(vs) == 1 {
		return vs[0]
	}
	if len(vs) > e.b.Variants {
		return e.bounded("more alternatives than the variant bound")
	}
	return e.bound(value.Alt(vs))
}

// bound returns v when it is within the size bound, else a hole.
func (e *Evaluator) bound(v *value.Value) *value.Value {
	if v.Size() > e.b.Size {
		return e.bounded("value larger than the size bound")
	}
	return v
}

// strValue makes a string value of s, within the bounds.
func (e *Evaluator) strValue(s *strshape.Shape) *value.Value {
	s = strshape.Widen(e.lim, s)
	if s.Size() > e.b.Size {
		s = strshape.Hole(0)
	}
	return value.Str(s)
}

// shapeOf returns v as a string shape: a string's shape, a hole for an
// unknown value, nil for anything else.
func (e *Evaluator) shapeOf(v *value.Value) *strshape.Shape {
	switch v.Kind() {
	case value.KString:
		return v.Shape()
	case value.KUnknown:
		return strshape.Hole(v.Hole())
	case value.KAlt:
		var parts []*strshape.Shape
		for _, x := range v.Elems() {
			s := e.shapeOf(x)
			if s == nil {
				return nil
			}
			parts = append(parts, s)
		}
		return e.altShapes(parts...)
	case value.KApply:
		key := e.t.DerivedKey(v.Ident(), v.Elems())
		return e.holeShape(value.HoleCall, key, value.ShortName(v.Ident())+"(…)", "result of a call that is not interpreted")
	}
	return nil
}

// joinShapes joins two strings of two paths (join2).
func (e *Evaluator) joinShapes(a, b *strshape.Shape, ca, cb int) *strshape.Shape {
	if e.t.EqShape(a, b) {
		return a
	}
	pa, pb := value.Parts(a), value.Parts(b)
	n := 0
	for n < len(pa) && n < len(pb) && e.t.EqShape(pa[n], pb[n]) {
		n++
	}
	cat := func(ps []*strshape.Shape) *strshape.Shape {
		if len(ps) == 0 {
			return strshape.Empty()
		}
		return strshape.Concat(e.lim, ps...)
	}
	switch {
	case n == len(pa) && cb != 0:
		return strshape.Concat(e.lim, append(slices.Clone(pa), strshape.Optional(e.lim, cat(pb[n:]), cb))...)
	case n == len(pb) && ca != 0:
		return strshape.Concat(e.lim, append(slices.Clone(pb), strshape.Optional(e.lim, cat(pa[n:]), ca))...)
	case n > 0:
		return strshape.Concat(e.lim, append(slices.Clone(pa[:n]), e.altShapes(cat(pa[n:]), cat(pb[n:])))...)
	}
	return e.altShapes(a, b)
}

// altShapes is an alternative of shapes, flattened, without duplicates,
// within the variant bound.
func (e *Evaluator) altShapes(xs ...*strshape.Shape) *strshape.Shape {
	var out []*strshape.Shape
	for _, x := range xs {
		for _, p := range value.AltParts(x) {
			if !slices.ContainsFunc(out, func(y *strshape.Shape) bool { return e.t.EqShape(p, y) }) {
				out = append(out, p)
			}
		}
	}
	if len(out) > e.b.Variants {
		return e.holeShape(value.HoleBound, "", "more alternatives than the variant bound", "more alternatives than the variant bound")
	}
	return strshape.Alt(e.lim, out...)
}
