package querysite

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
)

// Query text chosen on branches and read by the retrier's closure, as
// jaeger-ydb-store's span reader writes it:
//
//	var query string
//	if s.opts.ArchiveReader {
//		query = queries.BuildQuery("querySpanCount", s.opts.DbPath)
//	} else {
//		query = queries.BuildPartitionQuery("querySpanCount", s.opts.DbPath, part)
//	}
//	err := s.pool.Do(ctx, func(ctx context.Context, session table.Session) error {
//		_, res, err := session.Execute(ctx, txc, query, params)
//		…
//	})
//	…
//	query = … // the next query, for the next Do
//
// The variable is captured by reference (it is assigned after its
// declaration), so the closure reads a heap cell with several stores. The
// SDK's retriers call the closure before they return, so the cell holds,
// while the closure runs, one of the values stored on the paths that reach
// the retrier's call: the stores reaching the closure's creation, when the
// closure is created right before the call (same block, no store between)
// and used for nothing else, and nothing in the closure writes the cell.
// A path from the declaration with no store adds the zero value "".

// maxCapturedStores bounds the stores of one captured variable followed.
const maxCapturedStores = 8

// capturedText is the text of a cell captured by the closure that fv
// belongs to, or false.
func (a *pkgAnalysis) capturedText(fv *ssa.FreeVar, alloc *ssa.Alloc, c *ctx) (texts, bool) {
	if !onlyReadThrough(fv, 0) || alloc.Referrers() == nil {
		return texts{}, false
	}
	mc := closureOf(fv, alloc)
	if mc == nil || !a.runsBeforeReturn(mc) {
		return texts{}, false
	}
	stores := 0
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != alloc || r.Block().Parent() != alloc.Parent() {
				return texts{}, false
			}
			stores++
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return texts{}, false
			}
		case *ssa.DebugRef:
		case *ssa.MakeClosure:
			// Every closure capturing the cell only reads it.
			for i, b := range r.Bindings {
				fn, _ := r.Fn.(*ssa.Function)
				if b == alloc && (fn == nil || i >= len(fn.FreeVars) || !onlyReadThrough(fn.FreeVars[i], 0)) {
					return texts{}, false
				}
			}
		default:
			return texts{}, false
		}
	}
	if stores == 0 || stores > maxCapturedStores {
		return texts{}, false
	}
	vals, zero, ok := reachingStores(alloc, mc)
	if !ok {
		return texts{}, false
	}
	var out texts
	pc := c.in(alloc.Parent())
	for _, v := range vals {
		out = union(out, a.text(v, nil, pc.deeper()))
	}
	if zero {
		out = union(out, single(lit("", alloc.Pos(), alloc.Pos(), false)))
	}
	return out, len(out.vs) > 0
}

// closureOf finds the MakeClosure that binds alloc to fv.
func closureOf(fv *ssa.FreeVar, alloc *ssa.Alloc) *ssa.MakeClosure {
	fn := fv.Parent()
	idx := -1
	for i, f := range fn.FreeVars {
		if f == fv {
			idx = i
		}
	}
	if idx < 0 {
		return nil
	}
	var found *ssa.MakeClosure
	for _, r := range *alloc.Referrers() {
		if mc, ok := r.(*ssa.MakeClosure); ok && mc.Fn == fn && idx < len(mc.Bindings) && mc.Bindings[idx] == alloc {
			if found != nil {
				return nil // the same literal made twice: which one runs?
			}
			found = mc
		}
	}
	return found
}

// runsBeforeReturn reports whether the closure mc is only handed, right
// where it is made, to an SDK retrier, which runs it before returning.
func (a *pkgAnalysis) runsBeforeReturn(mc *ssa.MakeClosure) bool {
	var v ssa.Value = mc
	var call *ssa.Call
	for i := 0; call == nil; i++ {
		refs := v.Referrers()
		if i > 4 || refs == nil || len(*refs) != 1 {
			return false
		}
		switch r := (*refs)[0].(type) {
		case *ssa.ChangeType: // func literal → table.Operation, retry.RetryOperation
			v = r
		case *ssa.Call:
			call = r
		default:
			return false
		}
	}
	if call.Block() != mc.Block() || call.Common().Value == v {
		return false
	}
	if t := a.target(call.Common()); t.entry == nil || t.entry.Kind != sdk.KindRetry {
		return false
	}
	// Nothing between the closure's creation and the call stores.
	b := mc.Block()
	for i := indexOf(b, mc) + 1; i < len(b.Instrs) && b.Instrs[i] != call; i++ {
		if _, ok := b.Instrs[i].(*ssa.Store); ok {
			return false
		}
	}
	return true
}

// reachingStores returns the values of the stores into alloc that reach
// the instruction at (the last store on some path), and whether a path
// from the declaration reaches it with no store (the zero value).
func reachingStores(alloc *ssa.Alloc, at ssa.Instruction) (vals []ssa.Value, zero, ok bool) {
	type item struct {
		b   *ssa.BasicBlock
		end int // scan b.Instrs[:end] backwards
	}
	seen := map[*ssa.BasicBlock]bool{}
	seenVal := map[ssa.Value]bool{}
	work := []item{{at.Block(), indexOf(at.Block(), at)}}
	for steps := 0; len(work) > 0; steps++ {
		if steps > 1024 {
			return nil, false, false
		}
		it := work[len(work)-1]
		work = work[:len(work)-1]
		done := false
		for i := it.end - 1; i >= 0 && !done; i-- {
			switch x := it.b.Instrs[i].(type) {
			case *ssa.Store:
				if x.Addr == alloc {
					if !seenVal[x.Val] {
						seenVal[x.Val] = true
						vals = append(vals, x.Val)
					}
					done = true
				}
			case *ssa.Alloc:
				if x == alloc {
					zero, done = true, true
				}
			}
		}
		if done {
			continue
		}
		if len(it.b.Preds) == 0 {
			return nil, false, false // the declaration does not dominate
		}
		for _, p := range it.b.Preds {
			if !seen[p] {
				seen[p] = true
				work = append(work, item{p, len(p.Instrs)})
			}
		}
	}
	return vals, zero, len(vals) > 0 || zero
}
