package querysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/ssacell"
)

// A package-level map of query texts (or of small structs holding one)
// initialised by a composite literal and never written afterwards is a
// lookup table: m[k] with a constant k — also a parameter of a helper
// inlined at a call with a constant — is the entry's value, read from the
// literal so that positions stay exact:
//
//	var queries = map[string]queryInfo{
//		"by-id": {"events", queryByID},
//	}
//	q := queries["by-id"]
//	fmt.Sprintf(q.query, prefix+q.table)
//
// A key that is not a constant, a missing key, an entry that is not a
// constant expression, or a map written anywhere else stays a hole.

// lookupText recovers v when it is m[k], or field field of m[k] (field < 0:
// the value itself), from a lookup table.
//
// A map entry whose key is not known is a hole, never the union of the
// map's entries: a helper's summary must not carry every entry to callers
// that pass a constant key (they would be checked against texts they never
// run).
func (a *pkgAnalysis) lookupText(v ssa.Value, field int, hint ast.Expr, c *ctx) (texts, bool) {
	t, ok, isLookup := a.lookupText1(v, field, hint, c)
	if !ok && isLookup {
		pos, end := exprRange(hint, v)
		desc := "map entry"
		if hint != nil {
			desc = types.ExprString(hint)
		}
		return single(holePiece("", desc, pos, end)), true
	}
	return t, ok
}

func (a *pkgAnalysis) lookupText1(v ssa.Value, field int, hint ast.Expr, c *ctx) (texts, bool, bool) {
	var lk *ssa.Lookup
	switch x := v.(type) {
	case *ssa.Lookup:
		if !x.CommaOk {
			lk = x
		}
	case *ssa.Extract:
		if l, ok := x.Tuple.(*ssa.Lookup); ok && x.Index == 0 {
			lk = l
		}
	}
	if lk == nil {
		return texts{}, false, false
	}
	load, ok := lk.X.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return texts{}, false, true
	}
	g, ok := load.X.(*ssa.Global)
	if !ok {
		return texts{}, false, true
	}
	key, _, _ := c.resolveBound(lk.Index)
	kc, ok := key.(*ssa.Const)
	if !ok || kc.Value == nil {
		return texts{}, false, true
	}
	e := a.tableEntry(g, kc.Value)
	if e == nil {
		return texts{}, false, true
	}
	if field >= 0 {
		if e = structField(a.pass.TypesInfo, e, field); e == nil {
			return texts{}, false, true
		}
	}
	if t, ok := a.entryVar(e, c); ok {
		return t, true, true
	}
	tv, ok := a.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return texts{}, false, true
	}
	if ps, ok := a.decompose(e, 0); ok && joined(ps) == constant.StringVal(tv.Value) {
		return single(ps...), true, true
	}
	return single(lit(constant.StringVal(tv.Value), e.Pos(), e.End(), false)), true, true
}

// tableEntry returns the value expression for key in the composite literal
// initialising the package map g, when g is a lookup table: declared in
// this package, initialised by a map literal, stored only by that
// initialisation and not otherwise used than loaded.
func (a *pkgAnalysis) tableEntry(g *ssa.Global, key constant.Value) ast.Expr {
	obj, _ := g.Object().(*types.Var)
	if obj == nil || obj.Pkg() != a.pass.Pkg {
		return nil
	}
	if _, ok := obj.Type().Underlying().(*types.Map); !ok {
		return nil
	}
	init, ok := ast.Unparen(a.specValue(obj)).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	stores, escaped := a.globalStores(g)
	if escaped || len(stores) != 1 || !a.onlyLookedUp(g) {
		return nil
	}
	var found ast.Expr
	for _, el := range init.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return nil
		}
		tv, ok := a.pass.TypesInfo.Types[kv.Key]
		if !ok || tv.Value == nil {
			return nil // a computed key could be any key
		}
		if tv.Value.Kind() == key.Kind() && constant.Compare(tv.Value, token.EQL, key) {
			found = kv.Value
		}
	}
	return found
}

// onlyLookedUp reports whether every load of g is only read by lookups
// and len/range (no map writes, no delete, not passed away).
func (a *pkgAnalysis) onlyLookedUp(g *ssa.Global) bool {
	if a.prog.UnknownUse(g.Object()) {
		return false // a function whose body querysite does not see may write it (ssaprog)
	}
	for _, fn := range a.funcs {
		for _, b := range a.prog.Blocks(fn) {
			for _, instr := range b.Instrs {
				u, ok := instr.(*ssa.UnOp)
				if !ok || u.Op != token.MUL || u.X != g || u.Referrers() == nil {
					continue
				}
				for _, rr := range *u.Referrers() {
					switch rr := rr.(type) {
					case *ssa.Lookup, *ssa.DebugRef, *ssa.Range:
					case *ssa.Call:
						if b, ok := rr.Call.Value.(*ssa.Builtin); !ok || b.Name() != "len" {
							return false
						}
					default:
						return false
					}
				}
			}
		}
	}
	return true
}

// structField returns the expression of field i in a struct composite
// literal (keyed or positional; the element type may be elided).
func structField(info *types.Info, e ast.Expr, i int) ast.Expr {
	cl, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	tv, ok := info.Types[cl]
	if !ok {
		return nil
	}
	st, ok := tv.Type.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil
	}
	for j, el := range cl.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == st.Field(i).Name() {
				return kv.Value
			}
			continue
		}
		if j == i {
			return el
		}
	}
	return nil
}

// readOnlyStruct returns the value stored into a local struct variable
// that is written once as a whole and otherwise only read, field by field.
func readOnlyStruct(al *ssa.Alloc) ssa.Value {
	return ssacell.SingleStore(al, func(instr ssa.Instruction) bool {
		fa, ok := instr.(*ssa.FieldAddr)
		return ok && ssacell.OnlyLoaded(fa, nil)
	})
}

// entryVar recovers an entry that names a package-level string variable of
// this package (var queryByID = "SELECT …"), as the variable itself.
func (a *pkgAnalysis) entryVar(e ast.Expr, c *ctx) (texts, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || a.pkg == nil {
		return texts{}, false
	}
	obj, ok := a.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || obj.Pkg() != a.pass.Pkg || obj.Parent() != a.pass.Pkg.Scope() || !isString(obj.Type()) {
		return texts{}, false
	}
	g, ok := a.pkg.Members[obj.Name()].(*ssa.Global)
	if !ok {
		return texts{}, false
	}
	t := a.globalText(g, id, c)
	if !hasLiteral(t) {
		return texts{}, false
	}
	return t, true
}
