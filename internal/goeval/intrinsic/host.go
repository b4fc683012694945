package intrinsic

import (
	"go/token"

	"github.com/ydblint/ydblint/internal/goeval/ir"
	"github.com/ydblint/ydblint/internal/goeval/value"
	"github.com/ydblint/ydblint/internal/strshape"
)

// Host is the evaluator running an intrinsic, at the call being
// interpreted: pieces made through it carry that call as where they were
// made (value.Piece.Src), and the calls it makes back (a String method,
// an io.Writer's Write, a template's method) are interpreted in its frame.
type Host interface {
	// Pieces and shapes, within the evaluator's bounds.
	Lit(text string, pos token.Pos, posString string, off int, exact bool) *strshape.Shape
	LitPlain(text string) *strshape.Shape
	Hole(kind value.HoleKind, key, desc, why string) *value.Value
	HoleShape(kind value.HoleKind, key, desc, why string) *strshape.Shape
	IntShape(v *value.Value, desc string) *strshape.Shape
	// Spliced places the holes of s, the text printed for argument arg of
	// the call in, at that argument (value.Piece.At and Arg) when the call
	// is code of the home package; else s.
	Spliced(s *strshape.Shape, in *ir.Instr, arg int) *strshape.Shape
	MapShape(s *strshape.Shape, f func(*strshape.Shape) *strshape.Shape) *strshape.Shape
	AltShapes(xs ...*strshape.Shape) *strshape.Shape
	StrValue(s *strshape.Shape) *value.Value
	ShapeOf(v *value.Value) *strshape.Shape
	Piece(r int) value.Piece
	Cond(c int) value.Cond
	InternCond(c value.Cond) int
	KeyOf(v *value.Value) string
	DerivedKey(name string, args []*value.Value) string
	Limits() strshape.Limits
	Variants() int

	// Operations of the interpreter. Join is a or b, from paths nothing
	// is known about.
	Join(a, b *value.Value) *value.Value
	Equal(x, y *value.Value) *value.Value
	Unop(op token.Token, x *value.Value) *value.Value
	Length(h *value.Heap, x *value.Value) *value.Value

	// Memory and calls.
	NewCell(t *ir.Type, u *ir.Unit, desc string) int
	Load(h *value.Heap, p *value.Value) (*value.Value, *value.Heap)
	Store(h *value.Heap, p, v *value.Value) *value.Heap
	Invalidate(h *value.Heap, args []*value.Value, why string) *value.Heap
	Invoke(iface, method string, recv *value.Value, args []*value.Value, h *value.Heap, in *ir.Instr) (*value.Value, *value.Heap)
	CallFunc(fn *ir.Func, name string, args, free []*value.Value, h *value.Heap, in *ir.Instr) (*value.Value, *value.Heap)
	// CanCall reports whether a call from here is within the depth bound.
	CanCall() bool
	MethodFunc(recv *value.Value, method string) *ir.Func
	MethodName(recv *value.Value, method string) string
	Lookup(name string) *ir.Func

	// Func is the function being interpreted and Ctx its calling context
	// (which distinguishes conditions made in different contexts).
	Func() *ir.Func
	Ctx() string
}
