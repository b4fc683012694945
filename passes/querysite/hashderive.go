package querysite

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
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
func (a *pkgAnalysis) hashDerived(v ssa.Value, depth int) (string, string, bool) {
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return "", "", false
		}
		if ia, ok := x.X.(*ssa.IndexAddr); ok {
			return a.hashOf(ia.X, depth+1)
		}
	case *ssa.Index:
		return a.hashOf(x.X, depth+1)
	case *ssa.Phi:
		return a.hashPhi(x, depth)
	case *ssa.BinOp:
		switch x.Op {
		case token.REM, token.AND, token.SHR, token.QUO:
			return a.hashOf(x.X, depth+1)
		case token.SHL:
			if _, ok := peelConv(x.Y).(*ssa.Const); ok {
				return a.hashOf(x.X, depth+1)
			}
			return "", "", false
		case token.ADD, token.OR, token.XOR:
			xn, xo, xok := a.hashOrConst(x.X, depth+1)
			yn, yo, yok := a.hashOrConst(x.Y, depth+1)
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
func (a *pkgAnalysis) hashOrConst(v ssa.Value, depth int) (string, string, bool) {
	if _, ok := peelConv(v).(*ssa.Const); ok {
		return "", "", true
	}
	return a.hashOf(v, depth)
}

// hashPhi is a loop folding digest bytes into an accumulator
// (for i := range 8 { v = v<<8 + int64(b[i]) }): every edge is a constant,
// the φ itself (the loop back edge, neutral while it is being evaluated)
// or derived from the same hash. Inside its own evaluation the φ answers
// ok with no name, which the arithmetic above treats like a constant.
func (a *pkgAnalysis) hashPhi(phi *ssa.Phi, depth int) (string, string, bool) {
	if a.hashVisiting[phi] {
		return "", "", true
	}
	if a.hashVisiting == nil {
		a.hashVisiting = map[*ssa.Phi]bool{}
	}
	a.hashVisiting[phi] = true
	defer delete(a.hashVisiting, phi)
	name, origin := "", ""
	for _, e := range phi.Edges {
		n, o, ok := a.hashOrConst(e, depth+1)
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
	return name, origin, name != "" || len(a.hashVisiting) > 1
}
