package querysite

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval"
	"github.com/ydblint/ydblint/internal/sdk"
)

// evalEnv is goeval's view of the package under analysis: the bodies
// querysite's SSA program shows (ssaprog), the package's own functions by
// name, the methods of the types the package can name, and the package
// variables only its initialiser assigns, and the summaries imported
// packages export (evalfact.go). Another package's variable is a hole.
type evalEnv struct {
	a      *pkgAnalysis
	byName map[string]*ssa.Function // the package's functions, by (*ssa.Function).String
	types  map[string]types.Type    // named types the package can reach, by types.TypeString
	// imports are the packages the package imports, directly or not, by
	// path; facts, the evalFact each exported (nil: none).
	imports map[string]*types.Package
	facts   map[*types.Package]*evalFact
}

func newEvalEnv(a *pkgAnalysis) *evalEnv {
	env := &evalEnv{a: a, byName: map[string]*ssa.Function{}}
	for _, fn := range a.funcs {
		if fn.Parent() == nil {
			env.byName[fn.String()] = fn
		}
	}
	return env
}

// evaluator returns the package's Evaluator, made at the first site that
// asks for one: packages without sites pay nothing.
func (a *pkgAnalysis) evaluator() *goeval.Evaluator {
	if a.eval == nil {
		a.eval = goeval.New(newEvalEnv(a), goeval.Budget{})
	}
	return a.eval
}

// Body allows the package's own functions whose bodies querysite's
// program shows, and synthetic wrappers of them; never the SDK.
func (env *evalEnv) Body(fn *ssa.Function) bool {
	if fn == nil || len(env.a.prog.Blocks(fn)) == 0 {
		return false
	}
	if fn.Pkg == env.a.pkg {
		return true
	}
	if fn.Synthetic == "" {
		return false
	}
	obj, _ := fn.Object().(*types.Func)
	return obj != nil && obj.Pkg() == env.a.pass.Pkg && !sdk.InSDK(obj.Pkg().Path())
}

// Lookup resolves a function of the package to its body, and an exported
// function or method of an imported package (direct or not) to the
// summary that package exported (evalFact).
func (env *evalEnv) Lookup(name string) goeval.Callee {
	if fn := env.byName[name]; fn != nil && len(env.a.prog.Blocks(fn)) > 0 {
		return goeval.Callee{Fn: fn}
	}
	f := env.fact(env.importedPkg(funcPkgPath(name)))
	if f == nil {
		return goeval.Callee{}
	}
	return goeval.Callee{Summary: f.lookup(name)}
}

// fact is the evalFact pkg exported, nil when none (or pkg is nil).
func (env *evalEnv) fact(pkg *types.Package) *evalFact {
	if pkg == nil {
		return nil
	}
	f, ok := env.facts[pkg]
	if !ok {
		f = new(evalFact)
		if !env.a.pass.ImportPackageFact(pkg, f) {
			f = nil
		}
		if env.facts == nil {
			env.facts = map[*types.Package]*evalFact{}
		}
		env.facts[pkg] = f
	}
	return f
}

// funcPkgPath is the package path of a function or method spelled as
// (*ssa.Function).String spells a source function: "p/q.F", "(*p/q.T).M",
// "(p/q.T).M"; "" for anything else (closures, instantiations, wrappers).
func funcPkgPath(name string) string {
	if strings.ContainsAny(name, "[$ ") {
		return ""
	}
	if strings.HasPrefix(name, "(") {
		end := strings.Index(name, ")")
		if end < 0 {
			return ""
		}
		name = strings.TrimPrefix(name[1:end], "*")
	}
	slash := strings.LastIndex(name, "/")
	dot := strings.LastIndex(name, ".")
	if dot <= slash {
		return ""
	}
	return name[:dot]
}

// importedPkg finds the package with the given path among the package's
// imports, direct and indirect (facts reach importers through every
// path of the import graph).
func (env *evalEnv) importedPkg(path string) *types.Package {
	if path == "" || path == env.a.pass.Pkg.Path() {
		return nil
	}
	if env.imports == nil {
		env.imports = map[string]*types.Package{}
		var walk func(p *types.Package)
		walk = func(p *types.Package) {
			for _, imp := range p.Imports() {
				if _, seen := env.imports[imp.Path()]; !seen {
					env.imports[imp.Path()] = imp
					walk(imp)
				}
			}
		}
		walk(env.a.pass.Pkg)
	}
	return env.imports[path]
}

// Method resolves a method of a type the package declares or imports
// directly (pointer types included).
func (env *evalEnv) Method(typ, method string) string {
	t := env.typeNamed(typ)
	if t == nil {
		return ""
	}
	prog := env.a.prog.Prog
	for _, pkg := range []*types.Package{env.a.pass.Pkg, typePkg(t)} {
		sel := prog.MethodSets.MethodSet(t).Lookup(pkg, method)
		if sel == nil {
			continue
		}
		obj, _ := sel.Obj().(*types.Func)
		if obj == nil {
			continue
		}
		if prog.Package(obj.Pkg()) == nil {
			// A package SSA did not create (its summaries come as facts):
			// a method declared on the type itself is named as SSA
			// names it; a promoted one needs the wrapper SSA would make.
			if len(sel.Index()) == 1 {
				return obj.Origin().FullName()
			}
			continue
		}
		if fn := prog.MethodValue(sel); fn != nil {
			return fn.String()
		}
	}
	return ""
}

func typePkg(t types.Type) *types.Package {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Pkg()
	}
	return nil
}

// typeNamed finds the named type (or pointer to one) spelled typ among the
// package's and its direct imports' package-level types.
func (env *evalEnv) typeNamed(typ string) types.Type {
	if env.types == nil {
		env.types = map[string]types.Type{}
		add := func(p *types.Package) {
			for _, name := range p.Scope().Names() {
				tn, ok := p.Scope().Lookup(name).(*types.TypeName)
				if !ok || tn.IsAlias() {
					continue
				}
				t := tn.Type()
				if n, ok := t.(*types.Named); ok && n.TypeParams().Len() > 0 {
					continue
				}
				env.types[types.TypeString(t, nil)] = t
				env.types[types.TypeString(types.NewPointer(t), nil)] = types.NewPointer(t)
			}
		}
		add(env.a.pass.Pkg)
		for _, imp := range env.a.pass.Pkg.Imports() {
			add(imp)
		}
	}
	return env.types[typ]
}

func (env *evalEnv) Implementations(string, string) []string { return nil }

// Callers are complete for a constructor that stores a string parameter
// into a field: every call known (paramkey.go, knownCallers: unexported or
// package main, never used as a value), at most maxArgTextCallers of them,
// each passing a constant for a stored parameter (the table), a constant
// or the value every other call passes for the other stored parameters
// (the folder a constructor of per-table writers shares), and no other
// string parameter varying between the calls (two varying parameters would
// pair one call's table with another's column). Any other function's
// parameters stay parameters: at the site's function they are the
// wrapper's parameter pieces, instantiated at its callers through the
// wrapper facts.
func (env *evalEnv) Callers(fn *ssa.Function) ([]ssa.CallInstruction, bool) {
	stored := storedStringParams(fn)
	if len(stored) == 0 {
		return nil, false
	}
	calls, idx := env.a.knownCallers(fn.Params[stored[0]])
	if idx < 0 || len(calls) > maxArgTextCallers {
		return nil, false
	}
	named := false // a stored parameter every call passes a constant for
	for i, p := range fn.Params {
		if !isString(p.Type()) {
			continue
		}
		isStored := slices.Contains(stored, i)
		constant := true
		for _, call := range calls {
			args := call.Common().Args
			if len(args) != len(fn.Params) {
				return nil, false
			}
			k, isConst := args[i].(*ssa.Const)
			constant = constant && isConst && k.Value != nil
			if isStored && constant {
				continue
			}
			if !sameArg(args[i], calls[0].Common().Args[i]) {
				return nil, false
			}
		}
		named = named || isStored && constant
	}
	if !named {
		// Only values of the callers' own (a folder they share): the
		// constructor's parameters stay holes keyed where they are
		// stored, as a field's.
		return nil, false
	}
	if len(stored) > 1 && !onlyOneVaries(calls, stored) {
		return nil, false
	}
	return calls, true
}

// storedStringParams are the indices of fn's string parameters that fn
// stores, as they are, into a field.
func storedStringParams(fn *ssa.Function) []int {
	if fn == nil {
		return nil
	}
	var out []int
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			st, ok := in.(*ssa.Store)
			if !ok {
				continue
			}
			if _, isField := st.Addr.(*ssa.FieldAddr); !isField {
				continue
			}
			p, ok := st.Val.(*ssa.Parameter)
			if !ok || !isString(p.Type()) {
				continue
			}
			if i := slices.Index(fn.Params, p); i >= 0 && !slices.Contains(out, i) {
				out = append(out, i)
			}
		}
	}
	slices.Sort(out)
	return out
}

// sameArg reports whether two calls pass the same value: the very same SSA
// value (the caller's own parameter) or equal constants.
func sameArg(x, y ssa.Value) bool {
	if x == y {
		return true
	}
	kx, okx := x.(*ssa.Const)
	ky, oky := y.(*ssa.Const)
	return okx && oky && kx.Value != nil && ky.Value != nil && constant.Compare(kx.Value, token.EQL, ky.Value)
}

// onlyOneVaries reports whether at most one of the stored parameters gets
// different constants from the calls.
func onlyOneVaries(calls []ssa.CallInstruction, stored []int) bool {
	varying := 0
	for _, i := range stored {
		for _, call := range calls[1:] {
			if !sameArg(call.Common().Args[i], calls[0].Common().Args[i]) {
				varying++
				break
			}
		}
	}
	return varying <= 1
}

// InitOnly holds for a variable of the package that nothing takes the
// address of and only the package initialiser assigns; a //go:embed
// variable is assigned by the toolchain.
func (env *evalEnv) InitOnly(g *ssa.Global) bool {
	obj, _ := g.Object().(*types.Var)
	if obj == nil || obj.Pkg() != env.a.pass.Pkg {
		return false
	}
	if _, _, ok := env.a.embedded(obj); ok {
		return false
	}
	stores, escaped := env.a.globalStores(g)
	if escaped {
		return false
	}
	for _, st := range stores {
		if st.Parent().Synthetic != "package initializer" {
			return false
		}
	}
	if _, isMap := obj.Type().Underlying().(*types.Map); isMap {
		// The variable is assigned once, but the map it holds is shared:
		// only a map nothing but lookups reads (onlyLookedUp) holds its
		// literal's entries everywhere. One written after initialisation is
		// not a lookup table.
		return env.a.onlyLookedUp(g)
	}
	return true
}

// Global answers with the values an imported package exported of its
// variables (evalFact.Vars).
func (env *evalEnv) Global(name string) *goeval.Summary {
	if f := env.fact(env.importedPkg(funcPkgPath(name))); f != nil {
		return f.global(name)
	}
	return nil
}

// Stores lists the writes to an unexported string field of a local named
// struct whose address never escapes (fields.go's index), at most
// maxFieldStores of them.
func (env *evalEnv) Stores(typ string, field int) ([]goeval.Store, bool) {
	t := env.typeNamed(typ)
	if t == nil {
		return nil, false
	}
	id, ok := env.a.localField(t, field)
	if !ok || env.a.prog.UnknownField(id.obj, id.field) {
		return nil, false
	}
	fi := env.a.fieldIndex().info[id]
	if fi == nil || fi.escaped || len(fi.stores) == 0 || len(fi.stores) > maxFieldStores {
		return nil, false
	}
	out := make([]goeval.Store, len(fi.stores))
	for i, st := range fi.stores {
		out[i] = goeval.Store{Fn: st.Parent(), Val: st.Val}
	}
	return out, true
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
