package querysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/passes/querysite/evalenv"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// Table identity through a parameter every caller fills from the same Go
// value. The SDK's examples keep the table prefix in a package var of the
// program and hand it to each function that creates or queries a table:
//
//	var prefix string // set from a flag, then path.Join(db.Name(), prefix)
//	func prepareSchema(ctx context.Context, db *sql.DB, prefix string) error {
//		… render(createSeries, struct{ TablePathPrefix string }{prefix}) …
//	}
//	func selectSeries(ctx context.Context, db *sql.DB, prefix string) error {
//		… render(selectSeries, struct{ TablePathPrefix string }{prefix}) …
//	}
//	func main() { … prepareSchema(ctx, db, prefix); selectSeries(ctx, db, prefix) }
//
// The prefix's string is unknown, but the DDL and the query name their
// tables through the same value: the parameter's hole takes the identity
// (Hole.Key) of that value, so the query's table matches the DDL's exactly
// instead of by suffix among every program of the module that creates a
// table of that name.
//
// Only when every caller is known: a function without receiver, not
// generic, unexported or in package main (no other package calls it), never
// used as a value (no call through a func variable or interface), called
// at least once, and every call passes a value with the same identity
// (valueKey: a package var, a field, a parameterless function) or a
// parameter that itself qualifies (bounded depth). Anything else keeps the
// unkeyed hole.

// paramKeyState is the package-wide caller index, built on first use.
type paramKeyState struct {
	callers map[*ssa.Function][]ssa.CallInstruction
	escaped map[*ssa.Function]bool
	memo    map[*ssa.Parameter]string
	texts   map[*ssa.Parameter]*texts // paramArgText; nil value: none
}

// maxParamKeyDepth bounds the parameters followed through callers that
// pass their own parameter on.
const maxParamKeyDepth = 4

// paramKey returns the identity of the value every caller passes for p, or
// "" when callers disagree, are not all known, or pass a value without one.
func (a *pkgAnalysis) paramKey(p *ssa.Parameter) string {
	return a.paramKeyDepth(p, 0)
}

func (a *pkgAnalysis) paramKeyDepth(p *ssa.Parameter, depth int) string {
	if depth > maxParamKeyDepth || !isString(p.Type()) {
		return ""
	}
	st := a.paramKeyIndex()
	if k, ok := st.memo[p]; ok {
		return k
	}
	st.memo[p] = "" // a cycle of calls passing the parameter around has none
	k := a.computeParamKey(p, depth)
	st.memo[p] = k
	return k
}

// knownCallers returns every call of p's function and p's index among
// its parameters, when all calls are known (see above).
func (a *pkgAnalysis) knownCallers(p *ssa.Parameter) ([]ssa.CallInstruction, int) {
	fn := p.Parent()
	if fn == nil || fn.Parent() != nil || fn.Signature.Recv() != nil || fn.TypeParams().Len() > 0 || fn.Pkg != a.pkg {
		return nil, -1
	}
	obj, _ := fn.Object().(*types.Func)
	if obj == nil || obj.Exported() && a.pass.Pkg.Name() != "main" {
		return nil, -1
	}
	st := a.paramKeyIndex()
	calls := st.callers[fn]
	if st.escaped[fn] || len(calls) == 0 || a.prog.UnknownUse(obj) {
		// UnknownUse: a function whose body querysite does not see
		// may call it (ssaprog).
		return nil, -1
	}
	for i, q := range fn.Params {
		if q == p {
			return calls, i
		}
	}
	return nil, -1
}

func (a *pkgAnalysis) computeParamKey(p *ssa.Parameter, depth int) string {
	calls, idx := a.knownCallers(p)
	if idx < 0 {
		return ""
	}
	key := ""
	for _, call := range calls {
		args := call.Common().Args
		if idx >= len(args) {
			return ""
		}
		k := a.argKey(args[idx], depth)
		if k == "" || key != "" && k != key {
			return ""
		}
		key = k
	}
	return key
}

// argKey is the identity of an argument value: its valueKey, or through a
// closure's captured variable or the caller's own parameter.
func (a *pkgAnalysis) argKey(v ssa.Value, depth int) string {
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ssa.FreeVar:
			b, _ := ssaval.FreeVarBinding(x)
			if b == nil {
				return ""
			}
			v = b
			continue
		case *ssa.Parameter:
			return a.paramKeyDepth(x, depth+1)
		case *ssa.ChangeType:
			v = x.X
			continue
		}
		k, _ := valueKey(v)
		return k
	}
	return ""
}

// paramKeyIndex indexes the static calls of every function of the
// package and the functions used as values.
func (a *pkgAnalysis) paramKeyIndex() *paramKeyState {
	if a.paramKeys != nil {
		return a.paramKeys
	}
	st := &paramKeyState{
		callers: map[*ssa.Function][]ssa.CallInstruction{},
		escaped: map[*ssa.Function]bool{},
		memo:    map[*ssa.Parameter]string{},
		texts:   map[*ssa.Parameter]*texts{},
	}
	a.paramKeys = st
	fns := a.funcs
	if init := a.pkg.Func("init"); init != nil {
		// Package-level initialisers (calls, functions stored in vars).
		fns = append(append([]*ssa.Function(nil), fns...), init)
	}
	seen := map[*ssa.Function]bool{}
	var ops []*ssa.Value
	for _, fn := range fns {
		if seen[fn] {
			continue
		}
		seen[fn] = true
		for _, b := range a.prog.Blocks(fn) {
			for _, instr := range b.Instrs {
				var callee *ssa.Function
				if call, ok := instr.(ssa.CallInstruction); ok {
					common := call.Common()
					if f, ok := common.Value.(*ssa.Function); ok && !common.IsInvoke() {
						callee = f
						st.callers[f] = append(st.callers[f], call)
					}
				}
				ops = instr.Operands(ops[:0])
				for i, op := range ops {
					f, ok := (*op).(*ssa.Function)
					if !ok {
						continue
					}
					if i == 0 && f == callee {
						continue // the callee position of a static call
					}
					st.escaped[f] = true
				}
			}
		}
	}
	return st
}

// paramHole is the hole of a parameter not bound by the analysis context.
func (a *pkgAnalysis) paramHole(p *ssa.Parameter, pos, end token.Pos) piece {
	return holePiece(a.paramKey(p), p.Name(), pos, end)
}

// maxArgTextCallers bounds the calls whose arguments are compared.
const maxArgTextCallers = evalenv.MaxCallers

// paramArgText is the text every caller passes for p, when p has no
// identity of its own but all callers pass the same text without unknown
// pieces, as a program building its folder once in main and handing it to
// every helper does:
//
//	prefix := path.Join(db.Name(), "native/query")
//	createTables(ctx, db.Query(), prefix)
//	read(ctx, db.Query(), prefix)
//
// The text (here "{db.Name()}/native/query") is the same at every call,
// so the helpers' DDL and queries name the same tables.
func (a *pkgAnalysis) paramArgText(p *ssa.Parameter, c *ctx) (texts, bool) {
	if !isString(p.Type()) || c.depth > maxDepth/2 {
		return texts{}, false
	}
	st := a.paramKeyIndex()
	if t, done := st.texts[p]; done {
		if t == nil {
			return texts{}, false
		}
		return *t, true
	}
	st.texts[p] = nil // a cycle of calls passing the parameter around has none
	calls, idx := a.knownCallers(p)
	if idx < 0 || len(calls) > maxArgTextCallers {
		return texts{}, false
	}
	var out texts
	key := ""
	for i, call := range calls {
		common := call.Common()
		if idx >= len(common.Args) {
			return texts{}, false
		}
		var hint ast.Expr
		if ce := a.src.Call(common.Pos()); ce != nil && len(ce.Args) == len(common.Args) {
			hint = ce.Args[idx]
		}
		t := a.siteText(common.Args[idx], hint, &ctx{fn: call.Parent(), depth: c.depth + 1})
		k, ok := identityKey(t)
		if !ok || i > 0 && k != key {
			return texts{}, false
		}
		if i == 0 {
			out, key = t, k
		}
	}
	st.texts[p] = &out
	return out, true
}

// identityKey spells a single-variant text with holes by their keys; false
// when it has an unkeyed hole, a parameter or several variants.
func identityKey(t texts) (string, bool) {
	if len(t.vs) != 1 || t.truncated {
		return "", false
	}
	var b strings.Builder
	for _, p := range t.vs[0] {
		switch {
		case p.param >= 0, p.hole && p.key == "":
			return "", false
		case p.hole:
			b.WriteString("{" + p.key + "}")
		default:
			b.WriteString(p.text)
		}
	}
	return b.String(), true
}
