package evalenv

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/goeval"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/ssaprog"
)

// Host is the pass as evalenv sees it: the package querysite analyses,
// the bodies its SSA program shows (ssaprog), and three answers only the
// pass's state gives.
type Host interface {
	Pass() *analysis.Pass
	Package() *ssa.Package     // the package's SSA
	Program() *ssaprog.Program // the bodies the pass sees, and the uses it does not
	Funcs() []*ssa.Function    // the package's functions the pass reads, initialiser included
	// KnownCallers returns every call of p's function and p's index among
	// its parameters when all calls are known, else index -1.
	KnownCallers(p *ssa.Parameter) ([]ssa.CallInstruction, int)
	// GlobalStores lists the stores to g in the package, and whether g's
	// address escapes them.
	GlobalStores(g *ssa.Global) ([]*ssa.Store, bool)
	// Embedded reports whether obj is a //go:embed variable, and the
	// text of its file when the host can read it (one file inside the
	// package directory, size-bounded).
	Embedded(obj *types.Var) (text string, readable, embedded bool)
}

// Package is the package under analysis as evalenv knows it: its Host and
// the index of the writes to its local string fields (fields.go), built
// once and shared by the Envs it makes.
type Package struct {
	h      Host
	fields *fieldState
}

// NewPackage returns h's Package; nothing is computed before an Env asks.
func NewPackage(h Host) *Package { return &Package{h: h} }

// Env is goeval's view of the package under analysis (goeval.Env): the
// bodies querysite's SSA program shows (ssaprog), the package's own
// functions by name, the methods of the types the package can name, the
// package variables only its initialiser assigns, and the summaries
// imported packages export (Fact). Another package's variable is a hole.
type Env struct {
	p      *Package
	h      Host
	byName map[string]*ssa.Function // the package's functions, by (*ssa.Function).String
	types  map[string]types.Type    // named types the package can reach, by types.TypeString
	// imports are the packages the package imports, directly or not, by
	// path; facts, the Fact each exported (nil: none).
	imports map[string]*types.Package
	facts   map[*types.Package]*Fact
}

// Env returns a new Env of the package: its caches are its own, the field
// index is the Package's.
func (p *Package) Env() *Env {
	env := &Env{p: p, h: p.h, byName: map[string]*ssa.Function{}}
	for _, fn := range p.h.Funcs() {
		if fn.Parent() == nil {
			env.byName[fn.String()] = fn
		}
	}
	return env
}

// Body allows the package's own functions whose bodies querysite's
// program shows, and synthetic wrappers of them; never the SDK.
func (env *Env) Body(fn *ssa.Function) bool {
	if fn == nil || len(env.h.Program().Blocks(fn)) == 0 {
		return false
	}
	if fn.Pkg == env.h.Package() {
		return true
	}
	if fn.Synthetic == "" {
		return false
	}
	obj, _ := fn.Object().(*types.Func)
	return obj != nil && obj.Pkg() == env.h.Pass().Pkg && !sdk.InSDK(obj.Pkg().Path())
}

// Lookup resolves a function of the package to its body, and an exported
// function or method of an imported package (direct or not) to the
// summary that package exported (Fact).
func (env *Env) Lookup(name string) goeval.Callee {
	if fn := env.byName[name]; fn != nil && len(env.h.Program().Blocks(fn)) > 0 {
		return goeval.Callee{Fn: fn}
	}
	f := env.fact(env.importedPkg(goeval.PackagePath(name)))
	if f == nil {
		return goeval.Callee{}
	}
	return goeval.Callee{Summary: f.lookup(name)}
}

// fact is the Fact pkg exported, nil when none (or pkg is nil).
func (env *Env) fact(pkg *types.Package) *Fact {
	if pkg == nil {
		return nil
	}
	f, ok := env.facts[pkg]
	if !ok {
		f = new(Fact)
		if !env.h.Pass().ImportPackageFact(pkg, f) {
			f = nil
		}
		if env.facts == nil {
			env.facts = map[*types.Package]*Fact{}
		}
		env.facts[pkg] = f
	}
	return f
}

// importedPkg finds the package with the given path among the package's
// imports, direct and indirect (facts reach importers through every
// path of the import graph).
func (env *Env) importedPkg(path string) *types.Package {
	if path == "" || path == env.h.Pass().Pkg.Path() {
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
		walk(env.h.Pass().Pkg)
	}
	return env.imports[path]
}

// Method resolves a method of a type the package declares or imports
// directly (pointer types included).
func (env *Env) Method(typ, method string) string {
	t := env.typeNamed(typ)
	if t == nil {
		return ""
	}
	prog := env.h.Program().Prog
	for _, pkg := range []*types.Package{env.h.Pass().Pkg, typePkg(t)} {
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
func (env *Env) typeNamed(typ string) types.Type {
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
		add(env.h.Pass().Pkg)
		for _, imp := range env.h.Pass().Pkg.Imports() {
			add(imp)
		}
	}
	return env.types[typ]
}

func (env *Env) Implementations(string, string) []string { return nil }

// MaxCallers bounds the calls of a constructor whose arguments Callers
// compares (querysite's parameter keys keep the same bound).
const MaxCallers = 16

// Callers are complete for a constructor that stores a string parameter
// into a field: every call known (Host.KnownCallers: unexported or
// package main, never used as a value), at most MaxCallers of them,
// each passing a constant for a stored parameter (the table), a constant
// or the value every other call passes for the other stored parameters
// (the folder a constructor of per-table writers shares), and no other
// string parameter varying between the calls (two varying parameters would
// pair one call's table with another's column). Any other function's
// parameters stay parameters: at the site's function they are the
// wrapper's parameter pieces, instantiated at its callers through the
// wrapper facts.
func (env *Env) Callers(fn *ssa.Function) ([]ssa.CallInstruction, bool) {
	stored := storedStringParams(fn)
	if len(stored) == 0 {
		return nil, false
	}
	calls, idx := env.h.KnownCallers(fn.Params[stored[0]])
	if idx < 0 || len(calls) > MaxCallers {
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

// StableResult holds for the driver's database name (sdk.DatabaseNameFuncs):
// a service talks to one database, so every call holds the same string,
// whatever driver value it is called on.
func (env *Env) StableResult(name string) bool {
	return slices.Contains(sdk.DatabaseNameFuncs, name)
}

// InitOnly holds for a variable of the package that nothing takes the
// address of and only the package initialiser assigns; a //go:embed
// variable is assigned by the toolchain.
func (env *Env) InitOnly(g *ssa.Global) bool {
	obj, _ := g.Object().(*types.Var)
	if obj == nil || obj.Pkg() != env.h.Pass().Pkg {
		return false
	}
	if _, _, embedded := env.h.Embedded(obj); embedded {
		return false // the toolchain assigns it; Embedded says its text
	}
	stores, escaped := env.h.GlobalStores(g)
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
		return env.onlyLookedUp(g)
	}
	return true
}

// Embedded is the text of a //go:embed string variable of the package that
// nothing assigns and whose address nothing takes: a variable the program
// rewrites (a placeholder replaced in init) holds another text.
func (env *Env) Embedded(g *ssa.Global) (string, bool) {
	obj, _ := g.Object().(*types.Var)
	if obj == nil || obj.Pkg() != env.h.Pass().Pkg {
		return "", false
	}
	text, readable, _ := env.h.Embedded(obj)
	if !readable {
		return "", false
	}
	if stores, escaped := env.h.GlobalStores(g); escaped || len(stores) > 0 {
		return "", false
	}
	return text, true
}

// Global answers with the values an imported package exported of its
// variables (Fact.Vars).
func (env *Env) Global(name string) *goeval.Summary {
	if f := env.fact(env.importedPkg(goeval.PackagePath(name))); f != nil {
		return f.global(name)
	}
	return nil
}

// Stores lists the writes to an unexported string field of a local named
// struct whose address never escapes (fields.go's index), at most
// maxFieldStores of them.
func (env *Env) Stores(typ string, field int) ([]goeval.Store, bool) {
	t := env.typeNamed(typ)
	if t == nil {
		return nil, false
	}
	id, ok := env.p.localField(t, field)
	if !ok || env.h.Program().UnknownField(id.obj, id.field) {
		return nil, false
	}
	fi := env.p.fieldIndex().info[id]
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
func (env *Env) onlyLookedUp(g *ssa.Global) bool {
	prog := env.h.Program()
	if prog.UnknownUse(g.Object()) {
		return false // a function whose body querysite does not see may write it (ssaprog)
	}
	for _, fn := range env.h.Funcs() {
		for _, b := range prog.Blocks(fn) {
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

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
