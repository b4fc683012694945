package ssaprog

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/ydblint/ydblint/internal/sdk"
)

// A plan is the set of function declarations whose bodies a consumer
// needs. Few functions of a package matter to querysite: those that touch
// a seed (the SDK, database/sql, a hash package, a configured sink, a
// fact-carrying wrapper of another package, a YQL literal), every function
// that calls one of those (it may hold a site or be a wrapper), and the
// functions that return a string (text summaries for importers); plus what
// their values come from.
//
// planBodies decides, from syntax and types alone, which declarations
// get an SSA body; the others are handed to SSA without one (as an
// assembly function is: parameters, no blocks), or, when the program has
// every body anyway, hidden from the consumer's view (Program.Blocks). For
// recall, a kept function keeps the functions it calls and the functions
// that write a field or package var it refers to. For precision, a
// consumer that concludes from "every write" or "every caller" asks
// UnknownUse first: an object that a function outside the plan may write,
// or a function it may call, is treated as escaped, exactly as if the
// write were one the analysis cannot follow.

// Seeds says which uses make a function matter on its own.
type Seeds struct {
	// Object reports whether using obj, an object of another package (not
	// a method of an interface), makes the using function matter.
	Object func(obj types.Object) bool
	// Method reports whether calling fn, a method of an interface of any
	// package, makes the calling function matter.
	Method func(fn *types.Func) bool
	// Literal reports whether a string literal, as written (quotes
	// included), makes the function that spells it matter.
	Literal func(lit string) bool
	// Decl, when set, reports whether a function or method of the
	// package matters by itself (its importers ask for a summary of it).
	Decl func(fn *types.Func) bool
	// Init, when set, makes the package initialiser matter by itself: its
	// importers ask for the values of its variables (a //go:embed file
	// held by a package with no function).
	Init bool
}

// declRefs is what one function declaration refers to.
type declRefs struct {
	decl    *ast.FuncDecl
	objs    []types.Object   // objects of this package it uses: funcs, methods, fields, package vars
	writes  []types.Object   // of objs, those it may write (assign, take the address of, init in a literal)
	structs []*types.Named   // struct types of unkeyed composite literals in it
	imports []*types.Package // imported packages whose package-level funcs or vars it uses
	seed    bool             // uses a seed object or spells a seed literal
}

// bodyPlan is the set of declarations whose bodies a consumer needs.
type bodyPlan struct {
	keep map[*ast.FuncDecl]bool
	// imports are the imported packages the kept bodies and the package
	// initialisers refer to by a package-level func or var: the only ones
	// SSA must create (build).
	imports map[*types.Package]bool
	// initSeed is set when a package-level initialiser touches a seed.
	initSeed bool
	// unknown holds what the declarations without a body use: functions
	// they may call, fields and vars they may write, struct types they
	// build with unkeyed literals.
	unknown               map[types.Object]bool
	unknownStructs        map[*types.Named]bool
	kept, total           int // declarations with a body
	keptBytes, totalBytes int // their source size
}

// nothing reports whether no function of the package is needed: no
// declaration is kept and no package-level initialiser uses a seed.
func (p *bodyPlan) nothing() bool { return p != nil && p.kept == 0 && !p.initSeed }

// unknownUse reports whether obj (a function, a field or a package var)
// may be called or written by a function outside the plan.
func (p *bodyPlan) unknownUse(obj types.Object) bool {
	if p == nil || obj == nil {
		return false
	}
	if fn, ok := obj.(*types.Func); ok {
		obj = fn.Origin()
	}
	if v, ok := obj.(*types.Var); ok {
		obj = v.Origin()
	}
	return p.unknown[obj]
}

// unknownField reports whether field i of the struct type named by tn may
// be written by a function outside the plan.
func (p *bodyPlan) unknownField(tn *types.TypeName, i int) bool {
	if p == nil || tn == nil {
		return false
	}
	n, ok := types.Unalias(tn.Type()).(*types.Named)
	if !ok {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return false
	}
	return p.unknownStructs[n.Origin()] || p.unknownUse(st.Field(i))
}

// planBodies computes the plan over the package's files.
func planBodies(files []*ast.File, info *types.Info, pkg *types.Package, seeds Seeds) *bodyPlan {
	var refs []*declRefs
	byFunc := map[*types.Func]*declRefs{}
	w := newRefWalker()
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			r := &declRefs{decl: fd}
			// The signature and the body: a method's own receiver type is
			// not a use of it (seedTypesOf).
			w.collectInto(r, info, pkg, seeds, fd.Type, fd.Body)
			refs = append(refs, r)
			if obj, ok := info.Defs[fd.Name].(*types.Func); ok {
				byFunc[obj] = r
				if seeds.Decl != nil && seeds.Decl(obj) {
					r.seed = true
				}
			}
		}
	}
	callers := map[types.Object][]*declRefs{}      // users of each function
	writers := map[types.Object][]*declRefs{}      // writers of each field and var
	literalUsers := map[*types.Named][]*declRefs{} // unkeyed literals of each struct
	for _, r := range refs {
		for _, o := range r.objs {
			if _, ok := o.(*types.Func); ok {
				callers[o] = append(callers[o], r)
			}
		}
		for _, o := range r.writes {
			writers[o] = append(writers[o], r)
		}
		for _, n := range r.structs {
			literalUsers[n] = append(literalUsers[n], r)
		}
	}

	plan := &bodyPlan{keep: map[*ast.FuncDecl]bool{}, unknown: map[types.Object]bool{}, unknownStructs: map[*types.Named]bool{}}
	var work []*declRefs
	add := func(r *declRefs) {
		if r != nil && !plan.keep[r.decl] {
			plan.keep[r.decl] = true
			work = append(work, r)
		}
	}
	// addWriters keeps every declaration that may write o: a field or
	// package var (and, for a field, every unkeyed literal of its struct).
	addWriters := func(o types.Object) {
		for _, u := range writers[o] {
			add(u)
		}
		if v, ok := o.(*types.Var); ok && v.IsField() {
			for _, u := range literalWriters(literalUsers, v) {
				add(u)
			}
		}
	}
	// Site bodies: the seeds and, transitively, every function that uses
	// one (it may hold a site or be a wrapper).
	site := map[*ast.FuncDecl]bool{}
	for _, r := range refs {
		if r.seed {
			add(r)
		}
	}
	for len(work) > 0 {
		r := work[len(work)-1]
		work = work[:len(work)-1]
		site[r.decl] = true
		if obj, ok := info.Defs[r.decl.Name].(*types.Func); ok {
			for _, u := range callers[obj] {
				add(u)
			}
		}
	}
	// What site bodies read: the writers of every field and var they use
	// (handles, options, rows, text), and the functions they call (text,
	// constants, hashes, a pointer handed back). Those are text bodies:
	// kept, but only their strings followed further.
	for _, r := range refs {
		if !site[r.decl] {
			continue
		}
		for _, o := range r.objs {
			if fn, ok := o.(*types.Func); ok {
				add(byFunc[fn])
				continue
			}
			addWriters(o)
		}
	}
	// Text bodies: the text summaries, the package initialisers (SSA
	// always builds the synthetic init), and the writers of the text
	// fields and vars they read.
	for _, r := range refs {
		if returnsText(info, r.decl) {
			add(r)
		}
	}
	// Values of a type with a method that touches the SDK (rows built by
	// an interface implementation) matter where they are
	// converted to an interface: keep every function that names such a
	// type, reads a field or var of it, or calls a function returning it.
	if seedTypes := seedTypesOf(refs, info, seeds.Object); len(seedTypes) > 0 {
		for _, r := range refs {
			for _, o := range r.objs {
				if holdsSeedType(o, seedTypes) {
					add(r)
					break
				}
			}
		}
	}
	init := &declRefs{decl: &ast.FuncDecl{Name: ast.NewIdent("init")}}
	for _, f := range files {
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
				w.collectInto(init, info, pkg, seeds, gd)
			}
		}
	}
	plan.initSeed = init.seed || seeds.Init
	work = append(work, init)
	for len(work) > 0 {
		r := work[len(work)-1]
		work = work[:len(work)-1]
		for _, o := range r.objs {
			if _, ok := o.(*types.Func); ok || !carriesText(o.Type(), 0) {
				continue
			}
			addWriters(o)
		}
	}
	plan.imports = map[*types.Package]bool{}
	for _, p := range init.imports {
		plan.imports[p] = true
	}
	for _, r := range refs {
		size := int(r.decl.End() - r.decl.Pos())
		plan.total++
		plan.totalBytes += size
		if plan.keep[r.decl] {
			plan.kept++
			plan.keptBytes += size
			for _, p := range r.imports {
				plan.imports[p] = true
			}
			continue
		}
		for _, o := range r.objs {
			if _, ok := o.(*types.Func); ok {
				plan.unknown[o] = true
			}
		}
		for _, o := range r.writes {
			plan.unknown[o] = true
		}
		for _, n := range r.structs {
			plan.unknownStructs[n] = true
		}
	}
	return plan
}

// collectInto adds what node refers to to r.
func (w *refWalker) collectInto(r *declRefs, info *types.Info, pkg *types.Package, seeds Seeds, nodes ...ast.Node) {
	clear(w.seen)
	clear(w.written)
	seen, written := w.seen, w.written
	stack := w.stack[:0]
	defer func() { w.stack = stack[:0] }()
	for _, node := range nodes {
		collectNode(r, node, info, pkg, seeds, seen, written, &stack)
	}
}

// collectNode is collectInto's walk of one node; seen and written persist
// across the nodes of one declaration.
func collectNode(r *declRefs, node ast.Node, info *types.Info, pkg *types.Package, seeds Seeds, seen, written map[types.Object]bool, stackp *[]ast.Node) {
	stack := (*stackp)[:0]
	defer func() { *stackp = stack }()
	ast.Inspect(node, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.Ident:
			obj := info.Uses[n]
			if obj == nil {
				return true
			}
			if fn, ok := obj.(*types.Func); ok && isInterfaceMethod(fn) {
				if !seen[obj] {
					seen[obj] = true
					if fn.Pkg() != nil && seeds.Method(fn) {
						r.seed = true
					}
				}
				return true
			}
			if obj.Pkg() != pkg {
				if !seen[obj] && obj.Pkg() != nil {
					if seeds.Object(obj) {
						r.seed = true
					}
					if packageLevel(obj) && !slices.Contains(r.imports, obj.Pkg()) {
						r.imports = append(r.imports, obj.Pkg())
					}
				}
				seen[obj] = true
				return true
			}
			switch o := obj.(type) {
			case *types.TypeName:
				if !seen[o] && o.Parent() == pkg.Scope() {
					seen[o] = true
					r.objs = append(r.objs, o)
				}
			case *types.Func:
				if !seen[o.Origin()] {
					seen[o.Origin()] = true
					r.objs = append(r.objs, o.Origin())
				}
			case *types.Var:
				if !o.IsField() && o.Parent() != pkg.Scope() {
					return true
				}
				v := o.Origin()
				if !seen[v] {
					seen[v] = true
					r.objs = append(r.objs, v)
				}
				if !written[v] && mayWrite(stack, v.Type(), info) {
					written[v] = true
					r.writes = append(r.writes, v)
				}
			}
		case *ast.BasicLit:
			if n.Kind == token.STRING && seeds.Literal(n.Value) {
				r.seed = true
			}
		case *ast.CompositeLit:
			if len(n.Elts) > 0 {
				if _, keyed := n.Elts[0].(*ast.KeyValueExpr); !keyed {
					if tv, ok := info.Types[n]; ok {
						if named := namedStruct(tv.Type); named != nil {
							r.structs = append(r.structs, named)
						}
					}
				}
			}
		}
		return true
	})
}

// inPlace reports whether a selector, index or method call on a variable of
// type t can change the variable itself: a struct or array value. Through a
// pointer, slice or map it changes what the variable points to.
func inPlace(t types.Type) bool {
	switch types.Unalias(t).Underlying().(type) {
	case *types.Struct, *types.Array:
		return true
	}
	return false
}

// refWalker holds collectInto's scratch state, which planBodies reuses
// across the declarations of a package (a package has thousands; the maps
// were a third of planBodies' cost).
type refWalker struct {
	seen, written map[types.Object]bool
	stack         []ast.Node
}

func newRefWalker() *refWalker {
	return &refWalker{seen: map[types.Object]bool{}, written: map[types.Object]bool{}}
}

// mayWrite reports whether the identifier on top of stack (a field or a
// package var of type t) may be written there: assigned, incremented,
// ranged into, initialised by a literal key, its address taken, or, for a
// struct or array value, the same through one of its fields or elements or
// by a method with a pointer receiver. Anything else is a read.
func mayWrite(stack []ast.Node, t types.Type, info *types.Info) bool {
	i := len(stack) - 1
	var expr ast.Node = stack[i]
	// For a field, the expression is the selector x.f.
	if i > 0 {
		if sel, ok := stack[i-1].(*ast.SelectorExpr); ok && sel.Sel == expr {
			expr, i = sel, i-1
		}
	}
	for ; i > 0; i-- {
		switch p := stack[i-1].(type) {
		case *ast.ParenExpr:
			expr = p
			continue
		case *ast.SelectorExpr:
			if p.X != expr || !inPlace(t) {
				return false
			}
			switch sel := info.Uses[p.Sel].(type) {
			case *types.Var: // a field of the value: follow the chain
				expr, t = p, sel.Type()
				continue
			case *types.Func: // a method value or call
				sig, ok := sel.Type().(*types.Signature)
				if !ok || sig.Recv() == nil {
					return true
				}
				_, ptr := types.Unalias(sig.Recv().Type()).(*types.Pointer)
				return ptr
			}
			return true
		case *ast.IndexExpr:
			if p.X != expr || !inPlace(t) {
				return false
			}
			arr, ok := types.Unalias(t).Underlying().(*types.Array)
			if !ok {
				return true
			}
			expr, t = p, arr.Elem()
			continue
		case *ast.SliceExpr:
			return p.X == expr && inPlace(t) // slicing an array takes its address
		case *ast.AssignStmt:
			for _, l := range p.Lhs {
				if l == expr {
					return true
				}
			}
		case *ast.IncDecStmt:
			return true
		case *ast.UnaryExpr:
			return p.Op == token.AND
		case *ast.KeyValueExpr:
			return p.Key == expr
		case *ast.RangeStmt:
			return p.Key == expr || p.Value == expr
		case *ast.ValueSpec:
			// var x = … at package level is the initialiser, which SSA builds.
			for _, n := range p.Names {
				if n == expr {
					return true
				}
			}
		}
		return false
	}
	return false
}

// packageLevel reports whether obj is a package-level function or var: SSA
// needs its package created to refer to it (a method is created on demand).
func packageLevel(obj types.Object) bool {
	switch o := obj.(type) {
	case *types.Func:
		sig, ok := o.Type().(*types.Signature)
		return ok && sig.Recv() == nil
	case *types.Var:
		return !o.IsField() && o.Pkg() != nil && o.Parent() == o.Pkg().Scope()
	}
	return false
}

// seedTypesOf returns the local named types that declare a seed method
// returning values of a seed package (rows, options, parameters): an
// implementation of an interface whose values feed a site.
func seedTypesOf(refs []*declRefs, info *types.Info, isSeed func(types.Object) bool) map[*types.TypeName]bool {
	out := map[*types.TypeName]bool{}
	for _, r := range refs {
		if !r.seed || r.decl.Recv == nil {
			continue
		}
		fn, ok := info.Defs[r.decl.Name].(*types.Func)
		if !ok || !returnsSeedValue(fn, isSeed) {
			continue
		}
		if tn := sdk.NamedType(fn.Type().(*types.Signature).Recv().Type()); tn != nil {
			out[tn] = true
		}
	}
	return out
}

// returnsSeedValue reports whether a result of fn has a named type of a
// seed package, directly or as a slice, array, pointer or map element.
func returnsSeedValue(fn *types.Func, isSeed func(types.Object) bool) bool {
	res := fn.Type().(*types.Signature).Results()
	for i := 0; i < res.Len(); i++ {
		t := res.At(i).Type()
		for depth := 0; depth < 4; depth++ {
			switch u := types.Unalias(t).(type) {
			case *types.Slice:
				t = u.Elem()
				continue
			case *types.Array:
				t = u.Elem()
				continue
			case *types.Pointer:
				t = u.Elem()
				continue
			case *types.Map:
				t = u.Elem()
				continue
			case *types.Named:
				if isSeed(u.Obj()) {
					return true
				}
			}
			break
		}
	}
	return false
}

// holdsSeedType reports whether o is one of seedTypes, a field or var of
// one (or a pointer to one), or a function returning one.
func holdsSeedType(o types.Object, seedTypes map[*types.TypeName]bool) bool {
	switch o := o.(type) {
	case *types.TypeName:
		return seedTypes[o]
	case *types.Var:
		tn := sdk.NamedType(o.Type())
		return tn != nil && seedTypes[tn]
	case *types.Func:
		res := o.Type().(*types.Signature).Results()
		for i := 0; i < res.Len(); i++ {
			if tn := sdk.NamedType(res.At(i).Type()); tn != nil && seedTypes[tn] {
				return true
			}
		}
	}
	return false
}

// literalWriters returns the declarations that build, with an unkeyed
// literal, a struct type of which field is a field.
func literalWriters(literalUsers map[*types.Named][]*declRefs, field *types.Var) []*declRefs {
	var out []*declRefs
	for n, us := range literalUsers {
		if hasField(n, field) {
			out = append(out, us...)
		}
	}
	return out
}

// namedStruct returns the named struct type of a composite literal's type
// (through one pointer), or nil.
func namedStruct(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	return n.Origin()
}

// hasField reports whether field is one of n's fields (not promoted).
func hasField(n *types.Named, field *types.Var) bool {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i) == field {
			return true
		}
	}
	return false
}

func isInterfaceMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	_, ok = sig.Recv().Type().Underlying().(*types.Interface)
	return ok
}

// returnsText reports whether the declaration has the shape of a text
// summary: one result, a string or a pointer to one.
func returnsText(info *types.Info, fd *ast.FuncDecl) bool {
	obj, ok := info.Defs[fd.Name].(*types.Func)
	if !ok {
		return false
	}
	res := obj.Type().(*types.Signature).Results()
	if res.Len() != 1 {
		return false
	}
	t := types.Unalias(res.At(0).Type())
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// carriesText reports whether a value of type t can hold query text: a
// string, or a pointer, slice, array, map or struct holding one.
func carriesText(t types.Type, depth int) bool {
	if depth > 4 {
		return true
	}
	switch t := types.Unalias(t).(type) {
	case *types.Basic:
		return t.Info()&types.IsString != 0
	case *types.Pointer:
		return carriesText(t.Elem(), depth+1)
	case *types.Slice:
		return carriesText(t.Elem(), depth+1)
	case *types.Array:
		return carriesText(t.Elem(), depth+1)
	case *types.Map:
		return carriesText(t.Key(), depth+1) || carriesText(t.Elem(), depth+1)
	case *types.Named:
		return carriesText(t.Underlying(), depth+1)
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			if carriesText(t.Field(i).Type(), depth+1) {
				return true
			}
		}
	case *types.Interface:
		return true
	}
	return false
}

// files returns the package's files with the bodies the plan leaves out
// removed: shallow copies of the files and declarations concerned, so the
// syntax other analyzers share is never changed.
func (p *bodyPlan) files(files []*ast.File) []*ast.File {
	if p.kept == p.total {
		return files
	}
	out := make([]*ast.File, len(files))
	for i, f := range files {
		out[i] = f
		var decls []ast.Decl
		for j, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || p.keep[fd] {
				continue
			}
			if decls == nil {
				decls = append([]ast.Decl(nil), f.Decls...)
			}
			bodiless := *fd
			bodiless.Body = nil
			decls[j] = &bodiless
		}
		if decls != nil {
			copied := *f
			copied.Decls = decls
			out[i] = &copied
		}
	}
	return out
}
