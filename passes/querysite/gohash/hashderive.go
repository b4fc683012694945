package gohash

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// hashDerived extends hashOf to values computed from a hash by arithmetic
// that keeps it a hash of the same input:
//
//   - a byte of a digest: b[0] of b := h.Sum(nil) or of md5.Sum(x);
//   - folding digest bytes into an integer: v += int64(b[i]); v <<= 8
//     (both operands derived from the same hash, or one a constant);
//   - sharding: crc32.ChecksumIEEE(x) % n, h & mask, h >> k (any right
//     operand: the result stays a function of x alone when n is fixed).
//
// It returns ok=false when v is not such a derivation.
func (d *Deriver) hashDerived(v ssa.Value, depth int) (string, string, bool) {
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return "", "", false
		}
		if ia, ok := x.X.(*ssa.IndexAddr); ok {
			return d.hashOf(ia.X, depth+1)
		}
	case *ssa.Index:
		return d.hashOf(x.X, depth+1)
	case *ssa.Phi:
		return d.hashPhi(x, depth)
	case *ssa.BinOp:
		switch x.Op {
		case token.REM, token.AND, token.SHR, token.QUO:
			return d.hashOf(x.X, depth+1)
		case token.SHL:
			if _, ok := ssaval.PeelConv(x.Y).(*ssa.Const); ok {
				return d.hashOf(x.X, depth+1)
			}
			return "", "", false
		case token.ADD, token.OR, token.XOR:
			xn, xo, xok := d.hashOrConst(x.X, depth+1)
			yn, yo, yok := d.hashOrConst(x.Y, depth+1)
			switch {
			case !xok || !yok:
				return "", "", false
			case xn == "":
				return yn, yo, yn != ""
			case yn == "":
				return xn, xo, true
			case xn == yn && xo == yo:
				return xn, xo, true
			}
		}
	}
	return "", "", false
}

// hashOrConst is hashOf that also accepts a constant (name "" and ok).
func (d *Deriver) hashOrConst(v ssa.Value, depth int) (string, string, bool) {
	if _, ok := ssaval.PeelConv(v).(*ssa.Const); ok {
		return "", "", true
	}
	return d.hashOf(v, depth)
}

// hashPhi is a loop folding digest bytes into an accumulator
// (for i := range 8 { v = v<<8 + int64(b[i]) }): every edge is a constant,
// the φ itself (the loop back edge, neutral while it is being evaluated)
// or derived from the same hash. Inside its own evaluation the φ answers
// ok with no name, which the arithmetic above treats like a constant.
func (d *Deriver) hashPhi(phi *ssa.Phi, depth int) (string, string, bool) {
	if d.visiting[phi] {
		return "", "", true
	}
	if d.visiting == nil {
		d.visiting = map[*ssa.Phi]bool{}
	}
	d.visiting[phi] = true
	defer delete(d.visiting, phi)
	name, origin := "", ""
	for _, e := range phi.Edges {
		n, o, ok := d.hashOrConst(e, depth+1)
		switch {
		case !ok:
			return "", "", false
		case n == "":
		case name == "":
			name, origin = n, o
		case n != name || o != origin:
			return "", "", false
		}
	}
	return name, origin, name != "" || len(d.visiting) > 1
}
