package value

import (
	"slices"
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/strshape"
)

// WriteShape writes s to b as tests and debugging read it: literal text,
// <label> for a hole (Piece.Label), (a|b) for alternatives, [x]?N for x
// optional under condition N, {x}* for repetition, join(items; sep).
func (t *Tables) WriteShape(b *strings.Builder, s *strshape.Shape) {
	switch s.Kind {
	case strshape.KindLit:
		b.WriteString(s.Text)
	case strshape.KindHole:
		b.WriteString("<" + t.Piece(s.Ref).Label() + ">")
	case strshape.KindCat:
		for _, p := range s.Parts {
			t.WriteShape(b, p)
		}
	case strshape.KindAlt:
		b.WriteString("(")
		for i, p := range s.Parts {
			if i > 0 {
				b.WriteString("|")
			}
			t.WriteShape(b, p)
		}
		b.WriteString(")")
	case strshape.KindOpt:
		b.WriteString("[")
		t.WriteShape(b, s.Parts[0])
		b.WriteString("]?" + strconv.Itoa(s.Cond))
	case strshape.KindRep:
		b.WriteString("{")
		t.WriteShape(b, s.Parts[0])
		b.WriteString("}*")
	case strshape.KindJoin:
		b.WriteString("join(")
		n := len(s.Parts) - 1
		for i, p := range s.Parts[:n] {
			if i > 0 {
				b.WriteString(", ")
			}
			t.WriteShape(b, p)
		}
		b.WriteString("; ")
		t.WriteShape(b, s.Parts[n])
		b.WriteString(")")
	}
}

// Renderer writes values the way goeval's tests and debugging read them
// (goeval/render.go has the legend). The evaluator supplies what it owns:
// the part of a value at a path, and a cell's description.
type Renderer struct {
	T        *Tables
	Path     func(v *Value, path []int) *Value
	CellDesc func(cell int) string
}

// Write renders v with the memory h; top: a string is written without
// quotes.
func (r Renderer) Write(b *strings.Builder, v *Value, h *Heap, top bool) {
	r.write(b, v, h, top, nil)
}

func (r Renderer) write(b *strings.Builder, v *Value, h *Heap, top bool, visiting []int) {
	if v == nil {
		b.WriteString("<nil value>")
		return
	}
	list := func(vs []*Value) {
		for i, x := range vs {
			if i > 0 {
				b.WriteString(", ")
			}
			r.write(b, x, h, false, visiting)
		}
	}
	switch v.Kind() {
	case KUnknown:
		b.WriteString("<" + r.T.Piece(v.Hole()).Label() + ">")
	case KString:
		if top {
			r.T.WriteShape(b, v.Shape())
			return
		}
		b.WriteString(`"`)
		r.T.WriteShape(b, v.Shape())
		b.WriteString(`"`)
	case KInt:
		switch {
		case v.Lo() == v.Hi():
			b.WriteString(strconv.FormatInt(v.Lo(), 10))
		case v.Lo() == NegInf && v.Hi() == PosInf && v.Hole() != 0:
			b.WriteString("<" + r.T.Piece(v.Hole()).Label() + ">")
		default:
			b.WriteString(IntervalString(v.Lo(), v.Hi()))
		}
	case KConst:
		b.WriteString(v.Constant().ExactString())
	case KNil:
		b.WriteString("nil")
	case KStruct:
		b.WriteString(ShortName(v.Ident()) + "{")
		for i, x := range v.Elems() {
			if i > 0 {
				b.WriteString(", ")
			}
			if v.Type() != nil && i < len(v.Type().Fields) {
				b.WriteString(v.Type().Fields[i].Name + ": ")
			}
			r.write(b, x, h, false, visiting)
		}
		b.WriteString("}")
	case KSlice:
		b.WriteString("[")
		for i, it := range v.Items() {
			if i > 0 {
				b.WriteString(", ")
			}
			if it.Self != 0 {
				b.WriteString("self" + strconv.Itoa(it.Self) + "...")
				continue
			}
			r.write(b, it.V, h, false, visiting)
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
		for i, k := range v.Keys() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(k + ": ")
			r.write(b, v.Elems()[i], h, false, visiting)
		}
		b.WriteString("]")
	case KFunc:
		name := v.Ident()
		if v.Fn() != nil {
			name = v.Fn().Name
		}
		b.WriteString("func " + ShortName(name))
		if len(v.Elems()) > 0 {
			b.WriteString("{")
			list(v.Elems())
			b.WriteString("}")
		}
	case KPointer:
		b.WriteString("&")
		if v.Cell() == 0 {
			r.write(b, r.Path(v.Elems()[0], v.Path()), h, false, visiting)
			return
		}
		if slices.Contains(visiting, v.Cell()) {
			b.WriteString("<cycle>")
			return
		}
		c, ok := h.Get(v.Cell())
		if !ok {
			b.WriteString("<" + r.CellDesc(v.Cell()) + ">")
			return
		}
		r.write(b, r.Path(c, v.Path()), h, false, append(visiting, v.Cell()))
	case KInterface:
		r.write(b, v.Elems()[0], h, top, visiting)
	case KApply:
		b.WriteString(ShortName(v.Ident()) + "(")
		list(v.Elems())
		b.WriteString(")")
	case KTuple:
		b.WriteString("(")
		list(v.Elems())
		b.WriteString(")")
	case KAlt:
		b.WriteString("alt(")
		for i, x := range v.Elems() {
			if i > 0 {
				b.WriteString(" | ")
			}
			r.write(b, x, h, false, visiting)
		}
		b.WriteString(")")
	case KTemplate:
		b.WriteString("template(" + v.Template().Name + ")")
	case KCond:
		if c, neg := v.Cond(); neg {
			b.WriteString("!cond" + strconv.Itoa(c))
		} else {
			b.WriteString("cond" + strconv.Itoa(c))
		}
	case KSelf:
		b.WriteString("self" + strconv.Itoa(v.Cell()))
	}
}
