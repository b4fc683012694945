package goeval

import (
	"slices"

	"github.com/ydblint/ydblint/internal/strshape"
)

// join2 is the value of a variable after two paths meet: a on the path
// taken when condition ca holds, b when cb holds (0: not known which
// decision led there). When one value extends the other — the other path
// appended to a string or a slice, the shape of `if c { q += " AND x" }`
// — the extension becomes an optional piece under the extending path's
// condition, so that planning can tell a filter present on every path
// from one present on some. Otherwise the values are alternatives.
func (e *Evaluator) join2(a, b *Value, ca, cb int) *Value {
	switch {
	case a == nil:
		return b
	case b == nil || e.t.eq(a, b):
		return a
	}
	if a.kind == KString || b.kind == KString {
		if sa, sb := e.shapeOf(a), e.shapeOf(b); sa != nil && sb != nil {
			return e.strValue(e.joinShapes(sa, sb, ca, cb))
		}
	}
	if a.kind == KNil && b.kind == KSlice {
		a = mkSlice(nil)
	}
	if b.kind == KNil && a.kind == KSlice {
		b = mkSlice(nil)
	}
	if a.kind == b.kind {
		switch a.kind {
		case KInt:
			hole := 0
			if e.t.same(a.hole, b.hole) {
				hole = a.hole
			}
			return mkIntHole(min(a.lo, b.lo), max(a.hi, b.hi), hole)
		case KStruct:
			if a.name == b.name && len(a.elems) == len(b.elems) && a.typ == b.typ {
				if fs, ok := e.joinParts(a.elems, b.elems, ca, cb); ok {
					return e.bound(mkStructU(a.typ, a.unit, fs))
				}
			}
		case KTuple:
			if len(a.elems) == len(b.elems) {
				if vs, ok := e.joinParts(a.elems, b.elems, ca, cb); ok {
					return e.bound(mkTuple(vs))
				}
			}
		case KInterface:
			if a.name == b.name && a.unit == b.unit {
				if vs, ok := e.joinParts(a.elems, b.elems, ca, cb); ok {
					return e.bound(mkIface(a.name, vs[0], a.unit))
				}
			}
		case KFunc:
			if a.fn == b.fn && len(a.elems) == len(b.elems) {
				if vs, ok := e.joinParts(a.elems, b.elems, ca, cb); ok {
					return e.bound(mkFunc(a.fn, vs))
				}
			}
		case KApply:
			if a.name == b.name && len(a.elems) == len(b.elems) {
				if vs, ok := e.joinParts(a.elems, b.elems, ca, cb); ok {
					return e.bound(mkApply(a.name, vs))
				}
			}
		case KMap:
			if slices.Equal(a.keys, b.keys) {
				if vs, ok := e.joinParts(a.elems, b.elems, ca, cb); ok {
					return e.bound(mkMap(a.keys, vs))
				}
			}
		case KSlice:
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
func (e *Evaluator) joinParts(a, b []*Value, ca, cb int) ([]*Value, bool) {
	out := make([]*Value, len(a))
	diff := 0
	for i := range a {
		if e.t.eq(a[i], b[i]) {
			out[i] = a[i]
			continue
		}
		if !(cb != 0 && e.t.extends(a[i], b[i]) || ca != 0 && e.t.extends(b[i], a[i])) {
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
func (e *Evaluator) joinSlices(a, b *Value, ca, cb int) *Value {
	prefix := func(short, long *Value, c int) *Value {
		if c == 0 || len(short.items) > len(long.items) {
			return nil
		}
		for i := range short.items {
			x, y := short.items[i], long.items[i]
			if x.Rep != y.Rep || x.self != y.self || !slices.Equal(x.Conds, y.Conds) || !e.t.eq(x.V, y.V) {
				return nil
			}
		}
		items := slices.Clone(short.items)
		for _, it := range long.items[len(short.items):] {
			it.Conds = append(slices.Clone(it.Conds), c)
			items = append(items, it)
		}
		return e.bound(mkSlice(items))
	}
	if v := prefix(a, b, cb); v != nil {
		return v
	}
	return prefix(b, a, ca)
}

// joinAll joins values of paths nothing is known about (callers,
// implementations, iterations): alternatives.
func (e *Evaluator) joinAll(vs []*Value) *Value {
	var out *Value
	for _, v := range vs {
		out = e.join2(out, v, 0, 0)
	}
	return out
}

// alt is a or b: an alternative, flattened and without duplicates, within
// the variant bound.
func (e *Evaluator) alt(a, b *Value) *Value {
	var vs []*Value
	add := func(v *Value) {
		if v.kind == KAlt {
			for _, x := range v.elems {
				if !slices.ContainsFunc(vs, func(y *Value) bool { return e.t.eq(x, y) }) {
					vs = append(vs, x)
				}
			}
			return
		}
		if !slices.ContainsFunc(vs, func(y *Value) bool { return e.t.eq(v, y) }) {
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
	return e.bound(mkAlt(vs))
}

// bound returns v when it is within the size bound, else a hole.
func (e *Evaluator) bound(v *Value) *Value {
	if v.size > e.b.Size {
		return e.bounded("value larger than the size bound")
	}
	return v
}

// strValue makes a string value of s, within the bounds.
func (e *Evaluator) strValue(s *strshape.Shape) *Value {
	s = strshape.Widen(e.lim, s)
	if s.Size() > e.b.Size {
		s = strshape.Hole(0)
	}
	return mkStr(s)
}

// shapeOf returns v as a string shape: a string's shape, a hole for an
// unknown value, nil for anything else.
func (e *Evaluator) shapeOf(v *Value) *strshape.Shape {
	switch v.kind {
	case KString:
		return v.shape
	case KUnknown:
		return strshape.Hole(v.hole)
	case KAlt:
		var parts []*strshape.Shape
		for _, x := range v.elems {
			s := e.shapeOf(x)
			if s == nil {
				return nil
			}
			parts = append(parts, s)
		}
		return e.altShapes(parts...)
	case KApply:
		key := e.derivedKey(v.name, v.elems)
		return e.holeShape(HoleCall, key, shortName(v.name)+"(…)", "result of a call that is not interpreted")
	}
	return nil
}

// joinShapes joins two strings of two paths (join2).
func (e *Evaluator) joinShapes(a, b *strshape.Shape, ca, cb int) *strshape.Shape {
	if e.t.eqShape(a, b) {
		return a
	}
	pa, pb := parts(a), parts(b)
	n := 0
	for n < len(pa) && n < len(pb) && e.t.eqShape(pa[n], pb[n]) {
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
		for _, p := range altParts(x) {
			if !slices.ContainsFunc(out, func(y *strshape.Shape) bool { return e.t.eqShape(p, y) }) {
				out = append(out, p)
			}
		}
	}
	if len(out) > e.b.Variants {
		return e.holeShape(HoleBound, "", "more alternatives than the variant bound", "more alternatives than the variant bound")
	}
	return strshape.Alt(e.lim, out...)
}
