package goeval_test

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval"
)

// The tests build packages from source against the standard library
// (export data through importer.Default), and answer the evaluator's
// questions the way an analysis pass would, from the whole program.

type srcPkg struct {
	path, src string
}

// program is a set of packages built from source.
type program struct {
	fset   *token.FileSet
	prog   *ssa.Program
	pkgs   map[string]*ssa.Package
	order  []string
	cached []*ssa.Function
}

// chainImporter finds the packages built so far, then the standard
// library. Each build has its own (importer.Default's cache is not safe
// for concurrent use, and a shared one would be state the tests share).
type chainImporter struct {
	user map[string]*types.Package
	std  types.Importer
}

func (c chainImporter) Import(path string) (*types.Package, error) {
	if p, ok := c.user[path]; ok {
		return p, nil
	}
	return c.std.Import(path)
}

// build type-checks and builds the packages, in order (dependencies
// first). It returns an error for source that does not type-check.
func build(pkgs ...srcPkg) (*program, error) {
	fset := token.NewFileSet()
	imp := chainImporter{user: map[string]*types.Package{}, std: importer.Default()}
	type checked struct {
		pkg   *types.Package
		files []*ast.File
		info  *types.Info
	}
	var all []checked
	for _, p := range pkgs {
		f, err := parser.ParseFile(fset, p.path+"/src.go", p.src, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		info := &types.Info{
			Types:        map[ast.Expr]types.TypeAndValue{},
			Defs:         map[*ast.Ident]types.Object{},
			Uses:         map[*ast.Ident]types.Object{},
			Implicits:    map[ast.Node]types.Object{},
			Instances:    map[*ast.Ident]types.Instance{},
			Scopes:       map[ast.Node]*types.Scope{},
			Selections:   map[*ast.SelectorExpr]*types.Selection{},
			FileVersions: map[*ast.File]string{},
		}
		conf := types.Config{Importer: imp, Error: func(error) {}}
		tp, err := conf.Check(p.path, fset, []*ast.File{f}, info)
		if err != nil {
			return nil, err
		}
		imp.user[p.path] = tp
		all = append(all, checked{tp, []*ast.File{f}, info})
	}
	prog := ssa.NewProgram(fset, ssa.SanityCheckFunctions)
	created := map[*types.Package]bool{}
	var create func(p *types.Package)
	create = func(p *types.Package) {
		if created[p] {
			return
		}
		created[p] = true
		for _, q := range p.Imports() {
			create(q)
		}
		if _, ok := imp.user[p.Path()]; !ok {
			prog.CreatePackage(p, nil, nil, true)
		}
	}
	out := &program{fset: fset, prog: prog, pkgs: map[string]*ssa.Package{}}
	for _, c := range all {
		for _, q := range c.pkg.Imports() {
			create(q)
		}
		created[c.pkg] = true
		out.pkgs[c.pkg.Path()] = prog.CreatePackage(c.pkg, c.files, c.info, false)
		out.order = append(out.order, c.pkg.Path())
	}
	for _, path := range out.order {
		out.pkgs[path].Build()
	}
	return out, nil
}

// funcs lists every function with a body of the user packages, the
// anonymous ones included, in a stable order.
func (p *program) funcs() []*ssa.Function {
	if p.cached != nil {
		return p.cached
	}
	var out []*ssa.Function
	seen := map[*ssa.Function]bool{}
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		if fn == nil || seen[fn] {
			return
		}
		seen[fn] = true
		out = append(out, fn)
		for _, a := range fn.AnonFuncs {
			add(a)
		}
	}
	for _, path := range p.order {
		pkg := p.pkgs[path]
		var names []string
		for n := range pkg.Members {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			switch m := pkg.Members[n].(type) {
			case *ssa.Function:
				add(m)
			case *ssa.Type:
				for _, t := range []types.Type{m.Type(), types.NewPointer(m.Type())} {
					ms := p.prog.MethodSets.MethodSet(t)
					for i := 0; i < ms.Len(); i++ {
						if f := p.prog.MethodValue(ms.At(i)); f != nil && f.Pkg == pkg {
							add(f)
						}
					}
				}
			}
		}
	}
	p.cached = out
	return out
}

// env is the test Env. local is the package under analysis; the
// packages in summarised have their functions carried as summaries
// (gob-encoded and decoded, as facts are), the others are opaque.
type env struct {
	t          testing.TB
	p          *program
	local      string
	summarised map[string]bool
	summaries  map[string]*goeval.Summary
	budget     goeval.Budget
	// wholeProgram: every caller of an exported function is in the
	// program (a standalone run of a module's commands).
	wholeProgram bool
	// noImplementations: Implementations reports none, as querysite's
	// Env does (a wrapper's interface parameter is its callers' to
	// instantiate).
	noImplementations bool
	// stable: the functions StableResult names.
	stable map[string]bool
	// globals: another package's variables are known only through
	// Global, as under go vet, where an imported package has no
	// initialiser body; keyed by package path (SummarizeGlobals there).
	globals map[string]*goeval.Summary
	// embeds: the file text of the local package's //go:embed variables,
	// by full name ("example.com/q.selectJobs").
	embeds map[string]string
}

func newEnv(t testing.TB, p *program, local string, summarised ...string) *env {
	e := &env{t: t, p: p, local: local, summarised: map[string]bool{}, summaries: map[string]*goeval.Summary{}}
	for _, s := range summarised {
		e.summarised[s] = true
	}
	return e
}

func (e *env) pkgOf(fn *ssa.Function) *ssa.Package {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn.Pkg != nil {
		return fn.Pkg
	}
	if o := fn.Origin(); o != nil {
		return o.Pkg
	}
	return nil
}

func (e *env) Body(fn *ssa.Function) bool {
	if len(fn.Blocks) == 0 {
		return false
	}
	if fn.Pkg == nil && fn.Synthetic != "" {
		return true
	}
	p := e.pkgOf(fn)
	return p != nil && p.Pkg.Path() == e.local
}

func (e *env) find(name string) *ssa.Function {
	for _, fn := range e.p.funcs() {
		if fn.String() == name {
			return fn
		}
	}
	return nil
}

func (e *env) Lookup(name string) goeval.Callee {
	fn := e.find(name)
	if fn == nil {
		return goeval.Callee{}
	}
	if e.Body(fn) {
		return goeval.Callee{Fn: fn}
	}
	if p := e.pkgOf(fn); p != nil && e.summarised[p.Pkg.Path()] {
		if s, ok := e.summaries[name]; ok {
			return goeval.Callee{Summary: s}
		}
		s, err := goeval.Summarize(e, e.budget, fn)
		if err != nil {
			e.summaries[name] = nil
			return goeval.Callee{}
		}
		s = roundTrip(e.t, s)
		e.summaries[name] = s
		return goeval.Callee{Summary: s}
	}
	return goeval.Callee{}
}

// roundTrip gob-encodes and decodes a summary, twice, checking that the
// encoding is deterministic.
func roundTrip(t testing.TB, s *goeval.Summary) *goeval.Summary {
	var b1, b2 bytes.Buffer
	if err := gob.NewEncoder(&b1).Encode(s); err != nil {
		t.Fatalf("encode summary: %v", err)
	}
	if err := gob.NewEncoder(&b2).Encode(s); err != nil {
		t.Fatalf("encode summary: %v", err)
	}
	if !bytes.Equal(b1.Bytes(), b2.Bytes()) {
		t.Fatalf("summary encoding is not deterministic")
	}
	var out goeval.Summary
	if err := gob.NewDecoder(&b1).Decode(&out); err != nil {
		t.Fatalf("decode summary: %v", err)
	}
	return &out
}

func (e *env) typeOf(key string) types.Type {
	ptr := strings.HasPrefix(key, "*")
	key = strings.TrimPrefix(key, "*")
	i := strings.LastIndex(key, ".")
	if i < 0 {
		return nil
	}
	path, name := key[:i], key[i+1:]
	for _, pkg := range e.p.prog.AllPackages() {
		if pkg.Pkg.Path() != path {
			continue
		}
		obj := pkg.Pkg.Scope().Lookup(name)
		if obj == nil {
			return nil
		}
		t := obj.Type()
		if ptr {
			t = types.NewPointer(t)
		}
		return t
	}
	return nil
}

func (e *env) Method(typ, method string) string {
	t := e.typeOf(typ)
	if t == nil {
		return ""
	}
	ms := e.p.prog.MethodSets.MethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == method {
			if fn := e.p.prog.MethodValue(ms.At(i)); fn != nil {
				return fn.String()
			}
		}
	}
	return ""
}

func (e *env) Implementations(iface, method string) []string {
	if e.noImplementations {
		return nil
	}
	it, _ := e.typeOf(iface).(*types.Named)
	if it == nil {
		return nil
	}
	itf, ok := it.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var out []string
	for _, path := range e.p.order {
		scope := e.p.pkgs[path].Pkg.Scope()
		for _, n := range scope.Names() {
			tn, ok := scope.Lookup(n).(*types.TypeName)
			if !ok || types.IsInterface(tn.Type()) {
				continue
			}
			for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
				if types.Implements(t, itf) {
					if m := e.Method(types.TypeString(t, nil), method); m != "" {
						out = append(out, m)
					}
					break
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

func (e *env) Callers(fn *ssa.Function) ([]ssa.CallInstruction, bool) {
	var calls []ssa.CallInstruction
	complete := true
	obj := fn.Object()
	if fn.Parent() == nil && (obj == nil || obj.Exported() && e.pkgOf(fn).Pkg.Name() != "main" && !e.wholeProgram) {
		complete = false
	}
	for _, g := range e.p.funcs() {
		for _, b := range g.Blocks {
			for _, in := range b.Instrs {
				if c, ok := in.(ssa.CallInstruction); ok {
					com := c.Common()
					callee := com.StaticCallee()
					if mc, ok := com.Value.(*ssa.MakeClosure); ok && mc.Fn == fn {
						callee = fn
					}
					// A generic function is called through its
					// instantiations, which take the same arguments.
					if callee != nil && callee != fn && callee.Origin() == fn {
						callee = fn
					}
					if callee == fn {
						calls = append(calls, c)
					}
				}
				var ops []*ssa.Value
				ops = in.Operands(ops)
				for i, op := range ops {
					if *op != fn {
						continue
					}
					if c, ok := in.(ssa.CallInstruction); ok && i == 0 && !c.Common().IsInvoke() {
						continue // the callee position
					}
					if mc, ok := in.(*ssa.MakeClosure); ok && i == 0 {
						// A closure called where it is made, and nothing else.
						for _, r := range *mc.Referrers() {
							c, ok := r.(ssa.CallInstruction)
							if !ok || c.Common().Value != mc {
								complete = false
							}
						}
						continue
					}
					complete = false
				}
			}
		}
	}
	return calls, complete
}

func (e *env) StableResult(name string) bool { return e.stable[name] }

func (e *env) Embedded(g *ssa.Global) (string, bool) {
	if g.Pkg.Pkg.Path() != e.local {
		return "", false
	}
	text, ok := e.embeds[g.String()]
	return text, ok
}

func (e *env) InitOnly(g *ssa.Global) bool {
	if e.globals != nil && g.Pkg.Pkg.Path() != e.local {
		return false // only its own package can tell (Global)
	}
	for _, fn := range e.p.funcs() {
		if fn.Pkg != g.Pkg || fn.Synthetic == "package initializer" {
			continue
		}
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if s, ok := in.(*ssa.Store); ok && rootGlobal(s.Addr) == g {
					return false
				}
				if m, ok := in.(*ssa.MapUpdate); ok {
					// The map a variable holds is shared: written here,
					// it is not its literal's (querysite's onlyLookedUp).
					if l, ok := m.Map.(*ssa.UnOp); ok && rootGlobal(l.X) == g {
						return false
					}
				}
				if c, ok := in.(ssa.CallInstruction); ok {
					for _, a := range c.Common().Args {
						if rootGlobal(a) == g {
							if _, isPtr := a.Type().Underlying().(*types.Pointer); isPtr {
								return false
							}
						}
					}
				}
			}
		}
	}
	return true
}

func rootGlobal(v ssa.Value) *ssa.Global {
	for {
		switch x := v.(type) {
		case *ssa.Global:
			return x
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		default:
			return nil
		}
	}
}

func (e *env) Global(name string) *goeval.Summary {
	if i := strings.LastIndex(name, "."); i > 0 && e.globals != nil {
		return e.globals[name[:i]]
	}
	return nil
}

func (e *env) Stores(typ string, field int) ([]goeval.Store, bool) {
	t := e.typeOf(typ)
	named, _ := t.(*types.Named)
	if named == nil || named.Obj().Pkg().Path() != e.local {
		return nil, false
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok || field >= st.NumFields() || st.Field(field).Exported() {
		return nil, false
	}
	var out []goeval.Store
	for _, fn := range e.p.funcs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				fa, ok := in.(*ssa.FieldAddr)
				if !ok || fa.Field != field || !types.Identical(fa.X.Type().Underlying().(*types.Pointer).Elem(), named) {
					continue
				}
				for _, r := range *fa.Referrers() {
					switch r := r.(type) {
					case *ssa.Store:
						if r.Addr == fa {
							out = append(out, goeval.Store{Fn: fn, Val: r.Val})
						} else {
							return nil, false
						}
					case *ssa.UnOp:
					default:
						return nil, false
					}
				}
			}
		}
	}
	return out, true
}

// sinkArgs evaluates the argument of every call of the local package's
// sink function and renders their join.
func sinkArgs(t testing.TB, p *program, ev *goeval.Evaluator, local string) []*goeval.Result {
	var out []*goeval.Result
	for _, fn := range p.funcs() {
		if fn.Pkg == nil && fn.Parent() == nil || pkgPath(fn) != local {
			continue
		}
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				c, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if callee := c.Common().StaticCallee(); callee != nil && callee.Name() == "sink" {
					out = append(out, ev.Args(c)...)
				}
			}
		}
	}
	return out
}

func pkgPath(fn *ssa.Function) string {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn.Pkg != nil {
		return fn.Pkg.Pkg.Path()
	}
	return ""
}

func render(rs []*goeval.Result) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, r.String())
	}
	return strings.Join(parts, " ; ")
}

var _ = fmt.Sprint
