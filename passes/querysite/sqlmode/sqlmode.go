package sqlmode

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// Mode is what the context says about how the query runs.
type Mode struct {
	Scan, Explain bool
}

// Host is the pass as sqlmode sees it: the packages the analysed package
// imports, directly or not, by path (the SDK's ydb package names the
// QueryMode constants).
type Host interface {
	FindPackage(path string) *types.Package
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// Of traces the context value v to the query mode set on it. visiting is
// the caller's set of φs the trace is inside (made at the first φ when
// nil), maxDepth its recursion bound.
func Of(h Host, v ssa.Value, visiting *map[ssa.Value]bool, maxDepth int) Mode {
	t := tracer{h: h, visiting: visiting, maxDepth: maxDepth}
	return t.mode(v, 0)
}

// tracer is one trace's state: the caller's φ set and bound.
type tracer struct {
	h        Host
	visiting *map[ssa.Value]bool
	maxDepth int
}

// mode traces a context value to the query mode set on it. At a φ the
// mode holds only when every incoming context has it: a query that runs as
// a data query on some path is judged as one.
func (t tracer) mode(v ssa.Value, depth int) Mode {
	if depth > t.maxDepth || v == nil {
		return Mode{}
	}
	switch v := v.(type) {
	case *ssa.MakeInterface:
		return t.mode(v.X, depth+1)
	case *ssa.ChangeType:
		return t.mode(v.X, depth+1)
	case *ssa.Extract:
		if v.Index == 0 {
			if call, ok := v.Tuple.(*ssa.Call); ok {
				return t.contextCallMode(call, depth)
			}
		}
	case *ssa.Call:
		return t.contextCallMode(v, depth)
	case *ssa.UnOp:
		if alloc, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			if st := ssaval.SingleStore(alloc); st != nil {
				return t.mode(st, depth+1)
			}
		}
		if fv, ok := v.X.(*ssa.FreeVar); ok && v.Op == token.MUL {
			if b, _ := ssaval.FreeVarBinding(fv); b != nil {
				if alloc, ok := b.(*ssa.Alloc); ok {
					if st := ssaval.SingleStore(alloc); st != nil {
						return t.mode(st, depth+1)
					}
				}
			}
		}
	case *ssa.FreeVar:
		if b, _ := ssaval.FreeVarBinding(v); b != nil {
			return t.mode(b, depth+1)
		}
	case *ssa.Phi:
		if *t.visiting == nil {
			*t.visiting = map[ssa.Value]bool{}
		}
		visiting := *t.visiting
		if visiting[v] || len(v.Edges) == 0 {
			return Mode{}
		}
		visiting[v] = true
		defer delete(visiting, v)
		out := Mode{Scan: true, Explain: true}
		for _, e := range v.Edges {
			m := t.mode(e, depth+1)
			out.Scan = out.Scan && m.Scan
			out.Explain = out.Explain && m.Explain
		}
		return out
	}
	return Mode{}
}

// contextCallMode reads the mode of a context returned by a call.
func (t tracer) contextCallMode(call *ssa.Call, depth int) Mode {
	common := call.Common()
	callee := common.StaticCallee()
	if callee == nil || common.IsInvoke() || len(common.Args) == 0 {
		return Mode{}
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || callee.Signature.Recv() != nil {
		return Mode{}
	}
	pkg := obj.Pkg().Path()
	if !(pkg == "context" || sdk.InSDK(pkg)) || !IsContext(common.Args[0].Type()) || !returnsContext(callee.Signature) {
		return Mode{}
	}
	inner := t.mode(common.Args[0], depth+1)
	if id, _ := sdk.IdentityOf(obj); id != sdk.WithQueryMode || len(common.Args) != 2 {
		return inner // derived contexts keep the values of their parent
	}
	switch effect, isConst := t.queryModeEffect(common.Args[1]); {
	case !isConst:
		// Not a constant: the mode is unknown, so is whether it scans.
		return Mode{Explain: inner.Explain}
	case effect == sdk.QueryModeScan:
		return Mode{Scan: true, Explain: inner.Explain}
	case effect == sdk.QueryModeExplain:
		// The SDK keeps explain apart from the table query mode.
		return Mode{Scan: inner.Scan, Explain: true}
	case effect == sdk.QueryModeNotScan:
		return Mode{Explain: inner.Explain}
	}
	return inner // other modes leave the context as it was
}

func returnsContext(sig *types.Signature) bool {
	r := sig.Results()
	return r.Len() > 0 && IsContext(r.At(0).Type())
}

// queryModeEffect returns what the ydb.QueryMode constant v does
// (QueryModeKept for a value none of sdk.QueryModes has); false when v is
// not a constant.
func (t tracer) queryModeEffect(v ssa.Value) (sdk.QueryModeEffect, bool) {
	k, ok := ssaval.Peel(v).(*ssa.Const)
	if !ok || k.Value == nil {
		return sdk.QueryModeKept, false
	}
	pkg := t.h.FindPackage(sdk.PkgYDB)
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
