package querysite

import (
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// origin is a stable identity of a Go value within its function.
func (a *pkgAnalysis) origin(v ssa.Value) string {
	v = ssaval.PeelConv(v)
	switch x := v.(type) {
	case *ssa.Parameter:
		return "param:" + x.Name()
	case *ssa.FreeVar:
		if b, _ := ssaval.FreeVarBinding(x); b != nil {
			return a.origin(b)
		}
		return "param:" + x.Name()
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if alloc, ok := x.X.(*ssa.Alloc); ok {
				if val := ssaval.SingleStore(alloc); val != nil {
					return a.origin(val)
				}
				if val := a.cells.Value(alloc); val != nil {
					return a.origin(val)
				}
			}
			if alloc := a.cells.Aliased(x.X); alloc != nil {
				if val := a.cells.Value(alloc); val != nil {
					return a.origin(val)
				}
			}
			if fv, ok := x.X.(*ssa.FreeVar); ok {
				if b, _ := ssaval.FreeVarBinding(fv); b != nil {
					if alloc, ok := b.(*ssa.Alloc); ok {
						if val := ssaval.SingleStore(alloc); val != nil {
							return a.origin(val)
						}
					}
				}
			}
		}
	case *ssa.Call:
		if k, _ := valueKey(x); k != "" {
			return k
		}
		return "call@" + a.posString(x.Pos())
	case *ssa.Extract:
		// One result of a multi-value call: dir, name := p.DirAndName().
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return "call@" + a.posString(call.Pos()) + "#" + strconv.Itoa(x.Index)
		}
	}
	if k, _ := valueKey(v); k != "" {
		return k
	}
	return ""
}

func (a *pkgAnalysis) desc(v ssa.Value) string {
	if call, ok := v.(*ssa.Call); ok {
		if ce := a.src.Call(call.Pos()); ce != nil {
			s := types.ExprString(ce)
			if len(s) > 80 {
				s = s[:77] + "..."
			}
			return s
		}
	}
	if _, d := valueKey(v); d != "" {
		return d
	}
	return ""
}
