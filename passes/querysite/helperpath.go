package querysite

import (
	"go/constant"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// Table paths built inside a helper from its own parameter (issue 10):
//
//	func (w *Writer) upsert(ctx context.Context, name string, rows []types.Value) error {
//		return w.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
//			return s.BulkUpsert(ctx, path.Join(w.db.Name(), name), types.ListValue(rows...))
//		})
//	}
//	… w.upsert(ctx, "service_index", serviceRows) … w.upsert(ctx, "operation_index", opRows)
//
// Inside the helper the path is "{db.Name()}/<name>": a parameter whose
// callers pass different texts, so neither its identity (paramkey.go) nor
// one text every caller passes resolves it. The path is then a template of
// the helper's parameters, like a wrapper's query text: the helper is a
// wrapper (ydbSink fact, table=<template>) and each call of it is a site of
// its own, with the path instantiated from that call's arguments and the
// rows that call passes. A row is thereby only ever checked against the
// table of the call that writes it (one caller's rows never meet another
// caller's table), which a union of the callers' texts on the helper's own
// site could not promise. A call whose argument is not a known text keeps
// a hole at that argument (-explain names it); a caller passing its own
// parameter on is itself a wrapper with the instantiated template.
//
// Only the keyed writes and reads (BulkUpsert, ReadRows): a DDL helper
// keeps its site, whose paths schema discovery reads as before, and so
// does a StreamReadTable helper (its key range stays with it). The rows
// argument is forwarded with the path when it is the
// helper's parameter, or types.ListValue(p...) of its []types.Value
// parameter p (Rows with RowsList): the caller's slice, appended in a loop,
// is decoded at the caller (rowsOfList).

// tableTemplateKind reports whether a site of kind k may forward a table
// path template. Not StreamReadTable: its key range, read from the
// options inside the helper, would not reach the callers' sites.
func tableTemplateKind(k sdk.Kind) bool {
	return k == sdk.KindBulkUpsert || k == sdk.KindReadRows
}

// unresolvedParam reports whether the table NAME in t (what follows the
// last '/') has a parameter piece that a site of the function's own cannot
// read: no identity (paramKey) and no text every caller passes
// (paramArgText). A parameter in the folder only (path.Join(folder,
// "orders")) keeps the site in the helper: the catalogue finds the table
// by its name under an unknown folder, as before; so does a path whose
// parameters all resolve.
func unresolvedParam(t texts) bool {
	for _, v := range t.vs {
		for i := len(v) - 1; i >= 0; i-- {
			p := v[i]
			if p.param >= 0 && p.key == "" && len(p.arg) == 0 && !p.deref {
				return true
			}
			if p.param < 0 && !p.hole && strings.Contains(p.text, "/") {
				break
			}
		}
	}
	return false
}

// listRowsParam returns k when v is types.ListValue(p...) with p the
// enclosing declared function's parameter k (a []types.Value the callers
// fill), or -1.
func listRowsParam(v ssa.Value, c *ctx) int {
	name, args, _, ok := ssaval.CtorCall(ssaval.Peel(v))
	if !ok || name != "ListValue" || len(args) != 1 {
		return -1
	}
	return asParam(args[0], c)
}

// rowsOfList decodes the rows of a []types.Value a caller hands to a
// helper that wraps them in types.ListValue: a slice literal or appends
// (loops included), as rowshape.Decoder.Rows does for the list's items.
func (a *pkgAnalysis) rowsOfList(v ssa.Value, c *ctx) ([]*site.Row, bool) {
	items, ok := a.appendElems(ssaval.Peel(v), map[ssa.Value]bool{}, 0)
	rows, known := a.rows.ItemRows(items, a.classifier(c))
	return rows, ok && known && len(items) > 0
}

// wrappedTable records the table path at a call of a wrapper (tt: the
// argument of its table parameter, or its path template instantiated with
// the call's arguments). A path that is one of the caller's own parameters
// or a template of them is forwarded (the caller is a wrapper in turn);
// otherwise the site keeps the path, the caller's parameters as holes
// read like those of a site of its own (paramkey.go).
func (a *pkgAnalysis) wrappedTable(s *site.Site, fwd *forward, tt texts) {
	if tt.hasParam() {
		fwd.table = tt.onlyParam()
		if fwd.table < 0 && tableTemplateKind(s.Kind) && unresolvedParam(tt) {
			fwd.tableTexts = tt
		}
		if fwd.table >= 0 || fwd.tableTexts.hasParam() {
			return
		}
	}
	if len(tt.vs) > 0 {
		setTable(s, tt, s.Pos, s.End) // tablealt.go
	}
}

// carryTable keeps the path of a site whose rows are forwarded (the
// caller's rows, decoded at each call) while the path is not: a constant
// path, or one whose parameters resolve, travels with the wrapper as its
// table template, so the callers' sites name the table the wrapper writes
// (before, a wrapper forwarding only its rows left its callers without a
// table).
func (a *pkgAnalysis) carryTable(s *site.Site, fwd *forward, tt texts) {
	if fwd.rows < 0 || fwd.table >= 0 || len(fwd.tableTexts.vs) > 0 || len(tt.vs) == 0 || !tableTemplateKind(s.Kind) {
		return
	}
	fwd.tableTexts = tt
}

// wrappedRows decodes the rows a local wrapper with a path template
// builds itself (from its own parameters, whose values are then not
// known, or from constants), at the SDK call inside it: every call of the
// wrapper writes them to its own table. A wrapper of another package
// (a fact) carries no rows: its callers' sites have none.
func (a *pkgAnalysis) wrappedRows(sum *sinkSummary) ([]*site.Row, bool) {
	if sum.inner == nil || sum.innerFn == nil {
		return nil, false
	}
	t := a.target(sum.inner)
	if t.entry == nil {
		return nil, false // a wrapper of a wrapper: not followed
	}
	args, _ := ssaval.SplitRecv(sum.inner)
	i := t.entry.ArgIndex(sdk.RoleRows)
	if i < 0 || i >= len(args) {
		return nil, false
	}
	return a.rows.Rows(args[i], a.classifier(&ctx{fn: sum.innerFn}))
}

// returnedElems returns the elements of the slice a function of the
// package returns as its result idx (rows := buildRows(spans), or rows,
// err := …): the union over its return statements of what each returns,
// built by appends in loops or a literal (nil on an error path adds
// nothing). A function without a body here (another package's, or one
// querysite does not see) or returning anything else is not followed.
func (a *pkgAnalysis) returnedElems(fn *ssa.Function, idx int, seen map[ssa.Value]bool, depth int) ([]ssa.Value, bool) {
	n := fn.Signature.Results().Len()
	if len(a.prog.Blocks(fn)) == 0 || idx >= n || depth > maxDepth {
		return nil, false
	}
	var out []ssa.Value
	found := false
	for _, b := range a.prog.Blocks(fn) {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != n {
			continue
		}
		found = true
		el, ok := a.appendElems(ret.Results[idx], seen, depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, el...)
	}
	return out, found
}

// appendElems returns the elements of a slice built by a literal, a
// variadic list, or append calls (through φ in loops).
func (a *pkgAnalysis) appendElems(v ssa.Value, seen map[ssa.Value]bool, depth int) ([]ssa.Value, bool) {
	if depth > maxDepth || seen[v] {
		return nil, true // a loop back edge adds nothing new
	}
	seen[v] = true
	if elems, ok := ssaval.SliceElems(v); ok {
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
			more, ok2 := ssaval.SliceElems(x.Call.Args[1])
			return append(base, more...), ok1 && ok2
		}
		if callee := x.Call.StaticCallee(); callee != nil && !x.Call.IsInvoke() {
			return a.returnedElems(callee, 0, seen, depth+1)
		}
	case *ssa.Extract:
		// rows, err := buildRows(…)
		if call, ok := x.Tuple.(*ssa.Call); ok && !call.Call.IsInvoke() {
			if callee := call.Call.StaticCallee(); callee != nil {
				return a.returnedElems(callee, x.Index, seen, depth+1)
			}
		}
	case *ssa.FreeVar:
		// A slice a retrier's closure captures by value.
		if b, _ := ssaval.FreeVarBinding(x); b != nil {
			return a.appendElems(b, seen, depth+1)
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			addr := x.X
			if fv, ok := addr.(*ssa.FreeVar); ok {
				// A captured variable: the closure reads the cell its
				// creator appends to (the closure runs after the loop
				// that fills it, as a retrier's does).
				if b, _ := ssaval.FreeVarBinding(fv); b != nil {
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
