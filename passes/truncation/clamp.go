package truncation

import (
	"go/constant"
	"go/token"
	"go/types"
	"math"

	"golang.org/x/tools/go/ssa"
)

// This file bounds the Go integer bound to a LIMIT parameter: a constant,
// a value clamped on the way (`if n > 100 { n = 100 }`, `min(n, 100)`,
// an early return on `n > 100`), or a small integer type. Anything else is
// unknown.

// interval is a closed range of integers; lo/hi are math.MinInt64 /
// math.MaxInt64 when unknown.
type interval struct{ lo, hi int64 }

var whole = interval{math.MinInt64, math.MaxInt64}

func (a interval) join(b interval) interval {
	return interval{min(a.lo, b.lo), max(a.hi, b.hi)}
}

func (a interval) meet(b interval) interval {
	return interval{max(a.lo, b.lo), min(a.hi, b.hi)}
}

const maxClampDepth = 12

// upperBound returns the largest value v can hold where block at uses it.
func upperBound(v ssa.Value, at *ssa.BasicBlock) (int64, bool) {
	iv := rangeOf(v, at, 0, map[ssa.Value]bool{})
	if iv.hi == math.MaxInt64 {
		return 0, false
	}
	return iv.hi, true
}

// rangeOf is the interval of v where block at uses it.
func rangeOf(v ssa.Value, at *ssa.BasicBlock, depth int, visiting map[ssa.Value]bool) interval {
	if depth > maxClampDepth || visiting[v] {
		return typeRange(v.Type())
	}
	visiting[v] = true
	defer delete(visiting, v)
	iv := typeRange(v.Type())
	switch x := v.(type) {
	case *ssa.Const:
		if n, ok := constInt(x); ok {
			return interval{n, n}
		}
		return iv
	case *ssa.Convert:
		src := rangeOf(x.X, at, depth+1, visiting)
		dst := typeRange(x.Type())
		if src.lo < dst.lo || src.hi > dst.hi {
			return dst // may wrap (a negative int to uint64): only the type's range
		}
		return src
	case *ssa.ChangeType:
		return rangeOf(x.X, at, depth+1, visiting)
	case *ssa.MakeInterface:
		return rangeOf(x.X, at, depth+1, visiting)
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "min" && len(x.Call.Args) > 0 {
			out := interval{math.MaxInt64, math.MaxInt64}
			lo := int64(math.MaxInt64)
			for _, a := range x.Call.Args {
				r := rangeOf(a, at, depth+1, visiting)
				out.hi = min(out.hi, r.hi)
				lo = min(lo, r.lo)
			}
			out.lo = lo
			return iv.meet(out)
		}
	case *ssa.Phi:
		var out interval
		for i, e := range x.Edges {
			if i >= len(x.Block().Preds) {
				return iv
			}
			pred := x.Block().Preds[i]
			r := rangeOf(e, pred, depth+1, visiting)
			r = r.meet(edgeGuard(e, pred, x.Block()))
			if i == 0 {
				out = r
			} else {
				out = out.join(r)
			}
		}
		iv = iv.meet(out)
	}
	if at != nil {
		iv = iv.meet(dominatingGuards(v, at))
	}
	return iv
}

// edgeGuard is what the If ending pred says about v on the edge to succ.
func edgeGuard(v ssa.Value, pred, succ *ssa.BasicBlock) interval {
	if len(pred.Succs) != 2 || pred.Succs[0] == pred.Succs[1] {
		return whole
	}
	cond, ok := ifCond(pred)
	if !ok {
		return whole
	}
	return guard(v, cond, succ == pred.Succs[0])
}

// dominatingGuards meets the conditions of every If whose branch dominates
// block at.
func dominatingGuards(v ssa.Value, at *ssa.BasicBlock) interval {
	iv := whole
	cur := at
	for steps := 0; steps < 64 && cur != nil; steps++ {
		d := cur.Idom()
		if d == nil {
			break
		}
		if len(d.Succs) == 2 && d.Succs[0] != d.Succs[1] {
			if cond, ok := ifCond(d); ok {
				t, f := d.Succs[0].Dominates(at), d.Succs[1].Dominates(at)
				if t != f {
					iv = iv.meet(guard(v, cond, t))
				}
			}
		}
		cur = d
	}
	return iv
}

func ifCond(b *ssa.BasicBlock) (*ssa.BinOp, bool) {
	if len(b.Instrs) == 0 {
		return nil, false
	}
	iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil, false
	}
	bin, ok := iff.Cond.(*ssa.BinOp)
	return bin, ok
}

// guard is what `cond == taken` says about v.
func guard(v ssa.Value, cond *ssa.BinOp, taken bool) interval {
	op := cond.Op
	var c ssa.Value
	switch {
	case sameValue(cond.X, v):
		c = cond.Y
	case sameValue(cond.Y, v):
		c = cond.X
		op = flip(op)
	default:
		return whole
	}
	k, ok := c.(*ssa.Const)
	if !ok {
		return whole
	}
	n, ok := constInt(k)
	if !ok {
		return whole
	}
	if !taken {
		op = negate(op)
	}
	switch op {
	case token.LSS:
		if n == math.MinInt64 {
			return whole
		}
		return interval{math.MinInt64, n - 1}
	case token.LEQ:
		return interval{math.MinInt64, n}
	case token.GTR:
		if n == math.MaxInt64 {
			return whole
		}
		return interval{n + 1, math.MaxInt64}
	case token.GEQ:
		return interval{n, math.MaxInt64}
	case token.EQL:
		return interval{n, n}
	}
	return whole
}

// sameValue: a and b are the same SSA value, or one converts the other
// without changing it (a comparison on int(n) guards n).
func sameValue(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	if ct, ok := a.(*ssa.ChangeType); ok && ct.X == b {
		return true
	}
	if ct, ok := b.(*ssa.ChangeType); ok && ct.X == a {
		return true
	}
	return false
}

// flip turns `c op v` into `v op' c`.
func flip(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.LEQ:
		return token.GEQ
	case token.GTR:
		return token.LSS
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// negate is the operator of the false branch.
func negate(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GEQ
	case token.LEQ:
		return token.GTR
	case token.GTR:
		return token.LEQ
	case token.GEQ:
		return token.LSS
	case token.EQL:
		return token.NEQ
	case token.NEQ:
		return token.EQL
	}
	return token.ILLEGAL
}

func constInt(c *ssa.Const) (int64, bool) {
	if c.Value == nil || c.Value.Kind() != constant.Int {
		return 0, false
	}
	n, exact := constant.Int64Val(c.Value)
	return n, exact
}

// typeRange is the range of an integer type; whole for anything else.
func typeRange(t types.Type) interval {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return whole
	}
	switch b.Kind() {
	case types.Int8:
		return interval{math.MinInt8, math.MaxInt8}
	case types.Int16:
		return interval{math.MinInt16, math.MaxInt16}
	case types.Int32:
		return interval{math.MinInt32, math.MaxInt32}
	case types.Uint8:
		return interval{0, math.MaxUint8}
	case types.Uint16:
		return interval{0, math.MaxUint16}
	case types.Uint32:
		return interval{0, math.MaxUint32}
	case types.Uint, types.Uint64, types.Uintptr:
		return interval{0, math.MaxInt64} // the top half is not tracked
	}
	return whole
}
