package querysite

import (
	"go/ast"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// Conditions on a lookup key. A wrapper whose text is one entry of a
// lookup table per key of its name parameter (goeval keysplit.go) carries
// one variant per key, each led by an empty parameter piece with keyEq;
// at each caller, instantiate keeps the variants whose key the argument
// can be and moves the entry's text to the key's expression.

// keyCondition resolves the condition piece p at a call with args: keep
// says whether the variant can hold (the argument is the constant p.keyEq,
// or a φ of constants including it); cond is the condition carried on to
// the caller's own parameter when the argument is one. known is false when
// the argument is neither: the entry is then not chosen for certain.
func (a *pkgAnalysis) keyCondition(p piece, args []ssa.Value, c *ctx) (cond texts, keep, known bool) {
	if p.param >= len(args) {
		return texts{}, false, false
	}
	v, vc := c.resolveBound(args[p.param])
	if vc == nil {
		vc = c
	}
	if k, ok := v.(*ssa.Const); ok {
		return single(), k.Value != nil && k.Value.ExactString() == p.keyEq, k.Value != nil
	}
	if keys, ok := constKeys(v); ok {
		return single(), keys[p.keyEq], true
	}
	if k := asParam(v, vc); k >= 0 && vc.top == c.top {
		q := p
		q.param = k
		return single(q), true, true
	}
	return texts{}, false, false
}

// constKeys returns the constants a φ (through captured variables) can
// take, when every edge is a constant.
func constKeys(v ssa.Value) (map[string]bool, bool) {
	for i := 0; i < 8; i++ {
		fv, ok := v.(*ssa.FreeVar)
		if !ok {
			break
		}
		b, _ := ssaval.FreeVarBinding(fv)
		if b == nil {
			return nil, false
		}
		v = b
	}
	phi, ok := v.(*ssa.Phi)
	if !ok {
		return nil, false
	}
	keys := map[string]bool{}
	var walk func(x ssa.Value, depth int) bool
	seen := map[*ssa.Phi]bool{}
	walk = func(x ssa.Value, depth int) bool {
		switch x := x.(type) {
		case *ssa.Const:
			if x.Value == nil {
				return false
			}
			keys[x.Value.ExactString()] = true
			return true
		case *ssa.Phi:
			if seen[x] {
				return true
			}
			if depth > 8 {
				return false
			}
			seen[x] = true
			for _, e := range x.Edges {
				if !walk(e, depth+1) {
					return false
				}
			}
			return true
		}
		return false
	}
	if !walk(phi, 0) || len(keys) == 0 {
		return nil, false
	}
	return keys, true
}

// atKey moves the entry text chosen at a call by a constant key to that
// key's expression (the query name the caller passes): the entry's
// literal pieces carry the position of the lookup call, which every key
// shares, while the constant says which query a finding is about. Only the
// pieces placed at the condition's own call move.
func atKey(v variant, cond piece, key ast.Expr) variant {
	if key == nil || !key.Pos().IsValid() {
		return v
	}
	out := make(variant, len(v))
	copy(out, v)
	for i := range out {
		if q := &out[i]; q.param < 0 && !q.exact && q.pos == cond.pos && q.end == cond.end {
			q.pos, q.end = key.Pos(), key.End()
		}
	}
	return out
}
