package goeval

import (
	"go/token"

	"github.com/ydblint/ydblint/internal/goeval/intrinsic"
	"github.com/ydblint/ydblint/internal/goeval/ir"
	"github.com/ydblint/ydblint/internal/goeval/value"
	"github.com/ydblint/ydblint/internal/strshape"
)

// A frame is the intrinsics' Host (package intrinsic): it answers for
// its Evaluator, at the instruction being interpreted.

func (fr *frame) Lit(text string, pos token.Pos, posString string, off int, exact bool) *strshape.Shape {
	return fr.e.lit(text, pos, posString, off, exact)
}
func (fr *frame) LitPlain(text string) *strshape.Shape { return fr.e.litPlain(text) }
func (fr *frame) Hole(kind value.HoleKind, key, desc, why string) *value.Value {
	return fr.e.hole(kind, key, desc, why)
}
func (fr *frame) HoleShape(kind value.HoleKind, key, desc, why string) *strshape.Shape {
	return fr.e.holeShape(kind, key, desc, why)
}
func (fr *frame) IntShape(v *value.Value, desc string) *strshape.Shape { return fr.e.intShape(v, desc) }
func (fr *frame) Spliced(s *strshape.Shape, in *ir.Instr, arg int) *strshape.Shape {
	if in == nil || !in.TokenPos().IsValid() || !fr.home() {
		return s
	}
	return fr.e.spliced(s, in.TokenPos(), arg)
}
func (fr *frame) MapShape(s *strshape.Shape, f func(*strshape.Shape) *strshape.Shape) *strshape.Shape {
	return fr.e.mapShape(s, f)
}
func (fr *frame) AltShapes(xs ...*strshape.Shape) *strshape.Shape { return fr.e.altShapes(xs...) }
func (fr *frame) StrValue(s *strshape.Shape) *value.Value         { return fr.e.strValue(s) }
func (fr *frame) ShapeOf(v *value.Value) *strshape.Shape          { return fr.e.shapeOf(v) }
func (fr *frame) Piece(r int) value.Piece                         { return fr.e.Piece(r) }
func (fr *frame) Cond(c int) value.Cond                           { return fr.e.Cond(c) }
func (fr *frame) InternCond(c value.Cond) int                     { return fr.e.t.InternCond(c) }
func (fr *frame) KeyOf(v *value.Value) string                     { return fr.e.t.Key(v) }
func (fr *frame) DerivedKey(name string, args []*value.Value) string {
	return fr.e.t.DerivedKey(name, args)
}
func (fr *frame) Limits() strshape.Limits                          { return fr.e.lim }
func (fr *frame) Variants() int                                    { return fr.e.b.Variants }
func (fr *frame) Join(a, b *value.Value) *value.Value              { return fr.e.join2(a, b, 0, 0) }
func (fr *frame) Equal(x, y *value.Value) *value.Value             { return fr.e.equal(x, y) }
func (fr *frame) Unop(op token.Token, x *value.Value) *value.Value { return fr.e.unop(op, x) }
func (fr *frame) Length(h *value.Heap, x *value.Value) *value.Value {
	return fr.e.length(fr, h, x)
}
func (fr *frame) NewCell(t *ir.Type, u *ir.Unit, desc string) int { return fr.e.newCell(t, u, desc) }
func (fr *frame) Load(h *value.Heap, p *value.Value) (*value.Value, *value.Heap) {
	return fr.load(h, p)
}
func (fr *frame) Store(h *value.Heap, p, v *value.Value) *value.Heap { return fr.store(h, p, v) }
func (fr *frame) Invalidate(h *value.Heap, args []*value.Value, why string) *value.Heap {
	return fr.invalidate(h, args, why)
}
func (fr *frame) Invoke(iface, method string, recv *value.Value, args []*value.Value, h *value.Heap, in *ir.Instr) (*value.Value, *value.Heap) {
	return fr.invoke(iface, method, recv, args, h, in)
}
func (fr *frame) CallFunc(fn *ir.Func, name string, args, free []*value.Value, h *value.Heap, in *ir.Instr) (*value.Value, *value.Heap) {
	return fr.callFunc(fn, name, args, free, h, in)
}
func (fr *frame) CanCall() bool { return fr.depth+1 <= fr.e.b.Depth }
func (fr *frame) MethodFunc(recv *value.Value, method string) *ir.Func {
	return fr.methodFunc(recv, method)
}
func (fr *frame) MethodName(recv *value.Value, method string) string {
	return fr.methodName(recv, method)
}
func (fr *frame) Lookup(name string) *ir.Func { return fr.e.lookup(name) }
func (fr *frame) Func() *ir.Func              { return fr.f }
func (fr *frame) Ctx() string                 { return fr.ctx }

// intrinsic runs the intrinsic named name, if there is one.
func (fr *frame) intrinsic(name string, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap, bool) {
	f, ok := intrinsic.Lookup(name)
	if !ok {
		return nil, nil, false
	}
	v, h2 := f(fr, in, args, h)
	return v, h2, true
}
