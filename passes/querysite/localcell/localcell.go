package localcell

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/ssacell"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// Host is what Cells asks of the pass: the function bodies it sees (a
// callee without a body there is not known to only read through a
// pointer).
type Host interface {
	Blocks(fn *ssa.Function) []*ssa.BasicBlock
}

// Cells answers for the local variables of one package.
type Cells struct {
	host Host
	pkg  *types.Package // the analysed package: callees are followed in it only
}

// New returns the Cells of package pkg.
func New(host Host, pkg *types.Package) *Cells { return &Cells{host: host, pkg: pkg} }

// readOnlyArg reports whether every parameter of the static callee that
// receives v only reads through it; the callee must have a body here.
func (c *Cells) readOnlyArg(common *ssa.CallCommon, v ssa.Value) bool {
	callee := common.StaticCallee()
	if callee == nil || common.IsInvoke() || common.Value == v || len(callee.Params) != len(common.Args) || len(c.host.Blocks(callee)) == 0 {
		return false
	}
	if obj := ssaval.FuncObj(callee); obj == nil || obj.Pkg() != c.pkg {
		return false
	}
	for i, arg := range common.Args {
		if arg == v && !ssacell.OnlyReadThrough(callee.Params[i]) {
			return false
		}
	}
	return true
}

// Pointers handed back unchanged by a helper, as in
//
//	func (s *Store) getPrefix(dir *string) (prefix, shortDir *string) {
//		shortDir = dir
//		… reads *dir …
//		return
//	}
//	tablePrefix, shortDir := s.getPrefix(&dir)
//	… util.HashStringToLong(dir) … *shortDir …
//
// *shortDir is the value of dir: the helper returns its parameter and only
// reads through it, and neither the caller nor anyone else writes dir
// after its single store. querysite's origin sees through such a load so
// that a hash of dir and the value *shortDir are known to be the same
// value; when any of this is not certain the load keeps no origin.

// returnedParam returns the index of the parameter that the static callee
// of call returns unchanged as result j on every return path, reading
// through it only; -1 otherwise. The callee must be declared in the
// analysed package with a body.
func (c *Cells) returnedParam(call *ssa.Call, j int) int {
	common := call.Common()
	callee := common.StaticCallee()
	if callee == nil || common.IsInvoke() || len(c.host.Blocks(callee)) == 0 || len(callee.Params) != len(common.Args) {
		return -1
	}
	if obj := ssaval.FuncObj(callee); obj == nil || obj.Pkg() != c.pkg {
		return -1
	}
	idx := -1
	for _, b := range c.host.Blocks(callee) {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if j >= len(ret.Results) {
			return -1
		}
		p, ok := namedResult(samePhi(ret.Results[j])).(*ssa.Parameter)
		if !ok {
			return -1
		}
		i := -1
		for k, q := range callee.Params {
			if q == p {
				i = k
			}
		}
		if i < 0 || idx >= 0 && idx != i {
			return -1
		}
		idx = i
	}
	if idx < 0 || !readOrReturned(callee.Params[idx], 0) {
		return -1
	}
	return idx
}

// samePhi looks through φ-nodes whose edges are all the same value (a
// named result assigned once and returned from several places).
func samePhi(v ssa.Value) ssa.Value {
	for i := 0; i < 8; i++ {
		phi, ok := v.(*ssa.Phi)
		if !ok || len(phi.Edges) == 0 {
			return v
		}
		e0 := phi.Edges[0]
		for _, e := range phi.Edges[1:] {
			if e != e0 {
				return v
			}
		}
		v = e0
	}
	return v
}

// namedResult looks through a named result kept in a variable (a function
// with defer keeps its named results in memory): the load of a variable
// written once, with the value written, when the variable is otherwise
// only loaded (no closure can change it).
func namedResult(v ssa.Value) ssa.Value {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return v
	}
	alloc, ok := ld.X.(*ssa.Alloc)
	if !ok {
		return v
	}
	if val := ssacell.SingleStore(alloc, nil); val != nil {
		return val
	}
	return v
}

// readOrReturned: the pointer is only loaded from, returned, or passed on
// through φ-nodes with the same property.
func readOrReturned(v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	return ssacell.OnlyLoaded(v, func(instr ssa.Instruction) bool {
		switch r := instr.(type) {
		case *ssa.Return:
			return true
		case *ssa.Phi:
			return readOrReturned(r, depth+1)
		case *ssa.Store:
			// Stored as a named result: the variable must hold it only
			// to return it (namedResult).
			cell, ok := r.Addr.(*ssa.Alloc)
			return ok && r.Val == v && onlyReturned(cell)
		}
		return false
	})
}

// onlyReturned: a named-result variable written once and only loaded for
// return statements.
func onlyReturned(cell *ssa.Alloc) bool {
	refs := cell.Referrers()
	if refs == nil {
		return false
	}
	stores := 0
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			stores++
		case *ssa.UnOp:
			if r.Op != token.MUL || r.Referrers() == nil {
				return false
			}
			for _, rr := range *r.Referrers() {
				if _, ok := rr.(*ssa.Return); !ok {
					return false
				}
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return stores == 1
}

// Aliased resolves the address loaded by *p to a local variable when p
// is the pointer a helper returned unchanged (returnedParam) and the
// caller only loads through p; nil otherwise.
func (c *Cells) Aliased(p ssa.Value) *ssa.Alloc {
	ex, ok := p.(*ssa.Extract)
	if !ok {
		return nil
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok || !ssacell.OnlyReadThrough(ex) {
		return nil
	}
	i := c.returnedParam(call, ex.Index)
	if i < 0 {
		return nil
	}
	alloc, _ := call.Common().Args[i].(*ssa.Alloc)
	return alloc
}

// Value is the single value stored into a local variable whose address
// is otherwise only loaded from, or handed to helpers of the analysed
// package that only read through it or return it unchanged to a caller
// that only reads through the result.
func (c *Cells) Value(alloc *ssa.Alloc) ssa.Value {
	return ssacell.SingleStore(alloc, func(instr ssa.Instruction) bool {
		call, ok := instr.(*ssa.Call)
		return ok && (c.readOnlyArg(call.Common(), alloc) || c.returnsOnly(call, alloc))
	})
}

// returnsOnly: every parameter of call's callee that receives alloc is
// read or returned unchanged, and every result of the call that may be
// that parameter is only read through by the caller.
func (c *Cells) returnsOnly(call *ssa.Call, alloc *ssa.Alloc) bool {
	common := call.Common()
	callee := common.StaticCallee()
	if callee == nil || common.IsInvoke() || len(callee.Params) != len(common.Args) || len(c.host.Blocks(callee)) == 0 {
		return false
	}
	if obj := ssaval.FuncObj(callee); obj == nil || obj.Pkg() != c.pkg {
		return false
	}
	var params []*ssa.Parameter
	for i, arg := range common.Args {
		if arg == alloc {
			if !readOrReturned(callee.Params[i], 0) {
				return false
			}
			params = append(params, callee.Params[i])
		}
	}
	if _, tuple := call.Type().(*types.Tuple); !tuple {
		return !c.mayReturn(callee, 0, params) || ssacell.OnlyReadThrough(call)
	}
	refs := call.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Extract:
			if c.mayReturn(callee, r.Index, params) && !ssacell.OnlyReadThrough(r) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// mayReturn reports whether result j of fn may be one of params (directly
// or through φ-nodes).
func (c *Cells) mayReturn(fn *ssa.Function, j int, params []*ssa.Parameter) bool {
	var mentions func(v ssa.Value, depth int) bool
	mentions = func(v ssa.Value, depth int) bool {
		if depth > 8 {
			return true
		}
		switch x := v.(type) {
		case *ssa.Parameter:
			for _, p := range params {
				if x == p {
					return true
				}
			}
		case *ssa.Phi:
			for _, e := range x.Edges {
				if mentions(e, depth+1) {
					return true
				}
			}
		}
		return false
	}
	for _, b := range c.host.Blocks(fn) {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if j >= len(ret.Results) || mentions(ret.Results[j], 0) {
			return true
		}
	}
	return false
}
