package value

import (
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
