package goeval

import (
	"go/token"
	"strconv"

	"github.com/ydblint/ydblint/internal/goeval/value"
	"github.com/ydblint/ydblint/internal/strshape"
)

// Piece returns the piece with ref r (a strshape Ref or Value.Hole). The
// hole strshape makes when it widens a shape (ref -1) reads as ref 0.
func (e *Evaluator) Piece(r int) value.Piece {
	return e.t.Piece(r)
}

// Cond returns the condition with id c.
func (e *Evaluator) Cond(c int) value.Cond {
	return e.t.Cond(c)
}

// piece interns p, stamped with the instruction being interpreted
// (Piece.Src) when p is a hole or synthesised text and has no Src yet.
func (e *Evaluator) piece(p value.Piece) int {
	if !p.Src.IsValid() && p.SrcString == "" && (p.Hole || !p.Pos.IsValid() && p.PosString == "") {
		p.Src, p.SrcString = e.at, e.atString
	}
	if !p.Hole && e.foreign {
		// Text of another package's code (a constant, a piece of a
		// format): placed, for a consumer that reads only its own
		// package's source, at the home call that reached it.
		p.Src = e.local
	}
	return e.t.Intern(p)
}

// hole makes an unknown value.
func (e *Evaluator) hole(kind value.HoleKind, key, desc, why string) *value.Value {
	return value.Unknown(e.piece(value.Piece{Hole: true, Kind: kind, Key: key, Desc: desc, Why: why}))
}

// holeShape is a hole as a shape.
func (e *Evaluator) holeShape(kind value.HoleKind, key, desc, why string) *strshape.Shape {
	return strshape.Hole(e.piece(value.Piece{Hole: true, Kind: kind, Key: key, Desc: desc, Why: why}))
}

// bounded is a hole saying which bound was hit.
func (e *Evaluator) bounded(why string) *value.Value { return e.hole(value.HoleBound, "", why, why) }

// lit makes a literal shape piece.
func (e *Evaluator) lit(text string, pos token.Pos, posString string, off int, exact bool) *strshape.Shape {
	if text == "" {
		return strshape.Empty()
	}
	return strshape.Lit(text, e.piece(value.Piece{Text: text, Pos: pos, PosString: posString, Off: off, Exact: exact}))
}

// litPlain is literal text made by the evaluator (a formatted number, a
// separator), with no position.
func (e *Evaluator) litPlain(text string) *strshape.Shape {
	return e.lit(text, token.NoPos, "", 0, false)
}

// intShape is an integer printed in decimal: its digits when it is a
// constant, else a hole keyed by its identity and carrying its interval.
func (e *Evaluator) intShape(v *value.Value, desc string) *strshape.Shape {
	if v.Lo() == v.Hi() && v.Lo() != value.NegInf && v.Lo() != value.PosInf {
		return e.litPlain(strconv.FormatInt(v.Lo(), 10))
	}
	p := value.Piece{Hole: true, Kind: value.HoleRuntime, Key: e.t.Key(v), Desc: desc, Why: "integer not known"}
	if v.Hole() != 0 {
		q := e.Piece(v.Hole())
		p.Src, p.SrcString = q.Src, q.SrcString // where the integer comes from
		if q.Kind == value.HoleParam {
			p.Kind, p.Desc, p.Param, p.Why, p.Deref = value.HoleParam, q.Desc, q.Param, q.Why, q.Deref
		}
	}
	if v.Lo() != value.NegInf || v.Hi() != value.PosInf {
		p.Ranged, p.Lo, p.Hi = true, v.Lo(), v.Hi()
	}
	return strshape.Hole(e.piece(p))
}

// spliced places the holes of s that stand for the whole argument (s
// itself, or an alternative of s) at argument arg of the call at pos: a
// copy of each with At and Arg set, the same value by identity.
func (e *Evaluator) spliced(s *strshape.Shape, pos token.Pos, arg int) *strshape.Shape {
	switch s.Kind {
	case strshape.KindHole:
		p := e.Piece(s.Ref)
		if s.Ref <= 0 || !p.Hole || p.Kind == value.HoleSelf || p.Kind == value.HoleKeyEq || p.At.IsValid() {
			return s
		}
		p.At, p.Arg = pos, arg+1
		r := e.t.Intern(p)
		if fref, ok := e.fieldHoles[s.Ref]; ok {
			e.fieldHoles[r] = fref
		}
		return strshape.Hole(r)
	case strshape.KindAlt:
		parts := make([]*strshape.Shape, len(s.Parts))
		changed := false
		for i, q := range s.Parts {
			parts[i] = e.spliced(q, pos, arg)
			changed = changed || parts[i] != q
		}
		if changed {
			return e.altShapes(parts...)
		}
	}
	return s
}
