package scantype

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/ssacell"
)

// maxDepth bounds the walk from a scanned row back to its query call.
const maxDepth = 16

// originOf returns the call that returned the rows v scans from: the SDK
// call that ran the query (Session.Execute, Client.Query, QueryRow, …),
// reached back through the query service's NextResultSet and NextRow,
// range-over-func loops over ResultSets and Rows, local variables (also
// captured ones) and φs. nil when any path leads elsewhere (a helper's
// result, a field, a parameter) or two paths lead to different calls.
func originOf(v ssa.Value) *ssa.Call {
	return walkOrigin(v, 0, map[ssa.Value]bool{})
}

func walkOrigin(v ssa.Value, depth int, seen map[ssa.Value]bool) *ssa.Call {
	if depth > maxDepth || seen[v] {
		return nil
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Extract:
		c, ok := v.Tuple.(*ssa.Call)
		if !ok {
			return nil
		}
		return callOrigin(c, depth, seen)
	case *ssa.Call:
		return callOrigin(v, depth, seen)
	case *ssa.ChangeInterface:
		return walkOrigin(v.X, depth+1, seen)
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return nil
		}
		return cellOrigin(v.X, depth, seen)
	case *ssa.Phi:
		var out *ssa.Call
		for _, e := range v.Edges {
			if isNil(e) {
				continue
			}
			o := walkOrigin(e, depth+1, seen)
			if o == nil || (out != nil && o != out) {
				return nil
			}
			out = o
		}
		return out
	case *ssa.Parameter:
		return yieldOrigin(v, depth, seen)
	}
	return nil
}

// callOrigin follows a query-service step (Result.NextResultSet,
// Set.NextRow) to its receiver; any other call is the origin itself.
func callOrigin(c *ssa.Call, depth int, seen map[ssa.Value]bool) *ssa.Call {
	if recv, ok := resultStep(&c.Call, "NextResultSet", "NextRow"); ok {
		return walkOrigin(recv, depth+1, seen)
	}
	if _, ok := resultStep(&c.Call, "ResultSets", "Rows"); ok {
		return nil // an iterator is followed from its yield function
	}
	return c
}

// resultStep returns the receiver of c when c calls method set (on a
// query-service result) or row (on a result set).
func resultStep(c *ssa.CallCommon, set, row string) (ssa.Value, bool) {
	if !c.IsInvoke() {
		return nil, false
	}
	switch sdk.ResultFamilyOf(c.Value.Type()) {
	case sdk.ResultQuery:
		return c.Value, c.Method.Name() == set
	case sdk.ResultQuerySet:
		return c.Value, c.Method.Name() == row
	}
	return nil, false
}

// cellOrigin follows a load from a local variable (or a captured one) to
// every value stored in it; nil stores (var res result.Result) aside.
func cellOrigin(addr ssa.Value, depth int, seen map[ssa.Value]bool) *ssa.Call {
	cell := rootCell(addr)
	if cell == nil {
		return nil
	}
	stores, ok := ssacell.Stores(cell)
	if !ok {
		return nil
	}
	var out *ssa.Call
	for _, st := range stores {
		if isNil(st.Val) {
			continue
		}
		o := walkOrigin(st.Val, depth+1, seen)
		if o == nil || (out != nil && o != out) {
			return nil
		}
		out = o
	}
	return out
}

// rootCell returns the Alloc a local variable's address leads to, through
// the free variables of the closures that captured it; nil for any other
// address (a field, a global, an element).
func rootCell(addr ssa.Value) *ssa.Alloc {
	for range maxDepth {
		switch a := addr.(type) {
		case *ssa.Alloc:
			return a
		case *ssa.FreeVar:
			addr = ssacell.BoundTo(a)
			if addr == nil {
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

// yieldOrigin follows the first parameter of a range-over-func loop body
// (`for row, err := range rs.Rows(ctx)`, `for rs, err := range
// r.ResultSets(ctx)`) to the receiver of the iterator's method.
func yieldOrigin(p *ssa.Parameter, depth int, seen map[ssa.Value]bool) *ssa.Call {
	fn := p.Parent()
	if fn == nil || fn.Parent() == nil || len(fn.Params) == 0 || fn.Params[0] != p {
		return nil
	}
	var out *ssa.Call
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call.Call.IsInvoke() || len(call.Call.Args) != 1 || closureFn(call.Call.Args[0]) != fn {
				continue
			}
			iter, ok := call.Call.Value.(*ssa.Call)
			if !ok {
				return nil
			}
			recv, ok := resultStep(&iter.Call, "ResultSets", "Rows")
			if !ok {
				return nil
			}
			o := walkOrigin(recv, depth+1, seen)
			if o == nil || (out != nil && o != out) {
				return nil
			}
			out = o
		}
	}
	return out
}

// closureFn returns the function a closure value is made of.
func closureFn(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.MakeClosure:
		f, _ := v.Fn.(*ssa.Function)
		return f
	case *ssa.Function:
		return v
	}
	return nil
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value == nil
}
