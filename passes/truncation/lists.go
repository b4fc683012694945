package truncation

import (
	"go/token"
	"math"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
)

// This file finds the Go slice a list parameter is built from, at the
// binding querysite decoded (or, failing that, the ValueParam / Param
// bindings of the functions that make the call), and bounds its length
// with length.go.

// listBound bounds the lists bound at site from the Go slices they are
// built from: types.ListValue(vals...) (table service, database/sql, the
// query service's Param(…).Any) and ParamsBuilder().Param(…).BeginList()
// lists (builderlist.go).
func (c *checker) listBound(s *site.Site) ListBound {
	var p *site.Params
	if s.Query != nil {
		p = s.Query.Params
	}
	return func(pname string) (int64, bool) {
		c.sites() // builds the call graph
		bnd := p.Lookup(pname)
		if bnd == nil {
			if p != nil && p.Known {
				return 0, false
			}
			return c.bindingsList(s, pname)
		}
		if !bnd.Pos.IsValid() || !bnd.End.IsValid() {
			return 0, false
		}
		return c.listsIn(bnd.Pos, bnd.End)
	}
}

// listsIn bounds the lists built in the source range [pos, end): the
// ListValue calls and BeginList chains in it or, when there is none, the
// ListValue results an SDK call in it is given. Every one must be bounded.
func (c *checker) listsIn(pos, end token.Pos) (int64, bool) {
	var found []*ssa.Call
	var given []ssa.Value
	for _, fn := range c.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || call.Pos() < pos || call.Pos() >= end {
					continue
				}
				switch name := calleeName(&call.Call); {
				case name == "":
					continue
				case name == "ListValue" || calleeID(&call.Call) == sdk.ParamsBeginList:
					found = append(found, call)
				default:
					given = append(given, call.Call.Args...)
				}
			}
		}
	}
	if len(found) == 0 {
		for _, a := range given {
			found = append(found, listValueCalls(a, 0)...)
		}
	}
	best := int64(0)
	for _, v := range found {
		n, ok := c.listLength(v)
		if !ok {
			return 0, false
		}
		best = max(best, n)
	}
	return best, len(found) > 0
}

// listValueCalls returns the types.ListValue calls whose result v
// carries, directly or returned by a function of the package (a helper
// idList(ids) that builds the list); nil when v may be anything else.
func listValueCalls(v ssa.Value, depth int) []*ssa.Call {
	for range 4 {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Call:
			if calleeName(&x.Call) == "ListValue" {
				return []*ssa.Call{x}
			}
			return returnedLists(x, depth)
		default:
			return nil
		}
	}
	return nil
}

// returnedLists returns the ListValue calls a call of a package function
// returns, nil unless every return statement returns one.
func returnedLists(call *ssa.Call, depth int) []*ssa.Call {
	fn := call.Call.StaticCallee()
	if fn == nil || depth > 2 || len(fn.Blocks) == 0 || fn.Signature.Results().Len() != 1 {
		return nil
	}
	var out []*ssa.Call
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if len(ret.Results) != 1 {
			return nil
		}
		lists := listValueCalls(ret.Results[0], depth+1)
		if lists == nil {
			return nil
		}
		out = append(out, lists...)
	}
	return out
}

// listLength bounds the elements of a ListValue call or a BeginList chain.
func (c *checker) listLength(call *ssa.Call) (int64, bool) {
	if calleeID(&call.Call) == sdk.ParamsBeginList {
		return c.builderLength(call)
	}
	if len(call.Call.Args) != 1 {
		return 0, false
	}
	n := lengthOf(call.Call.Args[0], call.Block(), 0, map[ssa.Value]bool{}, c.calls).hi
	return n, n != math.MaxInt64
}

// bindingsList is listBound's fallback when querysite could not decode
// the site's bindings, as bindingsBound is paramBound's: the lists bound
// by table.ValueParam("$name", …) or ParamsBuilder().Param("$name") in
// the functions that make the call (paramBindings), at least one and
// every one bounded.
func (c *checker) bindingsList(s *site.Site, pname string) (int64, bool) {
	best, found := int64(0), false
	all := c.paramBindings(s, pname, func(call *ssa.Call, _ *ssa.BasicBlock) bool {
		var lists []*ssa.Call
		if calleeName(&call.Call) == "ValueParam" {
			lists = listValueCalls(call.Call.Args[1], 0)
		} else if begin := beginListOn(call); begin != nil {
			lists = []*ssa.Call{begin}
		}
		if lists == nil {
			return false
		}
		for _, list := range lists {
			n, ok := c.listLength(list)
			if !ok {
				return false
			}
			best, found = max(best, n), true
		}
		return true
	})
	if !all {
		return 0, false
	}
	return best, found
}

// beginListOn returns the BeginList call made on the result of
// ParamsBuilder().Param(name), nil when there is none or several.
func beginListOn(param *ssa.Call) *ssa.Call {
	refs := param.Referrers()
	if refs == nil {
		return nil
	}
	var out *ssa.Call
	for _, r := range *refs {
		call, ok := r.(*ssa.Call)
		if !ok || calleeID(&call.Call) != sdk.ParamsBeginList {
			continue
		}
		if out != nil {
			return nil
		}
		out = call
	}
	return out
}
