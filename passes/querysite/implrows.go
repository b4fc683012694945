package querysite

import (
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/passes/internal/sdk"
)

// Rows whose fields come from an interface method, one implementation per
// kind of record:
//
//	type Indexable interface{ StructFields(bucket uint8) []types.StructValueOption }
//	func (t tagIndex) StructFields(bucket uint8) []types.StructValueOption {
//		return []types.StructValueOption{
//			types.StructFieldValue("idx_hash", types.Uint64Value(hashTag(t.key, bucket))), …
//		}
//	}
//	…
//	fields := item.idx.StructFields(bucket)
//	fields = append(fields, types.StructFieldValue("uniq", …))
//	rows = append(rows, types.StructValue(fields...))
//
// The package declaring a function or method that returns
// []types.StructValueOption exports a rowShapeFact on it: the fields of the
// slice it returns (names and value classes, as Row fields are described),
// and whether the receiver type is converted to an interface anywhere in
// that package. At an interface call of such a method, every non-generic
// type of the module (this package and the module packages it imports)
// that implements the interface and is converted to an interface gives one
// row alternative (Row.Impl, Site.RowAlternatives). The rows are unknown
// (Row.Known false, so rules stay silent) when the interface is declared
// outside the module, an implementation's fields are not decoded or its
// method is promoted from an embedded type, an implementation is declared
// in a _test.go file (a test double), or there are more than maxImpls.

// rowShapeFact describes the fields a function returns as
// []types.StructValueOption, one shape per return statement.
type rowShapeFact struct {
	Shapes [][]shapeField
	// Known is false when some return statement was not decoded.
	Known bool
	// Converted is set when a value of the method's receiver type (or a
	// pointer to it) is converted to an interface in the declaring package.
	Converted bool
	// Pos is "file:line:col" of the function's first return.
	Pos string
}

// shapeField is one field of a returned shape; Value carries no positions.
type shapeField struct {
	Name  string
	Value Value
}

func (*rowShapeFact) AFact() {}

func (f *rowShapeFact) String() string {
	var parts []string
	for _, s := range f.Shapes {
		var names []string
		for _, fd := range s {
			names = append(names, fd.Name)
		}
		parts = append(parts, "{"+strings.Join(names, ",")+"}")
	}
	out := "ydbRowShape(" + strings.Join(parts, "|")
	if !f.Known {
		out += ",unknown"
	}
	if f.Converted {
		out += ",converted"
	}
	return out + ")"
}

// Bounds.
const (
	maxImpls        = 8 // implementations followed at one interface call
	maxShapeReturns = 4 // return statements decoded per function
)

// rowShapeState is the per-package state: shapes of local functions and
// the types converted to an interface in this package.
type rowShapeState struct {
	local     map[*types.Func]*rowShapeFact
	converted map[*types.TypeName]bool
}

// isFieldOptionSlice reports whether t is []types.StructValueOption of the SDK.
func isFieldOptionSlice(t types.Type) bool {
	sl, ok := types.Unalias(t).Underlying().(*types.Slice)
	if !ok {
		return false
	}
	n, ok := types.Unalias(sl.Elem()).(*types.Named)
	return ok && n.Obj().Name() == "StructValueOption" && n.Obj().Pkg() != nil && sdk.InSDK(n.Obj().Pkg().Path())
}

// exportRowShapes computes and exports the rowShapeFacts of the package.
func (a *pkgAnalysis) exportRowShapes() {
	st := &rowShapeState{local: map[*types.Func]*rowShapeFact{}, converted: map[*types.TypeName]bool{}}
	a.rowShapes = st
	for _, fn := range a.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if mi, ok := instr.(*ssa.MakeInterface); ok {
					if tn := namedOf(mi.X.Type()); tn != nil {
						st.converted[tn] = true
					}
				}
			}
		}
	}
	for _, fn := range a.funcs {
		obj, _ := fn.Object().(*types.Func)
		if obj == nil || fn.Parent() != nil || fn.TypeParams().Len() > 0 || fn.Signature.Results().Len() != 1 ||
			!isFieldOptionSlice(fn.Signature.Results().At(0).Type()) || len(fn.Blocks) == 0 {
			continue
		}
		f := a.shapeOf(fn)
		if recv := fn.Signature.Recv(); recv != nil {
			if tn := namedOf(recv.Type()); tn != nil {
				f.Converted = st.converted[tn]
			}
		}
		st.local[obj] = f
		a.pass.ExportObjectFact(obj, f)
	}
}

// namedOf returns the declared type of T or *T.
func namedOf(t types.Type) *types.TypeName {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}

// shapeOf decodes the slices fn returns.
func (a *pkgAnalysis) shapeOf(fn *ssa.Function) *rowShapeFact {
	f := &rowShapeFact{Known: true}
	c := &ctx{fn: fn}
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		if f.Pos == "" {
			f.Pos = a.posString(ret.Pos())
		}
		if len(f.Shapes) >= maxShapeReturns {
			f.Known = false
			break
		}
		elems, ok := appendElems(peel(ret.Results[0]), map[ssa.Value]bool{}, 0)
		if !ok {
			f.Known = false
			continue
		}
		var shape []shapeField
		for i, e := range elems {
			fd, ok := a.structField(e, i, c)
			if !ok {
				f.Known = false
				continue
			}
			shape = append(shape, shapeField{Name: fd.Name, Value: fd.Value})
		}
		f.Shapes = append(f.Shapes, shape)
	}
	if len(f.Shapes) == 0 {
		f.Known = false
	}
	return f
}

// structField decodes one types.StructFieldValue(name, v) element.
func (a *pkgAnalysis) structField(e ssa.Value, i int, c *ctx) (*Field, bool) {
	fname, fargs, fcall, ok := ctorCall(e)
	if !ok || fname != "StructFieldValue" || len(fargs) != 2 {
		return nil, false
	}
	n, ok := constString(fargs[0])
	if !ok {
		return nil, false
	}
	pos, end := a.callRange(fcall)
	return &Field{Name: n, Index: i, Pos: pos, End: end, Value: a.classify(fargs[1], c.deeper())}, true
}

// fieldAlt is one alternative field list of a StructValue argument.
type fieldAlt struct {
	fields []*Field
	known  bool
	impl   string
}

// fieldAlts decodes the field list handed to types.StructValue: a slice
// literal, appends to one, or the result of a function or interface method
// with row shapes.
func (a *pkgAnalysis) fieldAlts(v ssa.Value, c *ctx, depth int) ([]fieldAlt, bool) {
	v = peel(v)
	if depth > 4 {
		return nil, false
	}
	if elems, ok := sliceElems(v); ok {
		return []fieldAlt{a.decodeFields(elems, nil, c)}, true
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil, false
	}
	if b, isBuiltin := call.Call.Value.(*ssa.Builtin); isBuiltin {
		if b.Name() != "append" || len(call.Call.Args) != 2 {
			return nil, false
		}
		base, ok := a.fieldAlts(call.Call.Args[0], c, depth+1)
		if !ok {
			return nil, false
		}
		more, ok := sliceElems(call.Call.Args[1])
		if !ok {
			return nil, false
		}
		for i := range base {
			base[i] = a.decodeFields(more, &base[i], c)
		}
		return base, true
	}
	if !isFieldOptionSlice(call.Type()) {
		return nil, false
	}
	pos, end := a.callRange(call)
	if call.Call.IsInvoke() {
		return a.implAlts(call.Call.Method, call.Call.Value.Type(), pos, end)
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return nil, false
	}
	obj, _ := callee.Object().(*types.Func)
	f := a.shapeFact(obj)
	if f == nil {
		return nil, false
	}
	return shapeAlts(obj, f, pos, end), true
}

// decodeFields appends the decoded elements to base (nil: a fresh list).
func (a *pkgAnalysis) decodeFields(elems []ssa.Value, base *fieldAlt, c *ctx) fieldAlt {
	out := fieldAlt{known: true}
	if base != nil {
		out = fieldAlt{fields: append([]*Field(nil), base.fields...), known: base.known, impl: base.impl}
	}
	for _, e := range elems {
		fd, ok := a.structField(e, len(out.fields), c)
		if !ok {
			out.known = false
			continue
		}
		out.fields = append(out.fields, fd)
	}
	return out
}

// shapeFact returns the row shapes of fn: computed here for the package's
// own functions, imported otherwise; nil when there is none.
func (a *pkgAnalysis) shapeFact(fn *types.Func) *rowShapeFact {
	if fn == nil {
		return nil
	}
	if a.rowShapes != nil {
		if f, ok := a.rowShapes.local[fn]; ok {
			return f
		}
	}
	if fn.Pkg() == nil || fn.Pkg() == a.pass.Pkg {
		return nil
	}
	f := new(rowShapeFact)
	if !a.pass.ImportObjectFact(fn, f) {
		return nil
	}
	return f
}

// shapeAlts turns a function's shapes into field alternatives positioned
// at the call; value origins are qualified by the function, so they never
// match a value of the caller.
func shapeAlts(fn *types.Func, f *rowShapeFact, pos, end token.Pos) []fieldAlt {
	name := shortFuncName(fn)
	impl := name
	if f.Pos != "" {
		impl += " at " + f.Pos
	}
	var out []fieldAlt
	for _, shape := range f.Shapes {
		alt := fieldAlt{known: f.Known, impl: impl}
		for i, sf := range shape {
			v := sf.Value
			if v.Origin != "" {
				v.Origin = "impl:" + name + ":" + v.Origin
			}
			if v.HashOf != "" {
				v.HashOf = "impl:" + name + ":" + v.HashOf
			}
			alt.fields = append(alt.fields, &Field{Name: sf.Name, Index: i, Pos: pos, End: end, Value: v})
		}
		out = append(out, alt)
	}
	if len(out) == 0 {
		out = append(out, fieldAlt{impl: impl})
	}
	return out
}

// shortFuncName spells a function or method with its package name:
// "(index.tagIndex).StructFields", "rows.Fields".
func shortFuncName(fn *types.Func) string {
	qual := func(p *types.Package) string { return p.Name() }
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		return "(" + types.TypeString(sig.Recv().Type(), qual) + ")." + fn.Name()
	}
	if fn.Pkg() != nil {
		return fn.Pkg().Name() + "." + fn.Name()
	}
	return fn.Name()
}

// implAlts gives one alternative per implementation of the interface
// method m (of interface type it) in the module (see the file comment).
func (a *pkgAnalysis) implAlts(m *types.Func, it types.Type, pos, end token.Pos) ([]fieldAlt, bool) {
	iface, ok := types.Unalias(it).Underlying().(*types.Interface)
	if !ok || m == nil || m.Pkg() == nil || !a.inModule(m.Pkg().Path()) {
		return nil, false
	}
	var impls []*types.TypeName
	for _, p := range a.modulePackages() {
		scope := p.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			n, ok := tn.Type().(*types.Named)
			if !ok || n.TypeParams().Len() > 0 || types.IsInterface(n) {
				continue
			}
			if !types.Implements(n, iface) && !types.Implements(types.NewPointer(n), iface) {
				continue
			}
			impls = append(impls, tn)
		}
	}
	sort.Slice(impls, func(i, j int) bool {
		if impls[i].Pkg().Path() != impls[j].Pkg().Path() {
			return impls[i].Pkg().Path() < impls[j].Pkg().Path()
		}
		return impls[i].Name() < impls[j].Name()
	})
	var out []fieldAlt
	for _, tn := range impls {
		if strings.HasSuffix(a.pass.Fset.Position(tn.Pos()).Filename, "_test.go") {
			return nil, false // a test double: what it writes says nothing about the service
		}
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, m.Pkg(), m.Name())
		fn, ok := obj.(*types.Func)
		if !ok || namedOf(fn.Type().(*types.Signature).Recv().Type()) != tn {
			return nil, false // promoted from an embedded type: not decoded
		}
		f := a.shapeFact(fn)
		if f == nil {
			return nil, false
		}
		if !f.Converted && !(a.rowShapes != nil && a.rowShapes.converted[tn]) {
			continue // never held in an interface: cannot reach the call
		}
		if !f.Known || len(out) >= maxImpls {
			return nil, false
		}
		out = append(out, shapeAlts(fn, f, pos, end)...)
	}
	return out, len(out) > 0
}

// inModule reports whether the package path belongs to the analysed
// package's module.
func (a *pkgAnalysis) inModule(path string) bool {
	m := a.pass.Module
	if m == nil || m.Path == "" {
		return false
	}
	return path == m.Path || strings.HasPrefix(path, m.Path+"/")
}

// modulePackages lists the analysed package and the packages of its module
// it imports, directly or not.
func (a *pkgAnalysis) modulePackages() []*types.Package {
	var out []*types.Package
	seen := map[*types.Package]bool{}
	var walk func(p *types.Package)
	walk = func(p *types.Package) {
		if seen[p] || len(seen) > 4096 {
			return
		}
		seen[p] = true
		if !a.inModule(p.Path()) {
			return
		}
		out = append(out, p)
		for _, imp := range p.Imports() {
			walk(imp)
		}
	}
	walk(a.pass.Pkg)
	return out
}

// rowsHaveImpl reports whether some row's fields come from an interface
// method's implementations (Site.RowAlternatives).
func rowsHaveImpl(rows []*Row) bool {
	for _, r := range rows {
		if r.Impl != "" {
			return true
		}
	}
	return false
}
