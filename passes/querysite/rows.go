package querysite

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
)

// rowsOf decodes BulkUpsert rows / ReadRows keys: a List<Struct<…>> built
// with types.ListValue(types.StructValue(types.StructFieldValue(…))…), the
// list's items possibly appended to a slice in a loop.
func (a *pkgAnalysis) rowsOf(v ssa.Value, c *ctx) ([]*site.Row, bool) {
	v = peel(v)
	if f, args, _, _ := helperOf(v); f != nil && f.Helper == sdk.HelperBulkUpsertDataRows && len(args) == 1 {
		v = peel(args[0])
	}
	name, args, _, ok := ctorCall(v)
	if !ok || name != "ListValue" || len(args) != 1 {
		return nil, false
	}
	items, ok := a.appendElems(args[0], map[ssa.Value]bool{}, 0)
	rows, known := a.itemRows(items, c)
	return rows, ok && known
}

// itemRows decodes the rows of a list's items (types.StructValue(…) each,
// possibly several through a helper); known is false when a row is not
// fully decoded or there are more than maxRows.
func (a *pkgAnalysis) itemRows(items []ssa.Value, c *ctx) (rows []*site.Row, known bool) {
	known = true
	for _, it := range items {
		for _, r := range a.structRows(it, c) {
			if len(rows) >= maxRows {
				return rows, false
			}
			rows = append(rows, r)
			known = known && r.Known
		}
	}
	return rows, known
}

// appendElems returns the elements of a slice built by a literal, a
// variadic list, or append calls (through φ in loops).
func (a *pkgAnalysis) appendElems(v ssa.Value, seen map[ssa.Value]bool, depth int) ([]ssa.Value, bool) {
	if depth > maxDepth || seen[v] {
		return nil, true // a loop back edge adds nothing new
	}
	seen[v] = true
	if elems, ok := sliceElems(v); ok {
		return elems, true
	}
	switch x := v.(type) {
	case *ssa.Phi:
		var out []ssa.Value
		ok := true
		for _, e := range x.Edges {
			el, eok := a.appendElems(e, seen, depth+1)
			out = append(out, el...)
			ok = ok && eok
		}
		return out, ok
	case *ssa.MakeSlice:
		if k, isConst := x.Len.(*ssa.Const); isConst && k.Value != nil && constant.Sign(k.Value) == 0 {
			return nil, true
		}
	case *ssa.Call:
		if b, isBuiltin := x.Call.Value.(*ssa.Builtin); isBuiltin && b.Name() == "append" && len(x.Call.Args) == 2 {
			base, ok1 := a.appendElems(x.Call.Args[0], seen, depth+1)
			more, ok2 := sliceElems(x.Call.Args[1])
			return append(base, more...), ok1 && ok2
		}
		if callee := x.Call.StaticCallee(); callee != nil && !x.Call.IsInvoke() {
			return a.returnedElems(callee, 0, seen, depth+1) // helperpath.go
		}
	case *ssa.Extract:
		// rows, err := buildRows(…)
		if call, ok := x.Tuple.(*ssa.Call); ok && !call.Call.IsInvoke() {
			if callee := call.Call.StaticCallee(); callee != nil {
				return a.returnedElems(callee, x.Index, seen, depth+1) // helperpath.go
			}
		}
	case *ssa.FreeVar:
		// A slice a retrier's closure captures by value.
		if b, _ := freeVarBinding(x); b != nil {
			return a.appendElems(b, seen, depth+1)
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			addr := x.X
			if fv, ok := addr.(*ssa.FreeVar); ok {
				// A captured variable: the closure reads the cell its
				// creator appends to (the closure runs after the loop
				// that fills it, as a retrier's does).
				if b, _ := freeVarBinding(fv); b != nil {
					addr = b
				}
			}
			if alloc, ok := addr.(*ssa.Alloc); ok {
				var out []ssa.Value
				for _, r := range *alloc.Referrers() {
					if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
						el, eok := a.appendElems(st.Val, seen, depth+1)
						if !eok {
							return out, false
						}
						out = append(out, el...)
					}
				}
				return out, true
			}
		}
	}
	return nil, false
}

// structRows decodes types.StructValue(types.StructFieldValue(name, v)…):
// one row, or one per alternative field list (implrows.go).
func (a *pkgAnalysis) structRows(v ssa.Value, c *ctx) []*site.Row {
	v = peel(v)
	r := &site.Row{Pos: v.Pos(), End: v.Pos()}
	name, args, call, ok := ctorCall(v)
	if !ok || name != "StructValue" || len(args) != 1 {
		return []*site.Row{r}
	}
	r.Pos, r.End = a.callRange(call)
	alts, ok := a.fieldAlts(args[0], c, 0)
	if !ok {
		return []*site.Row{r}
	}
	out := make([]*site.Row, 0, len(alts))
	for _, alt := range alts {
		out = append(out, &site.Row{Pos: r.Pos, End: r.End, Fields: alt.fields, Known: alt.known, Impl: alt.impl})
	}
	return out
}

// tupleRow decodes a key-prefix tuple types.TupleValue(v…).
func (a *pkgAnalysis) tupleRow(v ssa.Value, c *ctx) *site.Row {
	v = peel(v)
	r := &site.Row{Pos: v.Pos(), End: v.Pos()}
	name, args, call, ok := ctorCall(v)
	if !ok || name != "TupleValue" || len(args) != 1 {
		return r
	}
	r.Pos, r.End = a.callRange(call)
	elems, ok := sliceElems(args[0])
	if !ok {
		return r
	}
	r.Known = true
	for i, e := range elems {
		pos, end := e.Pos(), e.Pos()
		if call, ok := peel(e).(*ssa.Call); ok {
			pos, end = a.callRange(call)
		}
		r.Fields = append(r.Fields, &site.Field{Index: i, Pos: pos, End: end, Value: a.classify(e, c.deeper())})
	}
	return r
}

// readTableRanges decodes StreamReadTable key-range options.
func (a *pkgAnalysis) readTableRanges(opts ssa.Value, c *ctx) []*site.Row {
	elems, ok := sliceElems(opts)
	if !ok {
		return nil
	}
	var out []*site.Row
	for _, e := range elems {
		f, args, _, _ := helperOf(peel(e))
		if f == nil || len(args) != 1 {
			continue
		}
		switch f.Helper {
		case sdk.HelperReadGreater, sdk.HelperReadGreaterOrEqual, sdk.HelperReadLess, sdk.HelperReadLessOrEqual:
			out = append(out, a.tupleRow(args[0], c))
		case sdk.HelperReadKeyRange:
			for _, fv := range structLitFields(args[0]) {
				if fv != nil {
					if k, ok := peel(fv).(*ssa.Const); ok && k.Value == nil {
						continue
					}
					out = append(out, a.tupleRow(fv, c))
				}
			}
		}
	}
	return out
}

// structLitFields returns the values stored into the fields of a struct
// composite literal loaded from a local cell, indexed by field.
func structLitFields(v ssa.Value) []ssa.Value {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	alloc, ok := ld.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	st, ok := types.Unalias(alloc.Type().(*types.Pointer).Elem()).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	out := make([]ssa.Value, st.NumFields())
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Referrers() == nil {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if s, ok := rr.(*ssa.Store); ok && s.Addr == fa {
				out[fa.Field] = s.Val
			}
		}
	}
	return out
}

func fieldIndex(t types.Type, name string) int {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	if !ok {
		return -1
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			return i
		}
	}
	return -1
}

// constStrings decodes a variadic list of constant strings.
func constStrings(v ssa.Value) ([]string, bool) {
	elems, ok := sliceElems(v)
	if !ok {
		return nil, false
	}
	var out []string
	for _, e := range elems {
		s, ok := constString(e)
		if !ok {
			return out, false
		}
		out = append(out, s)
	}
	return out, true
}
