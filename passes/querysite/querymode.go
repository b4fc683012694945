package querysite

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// The database/sql driver takes the query mode from the call's context:
// ydb.WithQueryMode(ctx, ydb.ScanQueryMode) runs the text as a scan query,
// ExplainQueryMode only explains it. The context is traced back through
// local assignments, closures and the context-deriving functions of the
// standard library and the SDK (context.WithTimeout, ydb.WithTxControl, …).
// Anything else (a parameter, a field, a user function) ends the trace with
// no mode: the site is then judged as a data query, as before.

// sqlMode is what the context says about how the query runs.
type sqlMode struct {
	scan, explain bool
}

func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// sqlQueryMode traces a context value to the query mode set on it. At a φ
// the mode holds only when every incoming context has it: a query that runs
// as a data query on some path is judged as one.
func (a *pkgAnalysis) sqlQueryMode(v ssa.Value, c *ctx, depth int) sqlMode {
	if depth > maxDepth || v == nil {
		return sqlMode{}
	}
	switch v := v.(type) {
	case *ssa.MakeInterface:
		return a.sqlQueryMode(v.X, c, depth+1)
	case *ssa.ChangeType:
		return a.sqlQueryMode(v.X, c, depth+1)
	case *ssa.Extract:
		if v.Index == 0 {
			if call, ok := v.Tuple.(*ssa.Call); ok {
				return a.contextCallMode(call, c, depth)
			}
		}
	case *ssa.Call:
		return a.contextCallMode(v, c, depth)
	case *ssa.UnOp:
		if alloc, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			if st := ssaval.SingleStore(alloc); st != nil {
				return a.sqlQueryMode(st, c, depth+1)
			}
		}
		if fv, ok := v.X.(*ssa.FreeVar); ok && v.Op == token.MUL {
			if b, _ := freeVarBinding(fv); b != nil {
				if alloc, ok := b.(*ssa.Alloc); ok {
					if st := ssaval.SingleStore(alloc); st != nil {
						return a.sqlQueryMode(st, c, depth+1)
					}
				}
			}
		}
	case *ssa.FreeVar:
		if b, _ := freeVarBinding(v); b != nil {
			return a.sqlQueryMode(b, c, depth+1)
		}
	case *ssa.Phi:
		if c.visiting == nil {
			c.visiting = map[ssa.Value]bool{}
		}
		if c.visiting[v] || len(v.Edges) == 0 {
			return sqlMode{}
		}
		c.visiting[v] = true
		defer delete(c.visiting, v)
		out := sqlMode{scan: true, explain: true}
		for _, e := range v.Edges {
			m := a.sqlQueryMode(e, c, depth+1)
			out.scan = out.scan && m.scan
			out.explain = out.explain && m.explain
		}
		return out
	}
	return sqlMode{}
}

// contextCallMode reads the mode of a context returned by a call.
func (a *pkgAnalysis) contextCallMode(call *ssa.Call, c *ctx, depth int) sqlMode {
	common := call.Common()
	callee := common.StaticCallee()
	if callee == nil || common.IsInvoke() || len(common.Args) == 0 {
		return sqlMode{}
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || callee.Signature.Recv() != nil {
		return sqlMode{}
	}
	pkg := obj.Pkg().Path()
	if !(pkg == "context" || sdk.InSDK(pkg)) || !isContext(common.Args[0].Type()) || !returnsContext(callee.Signature) {
		return sqlMode{}
	}
	inner := a.sqlQueryMode(common.Args[0], c, depth+1)
	if id, _ := sdk.IdentityOf(obj); id != sdk.WithQueryMode || len(common.Args) != 2 {
		return inner // derived contexts keep the values of their parent
	}
	switch effect, isConst := a.queryModeEffect(common.Args[1]); {
	case !isConst:
		// Not a constant: the mode is unknown, so is whether it scans.
		return sqlMode{explain: inner.explain}
	case effect == sdk.QueryModeScan:
		return sqlMode{scan: true, explain: inner.explain}
	case effect == sdk.QueryModeExplain:
		// The SDK keeps explain apart from the table query mode.
		return sqlMode{scan: inner.scan, explain: true}
	case effect == sdk.QueryModeNotScan:
		return sqlMode{explain: inner.explain}
	}
	return inner // other modes leave the context as it was
}

func returnsContext(sig *types.Signature) bool {
	r := sig.Results()
	return r.Len() > 0 && isContext(r.At(0).Type())
}

// queryModeEffect returns what the ydb.QueryMode constant v does
// (QueryModeKept for a value none of sdk.QueryModes has); false when v is
// not a constant.
func (a *pkgAnalysis) queryModeEffect(v ssa.Value) (sdk.QueryModeEffect, bool) {
	k, ok := ssaval.Peel(v).(*ssa.Const)
	if !ok || k.Value == nil {
		return sdk.QueryModeKept, false
	}
	pkg := a.findPackage(sdk.PkgYDB)
	if pkg == nil {
		return sdk.QueryModeKept, false
	}
	for _, m := range sdk.QueryModes {
		if c, ok := pkg.Scope().Lookup(m.Const).(*types.Const); ok && constant.Compare(c.Val(), token.EQL, k.Value) {
			return m.Effect, true
		}
	}
	return sdk.QueryModeKept, true
}
