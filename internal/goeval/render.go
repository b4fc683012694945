package goeval

import (
	"slices"
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/goeval/value"
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
	e.t.WriteShape(&b, s)
	return b.String()
}

func (e *Evaluator) render(b *strings.Builder, v *value.Value, h *value.Heap, top bool, visiting []int) {
	if v == nil {
		b.WriteString("<nil value>")
		return
	}
	list := func(vs []*value.Value) {
		for i, x := range vs {
			if i > 0 {
				b.WriteString(", ")
			}
			e.render(b, x, h, false, visiting)
		}
	}
	switch v.Kind() {
	case value.KUnknown:
		b.WriteString("<" + e.Piece(v.Hole()).Label() + ">")
	case value.KString:
		if top {
			e.t.WriteShape(b, v.Shape())
			return
		}
		b.WriteString(`"`)
		e.t.WriteShape(b, v.Shape())
		b.WriteString(`"`)
	case value.KInt:
		switch {
		case v.Lo() == v.Hi():
			b.WriteString(strconv.FormatInt(v.Lo(), 10))
		case v.Lo() == value.NegInf && v.Hi() == value.PosInf && v.Hole() != 0:
			b.WriteString("<" + e.Piece(v.Hole()).Label() + ">")
		default:
			b.WriteString(value.IntervalString(v.Lo(), v.Hi()))
		}
	case value.KConst:
		b.WriteString(v.Constant().ExactString())
	case value.KNil:
		b.WriteString("nil")
	case value.KStruct:
		b.WriteString(value.ShortName(v.Ident()) + "{")
		for i, x := range v.Elems() {
			if i > 0 {
				b.WriteString(", ")
			}
			if v.Type() != nil && i < len(v.Type().Fields) {
				b.WriteString(v.Type().Fields[i].Name + ": ")
			}
			e.render(b, x, h, false, visiting)
		}
		b.WriteString("}")
	case value.KSlice:
		b.WriteString("[")
		for i, it := range v.Items() {
			if i > 0 {
				b.WriteString(", ")
			}
			if it.Self != 0 {
				b.WriteString("self" + strconv.Itoa(it.Self) + "...")
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
	case value.KMap:
		b.WriteString("map[")
		for i, k := range v.Keys() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(k + ": ")
			e.render(b, v.Elems()[i], h, false, visiting)
		}
		b.WriteString("]")
	case value.KFunc:
		name := v.Ident()
		if v.Fn() != nil {
			name = v.Fn().Name
		}
		b.WriteString("func " + value.ShortName(name))
		if len(v.Elems()) > 0 {
			b.WriteString("{")
			list(v.Elems())
			b.WriteString("}")
		}
	case value.KPointer:
		b.WriteString("&")
		if v.Cell() == 0 {
			e.render(b, e.getPath(v.Elems()[0], v.Path()), h, false, visiting)
			return
		}
		if slices.Contains(visiting, v.Cell()) {
			b.WriteString("<cycle>")
			return
		}
		c, ok := h.Get(v.Cell())
		if !ok {
			b.WriteString("<" + e.cells[v.Cell()].desc + ">")
			return
		}
		e.render(b, e.getPath(c, v.Path()), h, false, append(visiting, v.Cell()))
	case value.KInterface:
		e.render(b, v.Elems()[0], h, top, visiting)
	case value.KApply:
		b.WriteString(value.ShortName(v.Ident()) + "(")
		list(v.Elems())
		b.WriteString(")")
	case value.KTuple:
		b.WriteString("(")
		list(v.Elems())
		b.WriteString(")")
	case value.KAlt:
		b.WriteString("alt(")
		for i, x := range v.Elems() {
			if i > 0 {
				b.WriteString(" | ")
			}
			e.render(b, x, h, false, visiting)
		}
		b.WriteString(")")
	case value.KTemplate:
		b.WriteString("template(" + v.Template().Name + ")")
	case value.KCond:
		if c, neg := v.Cond(); neg {
			b.WriteString("!cond" + strconv.Itoa(c))
		} else {
			b.WriteString("cond" + strconv.Itoa(c))
		}
	case value.KSelf:
		b.WriteString("self" + strconv.Itoa(v.Cell()))
	}
}
