package value

import (
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/strshape"
)

// Key returns a stable identity of v for derived keys: its hole's key,
// its constant, "" when it has none.
func (t *Tables) Key(v *Value) string {
	switch v.Kind() {
	case KUnknown:
		return t.Piece(v.Hole()).Key
	case KInt:
		if v.Lo() == v.Hi() {
			return strconv.FormatInt(v.Lo(), 10)
		}
		if v.Hole() != 0 {
			return t.Piece(v.Hole()).Key
		}
	case KConst:
		return v.Constant().ExactString()
	case KNil:
		return "nil"
	case KString:
		if s, ok := LitText(v.Shape()); ok {
			return strconv.Quote(s)
		}
		if v.Shape().Kind == strshape.KindHole {
			return t.Piece(v.Shape().Ref).Key
		}
	case KInterface:
		return t.Key(v.Elems()[0])
	case KApply:
		return t.DerivedKey(v.Ident(), v.Elems())
	}
	return ""
}

// DerivedKey is the key of the result of the function name applied to
// args, when every argument has one: the same function of the same values
// gives the same key, wherever it is called.
func (t *Tables) DerivedKey(name string, args []*Value) string {
	if t.Stable != nil && t.Stable(name) {
		return "call:" + name + "()"
	}
	ks := make([]string, len(args))
	for i, a := range args {
		k := t.Key(a)
		if k == "" {
			return ""
		}
		ks[i] = k
	}
	return "call:" + name + "(" + strings.Join(ks, ",") + ")"
}
