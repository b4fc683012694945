package querysite

import (
	"go/ast"
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
	p, g := lookupParam(fn)
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
		for _, b := range fn.Blocks {
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
func lookupParam(fn *ssa.Function) (*ssa.Parameter, *ssa.Global) {
	for _, b := range fn.Blocks {
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
	kv, _, _ := c.resolveBound(args[f.Param])
	k, ok := kv.(*ssa.Const)
	if !ok || k.Value == nil {
		return texts{}, false
	}
	key := k.Value.ExactString()
	for i, fk := range f.Keys {
		if fk == key && i < len(f.Texts) {
			pos, end := common.Pos(), common.Pos()
			if ce != nil {
				pos, end = ce.Pos(), ce.End()
			}
			return a.instantiate(variantsFromFact(f.Texts[i], pos, end), f.Truncated, args, hints, c), true
		}
	}
	return texts{}, false
}
