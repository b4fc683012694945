package goeval

import (
	"slices"
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/strshape"
)

// Rendering, for tests and debugging. A string reads as its text with:
//
//	<key>     a hole: its key, param:name for a parameter, ?desc otherwise
//	[x]?N     x or nothing, decided by condition N
//	(a|b)     a or b
//	{x}*      zero or more copies of x
//	join(a, b; sep)  the present items with sep between them
//
// Other values read as Go-like literals: T{f: v}, [a, b?N, c*] (an element
// under condition N, a repeated one), map[k: v], &v, f(args) for a call
// not interpreted, alt(a | b), and int[lo..hi] for an interval.

// String renders the result's value.
func (r *Result) String() string {
	var b strings.Builder
	r.e.render(&b, r.V, r.h, true, nil)
	return b.String()
}

// RenderShape renders a string shape of this evaluator.
func (e *Evaluator) RenderShape(s *strshape.Shape) string {
	var b strings.Builder
	e.renderShape(&b, s)
	return b.String()
}

func (e *Evaluator) renderShape(b *strings.Builder, s *strshape.Shape) {
	switch s.Kind {
	case strshape.KindLit:
		b.WriteString(s.Text)
	case strshape.KindHole:
		b.WriteString("<" + e.Piece(s.Ref).Label() + ">")
	case strshape.KindCat:
		for _, p := range s.Parts {
			e.renderShape(b, p)
		}
	case strshape.KindAlt:
		b.WriteString("(")
		for i, p := range s.Parts {
			if i > 0 {
				b.WriteString("|")
			}
			e.renderShape(b, p)
		}
		b.WriteString(")")
	case strshape.KindOpt:
		b.WriteString("[")
		e.renderShape(b, s.Parts[0])
		b.WriteString("]?" + strconv.Itoa(s.Cond))
	case strshape.KindRep:
		b.WriteString("{")
		e.renderShape(b, s.Parts[0])
		b.WriteString("}*")
	case strshape.KindJoin:
		b.WriteString("join(")
		n := len(s.Parts) - 1
		for i, p := range s.Parts[:n] {
			if i > 0 {
				b.WriteString(", ")
			}
			e.renderShape(b, p)
		}
		b.WriteString("; ")
		e.renderShape(b, s.Parts[n])
		b.WriteString(")")
	}
}

func (e *Evaluator) render(b *strings.Builder, v *Value, h *heap, top bool, visiting []int) {
	if v == nil {
		b.WriteString("<nil value>")
		return
	}
	list := func(vs []*Value) {
		for i, x := range vs {
			if i > 0 {
				b.WriteString(", ")
			}
			e.render(b, x, h, false, visiting)
		}
	}
	switch v.kind {
	case KUnknown:
		b.WriteString("<" + e.Piece(v.hole).Label() + ">")
	case KString:
		if top {
			e.renderShape(b, v.shape)
			return
		}
		b.WriteString(`"`)
		e.renderShape(b, v.shape)
		b.WriteString(`"`)
	case KInt:
		switch {
		case v.lo == v.hi:
			b.WriteString(strconv.FormatInt(v.lo, 10))
		case v.lo == negInf && v.hi == posInf && v.hole != 0:
			b.WriteString("<" + e.Piece(v.hole).Label() + ">")
		default:
			b.WriteString(intervalString(v.lo, v.hi))
		}
	case KConst:
		b.WriteString(v.c.ExactString())
	case KNil:
		b.WriteString("nil")
	case KStruct:
		b.WriteString(shortName(v.name) + "{")
		for i, x := range v.elems {
			if i > 0 {
				b.WriteString(", ")
			}
			if v.typ != nil && i < len(v.typ.Fields) {
				b.WriteString(v.typ.Fields[i].Name + ": ")
			}
			e.render(b, x, h, false, visiting)
		}
		b.WriteString("}")
	case KSlice:
		b.WriteString("[")
		for i, it := range v.items {
			if i > 0 {
				b.WriteString(", ")
			}
			if it.self != 0 {
				b.WriteString("self" + strconv.Itoa(it.self) + "...")
				continue
			}
			e.render(b, it.V, h, false, visiting)
			for _, c := range it.Conds {
				b.WriteString("?" + strconv.Itoa(c))
			}
			if it.Rep {
				b.WriteString("*")
			}
		}
		b.WriteString("]")
	case KMap:
		b.WriteString("map[")
		for i, k := range v.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(k + ": ")
			e.render(b, v.elems[i], h, false, visiting)
		}
		b.WriteString("]")
	case KFunc:
		name := v.name
		if v.fn != nil {
			name = v.fn.Name
		}
		b.WriteString("func " + shortName(name))
		if len(v.elems) > 0 {
			b.WriteString("{")
			list(v.elems)
			b.WriteString("}")
		}
	case KPointer:
		b.WriteString("&")
		if v.cell == 0 {
			e.render(b, e.getPath(v.elems[0], v.path), h, false, visiting)
			return
		}
		if slices.Contains(visiting, v.cell) {
			b.WriteString("<cycle>")
			return
		}
		c, ok := h.get(v.cell)
		if !ok {
			b.WriteString("<" + e.cells[v.cell].desc + ">")
			return
		}
		e.render(b, e.getPath(c, v.path), h, false, append(visiting, v.cell))
	case KInterface:
		e.render(b, v.elems[0], h, top, visiting)
	case KApply:
		b.WriteString(shortName(v.name) + "(")
		list(v.elems)
		b.WriteString(")")
	case KTuple:
		b.WriteString("(")
		list(v.elems)
		b.WriteString(")")
	case KAlt:
		b.WriteString("alt(")
		for i, x := range v.elems {
			if i > 0 {
				b.WriteString(" | ")
			}
			e.render(b, x, h, false, visiting)
		}
		b.WriteString(")")
	case KTemplate:
		b.WriteString("template(" + v.tmpl.name + ")")
	case KCond:
		if c, neg := v.Cond(); neg {
			b.WriteString("!cond" + strconv.Itoa(c))
		} else {
			b.WriteString("cond" + strconv.Itoa(c))
		}
	case kSelf:
		b.WriteString("self" + strconv.Itoa(v.cell))
	}
}
