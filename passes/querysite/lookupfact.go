package querysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// lookupFact is the text summary of a helper that picks its text from a
// package lookup table by one of its parameters (jaeger-ydb-store's
// schema.BuildQuery(path, name)): one text per key of the table, so that a
// caller in another package passing a constant key gets that entry's text
// and nothing else. Keys and Texts are parallel, in the literal's order.
type lookupFact struct {
	Param     int      // the key parameter (receiver excluded)
	Keys      []string // constant.Value.ExactString of each key
	Texts     [][]factVariant
	Truncated bool
}

func (*lookupFact) AFact() {}

func (f *lookupFact) String() string {
	var b strings.Builder
	b.WriteString("ydbLookupText(param=" + strconv.Itoa(f.Param))
	for i, k := range f.Keys {
		b.WriteString("; " + k + ":")
		for j, v := range f.Texts[i] {
			if j > 0 {
				b.WriteString(" |")
			}
			b.WriteString(" " + v.String())
		}
	}
	return b.String() + ")"
}

// maxLookupKeys bounds the entries summarised per helper.
const maxLookupKeys = 64

// exportLookupFacts exports a lookupFact for every function of the package
// that indexes a lookup table by one of its parameters.
func (a *pkgAnalysis) exportLookupFacts() {
	for _, fn := range a.funcs {
		obj := funcObj(fn)
		if obj == nil || obj.Pkg() != a.pass.Pkg || !obj.Exported() || fn.Signature.Results().Len() != 1 || !isString(fn.Signature.Results().At(0).Type()) {
			continue
		}
		if f := a.lookupSummary(fn); f != nil {
			a.pass.ExportObjectFact(obj, f)
		}
	}
}

// lookupSummary evaluates fn once per key of the table it indexes by a
// parameter, the parameter bound to the key.
func (a *pkgAnalysis) lookupSummary(fn *ssa.Function) *lookupFact {
	p, g := a.lookupParam(fn)
	if p == nil {
		return nil
	}
	obj, _ := g.Object().(*types.Var)
	if obj == nil || obj.Pkg() != a.pass.Pkg {
		return nil
	}
	init, ok := ast.Unparen(a.specValue(obj)).(*ast.CompositeLit)
	if !ok || len(init.Elts) == 0 || len(init.Elts) > maxLookupKeys {
		return nil
	}
	if !a.isLookupTable(g) {
		return nil
	}
	idx := -1
	recv := 0
	if fn.Signature.Recv() != nil {
		recv = 1
	}
	for i, q := range fn.Params {
		if q == p {
			idx = i - recv
		}
	}
	if idx < 0 {
		return nil
	}
	f := &lookupFact{Param: idx}
	for _, el := range init.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return nil
		}
		tv, ok := a.pass.TypesInfo.Types[kv.Key]
		if !ok || tv.Value == nil {
			return nil
		}
		key := ssa.NewConst(tv.Value, p.Type())
		c := &ctx{fn: fn, top: fn, binds: map[*ssa.Parameter]bound{p: {v: key, c: &ctx{fn: fn}}}}
		var t texts
		for _, b := range a.prog.Blocks(fn) {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
				t = union(t, a.text(ret.Results[0], nil, c))
			}
		}
		if t.cyclic || !hasLiteral(t) {
			return nil
		}
		f.Keys = append(f.Keys, tv.Value.ExactString())
		f.Texts = append(f.Texts, factVariants(t))
		f.Truncated = f.Truncated || t.truncated
	}
	return f
}

// isLookupTable reports whether g is a read-only map initialised by a
// literal (tableEntry's conditions, without a key).
func (a *pkgAnalysis) isLookupTable(g *ssa.Global) bool {
	stores, escaped := a.globalStores(g)
	return !escaped && len(stores) == 1 && a.onlyLookedUp(g)
}

// lookupParam returns the parameter fn indexes a package map with, and
// the map.
func (a *pkgAnalysis) lookupParam(fn *ssa.Function) (*ssa.Parameter, *ssa.Global) {
	for _, b := range a.prog.Blocks(fn) {
		for _, instr := range b.Instrs {
			lk, ok := instr.(*ssa.Lookup)
			if !ok {
				continue
			}
			p, ok := lk.Index.(*ssa.Parameter)
			if !ok || p.Parent() != fn {
				continue
			}
			if u, ok := lk.X.(*ssa.UnOp); ok {
				if g, ok := u.X.(*ssa.Global); ok {
					return p, g
				}
			}
		}
	}
	return nil, nil
}

// lookupCall instantiates an imported lookupFact at a call whose key
// argument is a constant.
func (a *pkgAnalysis) lookupCall(obj *types.Func, common *ssa.CallCommon, ce *ast.CallExpr, c *ctx) (texts, bool) {
	if obj.Pkg() == a.pass.Pkg {
		return texts{}, false
	}
	f := new(lookupFact)
	if !a.pass.ImportObjectFact(obj, f) {
		return texts{}, false
	}
	args, hints := callArgs(common, ce)
	if f.Param >= len(args) {
		return texts{}, false
	}
	pos, end := common.Pos(), common.Pos()
	if ce != nil {
		pos, end = ce.Pos(), ce.End()
	}
	kv, kc, _ := c.resolveBound(args[f.Param])
	if kc == nil {
		kc = c
	}
	if k, ok := kv.(*ssa.Const); ok && k.Value != nil {
		key := k.Value.ExactString()
		for i, fk := range f.Keys {
			if fk == key && i < len(f.Texts) {
				return a.instantiate(variantsFromFact(f.Texts[i], pos, end), f.Truncated, args, hints, c), true
			}
		}
		return texts{}, false
	}
	if keys, ok := constKeys(kv); ok {
		// A φ of constants (the key picked by an if): the entries of
		// those keys.
		var out texts
		for i, fk := range f.Keys {
			if keys[fk] && i < len(f.Texts) {
				out = union(out, a.instantiate(variantsFromFact(f.Texts[i], pos, end), f.Truncated, args, hints, c))
			}
		}
		return out, len(out.vs) > 0
	}
	return a.keyedLookup(f, kv, kc, args, hints, pos, end, c)
}

// keyedLookup is the text of a lookup helper whose key is a parameter k of
// the function being summarised (jaeger-ydb-store's
// queries.BuildPartitionQuery(queryName, …) inside a helper handed
// queryName by its callers): one variant per key of the table, each led by
// the condition "parameter k == key", so that the summary becomes a
// wrapper and each caller passing a constant gets that entry's text only
// (instantiate, keyCondition). Not a parameter: not recovered here.
func (a *pkgAnalysis) keyedLookup(f *lookupFact, key ssa.Value, kc *ctx, args []ssa.Value, hints []ast.Expr, pos, end token.Pos, c *ctx) (texts, bool) {
	if kc.top != c.top {
		return texts{}, false // a parameter of some other function
	}
	k := asParam(key, kc)
	if k < 0 || len(f.Keys) != len(f.Texts) {
		return texts{}, false
	}
	var out texts
	for i, fk := range f.Keys {
		entry := a.instantiate(variantsFromFact(f.Texts[i], pos, end), f.Truncated, args, hints, c)
		cond := single(piece{param: k, keyEq: fk, pos: pos, end: end, desc: "lookup key"})
		out = union(out, concat(cond, entry))
	}
	return out, len(out.vs) > 0
}

// keyCondition resolves the condition piece p at a call with args: keep
// says whether the variant can hold (the argument is the constant p.keyEq,
// or a φ of constants including it); cond is the condition carried on to
// the caller's own parameter when the argument is one. known is false when
// the argument is neither: the entry is then not chosen for certain.
func (a *pkgAnalysis) keyCondition(p piece, args []ssa.Value, c *ctx) (cond texts, keep, known bool) {
	if p.param >= len(args) {
		return texts{}, false, false
	}
	v, vc, _ := c.resolveBound(args[p.param])
	if vc == nil {
		vc = c
	}
	if k, ok := v.(*ssa.Const); ok {
		return single(), k.Value != nil && k.Value.ExactString() == p.keyEq, k.Value != nil
	}
	if keys, ok := constKeys(v); ok {
		return single(), keys[p.keyEq], true
	}
	if k := asParam(v, vc); k >= 0 && vc.top == c.top {
		q := p
		q.param = k
		return single(q), true, true
	}
	return texts{}, false, false
}

// constKeys returns the constants a φ (through captured variables) can
// take, when every edge is a constant.
func constKeys(v ssa.Value) (map[string]bool, bool) {
	for i := 0; i < 8; i++ {
		fv, ok := v.(*ssa.FreeVar)
		if !ok {
			break
		}
		b, _ := freeVarBinding(fv)
		if b == nil {
			return nil, false
		}
		v = b
	}
	phi, ok := v.(*ssa.Phi)
	if !ok {
		return nil, false
	}
	keys := map[string]bool{}
	var walk func(x ssa.Value, depth int) bool
	seen := map[*ssa.Phi]bool{}
	walk = func(x ssa.Value, depth int) bool {
		switch x := x.(type) {
		case *ssa.Const:
			if x.Value == nil {
				return false
			}
			keys[x.Value.ExactString()] = true
			return true
		case *ssa.Phi:
			if seen[x] {
				return true
			}
			if depth > 8 {
				return false
			}
			seen[x] = true
			for _, e := range x.Edges {
				if !walk(e, depth+1) {
					return false
				}
			}
			return true
		}
		return false
	}
	if !walk(phi, 0) || len(keys) == 0 {
		return nil, false
	}
	return keys, true
}

// atKey moves the entry text chosen at a call by a constant key to that
// key's expression (the query name the caller passes): the entry's
// literal pieces carry the position of the lookup call, which every key
// shares, while the constant says which query a finding is about. Only the
// pieces placed at the condition's own call move.
func atKey(v variant, cond piece, key ast.Expr) variant {
	if key == nil || !key.Pos().IsValid() {
		return v
	}
	out := make(variant, len(v))
	copy(out, v)
	for i := range out {
		if q := &out[i]; q.param < 0 && !q.exact && q.pos == cond.pos && q.end == cond.end {
			q.pos, q.end = key.Pos(), key.End()
		}
	}
	return out
}
