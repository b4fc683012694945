package truncation

import (
	"go/types"
	"math"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
)

// This file bounds a ydb.ParamsBuilder list: the elements added between
// Param(…).BeginList() and EndList(), written in one chain or filled in a
// loop. The list is one object mutated in place: every Add().T(v) and
// AddItems(vals...) returns the list it was called on, so a loop may
// reassign it (`list = list.Add().Uint64(id)`) or drop the result
// (`list.Add().Uint64(id)`), and its length is the number of elements the
// calls on it add, each call counted as often as the loops around it run.

// maxListUses bounds the walk over the values that are the list.
const maxListUses = 1 << 12

// listAdd is one call that adds elements to a builder list: n elements each
// time its block runs.
type listAdd struct {
	block *ssa.BasicBlock
	n     int64
}

// builderLength bounds the elements a BeginList list gets: one per
// Add().T(v), len(vals) per AddItems(vals...) (bounded by length.go), each
// multiplied by the trips of every loop the call runs in that the BeginList
// call does not (a list made inside a loop is a new list each time round).
// The list must not go anywhere but those calls, phis of itself and
// EndList; a loop whose trips tripCount cannot bound, or an element count
// that cannot be bounded, leaves it unbounded.
func (c *checker) builderLength(begin *ssa.Call) (int64, bool) {
	adds, ok := c.listAdds(begin)
	if !ok {
		return 0, false
	}
	loops := naturalLoops(begin.Parent())
	var total int64
	for _, add := range adds {
		n := add.n
		for h, body := range loops {
			if !body[add.block] || body[begin.Block()] {
				continue
			}
			trips, ok := tripCount(h, 0, map[ssa.Value]bool{}, c.calls)
			if !ok {
				return 0, false
			}
			n = mulSat(n, trips)
		}
		total = addSat(total, n)
	}
	return total, total != math.MaxInt64
}

// listAdds returns the calls that add elements to the list begin makes,
// false when the list is used in any other way (passed to a function,
// stored, merged with another value) or never ended.
func (c *checker) listAdds(begin *ssa.Call) ([]listAdd, bool) {
	listType := begin.Type()
	same := map[ssa.Value]bool{begin: true}
	work := []ssa.Value{begin}
	var phis []*ssa.Phi
	var adds []listAdd
	ended := false
	// alias records v, the result of a call on the list, as the list
	// itself: the SDK returns the receiver.
	alias := func(v ssa.Value) bool {
		if !types.Identical(v.Type(), listType) {
			return false
		}
		if !same[v] {
			same[v] = true
			work = append(work, v)
		}
		return true
	}
	for steps := 0; len(work) > 0; steps++ {
		if steps > maxListUses {
			return nil, false
		}
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, r := range *v.Referrers() {
			switch x := r.(type) {
			case *ssa.DebugRef:
				continue
			case *ssa.Phi:
				phis = append(phis, x)
				alias(x)
				continue
			case *ssa.Call:
				if !onlyReceiver(&x.Call, v) {
					return nil, false
				}
				switch calleeID(&x.Call) {
				case sdk.ParamsEndList:
					ended = true
				case sdk.ParamsListAdd:
					setter := onlyCallOn(x)
					if setter == nil || !alias(setter) {
						return nil, false
					}
					adds = append(adds, listAdd{block: setter.Block(), n: 1})
				case sdk.ParamsListItems:
					if len(x.Call.Args) != 2 || !alias(x) {
						return nil, false
					}
					n := lengthOf(x.Call.Args[1], x.Block(), 0, map[ssa.Value]bool{}, c.calls).hi
					if n == math.MaxInt64 {
						return nil, false
					}
					adds = append(adds, listAdd{block: x.Block(), n: n})
				default:
					return nil, false
				}
				continue
			}
			return nil, false
		}
	}
	for _, p := range phis {
		for _, e := range p.Edges {
			if !same[e] {
				return nil, false // the list or something else
			}
		}
	}
	return adds, ended
}

// calleeID is the identity of the SDK function or method called, the zero
// Identity for anything else.
func calleeID(cc *ssa.CallCommon) sdk.Identity {
	fn, _ := sdkObject(cc).(*types.Func)
	id, _ := sdk.IdentityOf(fn)
	return id
}

// onlyReceiver reports whether v is the receiver of an SDK method call and
// no other argument of it.
func onlyReceiver(cc *ssa.CallCommon, v ssa.Value) bool {
	if len(cc.Args) == 0 || cc.Args[0] != v || cc.IsInvoke() {
		return false
	}
	for _, a := range cc.Args[1:] {
		if a == v {
			return false
		}
	}
	return true
}

// onlyCallOn returns the one SDK method called on v (the item Add returns,
// on which a setter adds the element), nil when v has any other use.
func onlyCallOn(v *ssa.Call) *ssa.Call {
	var out *ssa.Call
	for _, r := range *v.Referrers() {
		if _, ok := r.(*ssa.DebugRef); ok {
			continue
		}
		call, ok := r.(*ssa.Call)
		if !ok || out != nil || !onlyReceiver(&call.Call, v) || calleeName(&call.Call) == "" {
			return nil
		}
		out = call
	}
	return out
}

// naturalLoops returns the loops of fn by header: the header and every
// block that reaches one of its back edges (an edge from a block the
// header dominates) without passing through the header.
func naturalLoops(fn *ssa.Function) map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool {
	loops := map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool{}
	for _, h := range fn.Blocks {
		for _, p := range h.Preds {
			if !h.Dominates(p) {
				continue
			}
			body := loops[h]
			if body == nil {
				body = map[*ssa.BasicBlock]bool{h: true}
				loops[h] = body
			}
			work := []*ssa.BasicBlock{p}
			for len(work) > 0 {
				b := work[len(work)-1]
				work = work[:len(work)-1]
				if body[b] {
					continue
				}
				body[b] = true
				work = append(work, b.Preds...)
			}
		}
	}
	return loops
}
