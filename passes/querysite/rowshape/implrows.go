package rowshape

import (
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
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
// []types.StructValueOption exports a ShapeFact on it: the fields of the
// slice it returns (names and value classes, as Row fields are described),
// and whether the receiver type is converted to an interface anywhere in
// that package. At an interface call of such a method, every non-generic
// type of the module (this package and the module packages it imports)
// that implements the interface and is converted to an interface gives one
// row alternative (Row.Impl, Bulk.Alternatives). The rows are unknown
// (Row.Known false, so rules stay silent) when the interface is declared
// outside the module, an implementation's fields are not decoded or its
// method is promoted from an embedded type, an implementation is declared
// in a _test.go file (a test double), or there are more than maxImpls.

// ShapeFact describes the fields a function returns as
// []types.StructValueOption, one shape per return statement.
type ShapeFact struct {
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
	Value site.Value
}

func (*ShapeFact) AFact() {}

func (f *ShapeFact) String() string {
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

// ImplsFact is the package fact listing what the package knows about
// implementations of row-returning interface methods: the shapes of the
// methods its types declare, and the interfaces its values are converted
// to. It is a package fact, not a fact on the types, because an unexported
// implementation is not in the export data its importers see under
// go vet.
type ImplsFact struct {
	Methods     []implMethod
	Conversions []implConversion
}

// implMethod is a method returning []types.StructValueOption declared on a
// type of the package.
type implMethod struct {
	Type   string // "pkgpath.T"
	Method string
	Shapes [][]shapeField
	Known  bool
	Pos    string
	Name   string // "(pkg.T).Method" for messages
	InTest bool   // declared in a _test.go file
}

// implConversion records that values of Type (or *Type) are converted to
// the named interface Iface ("pkgpath.I") that has a row-returning method;
// Methods names all of Iface's methods.
type implConversion struct {
	Type, Iface string
	Methods     []string
}

func (*ImplsFact) AFact() {}

func (f *ImplsFact) String() string {
	var parts []string
	for _, m := range f.Methods {
		parts = append(parts, m.Name)
	}
	for _, c := range f.Conversions {
		parts = append(parts, c.Type+"→"+c.Iface)
	}
	return "ydbRowImpls(" + strings.Join(parts, " ") + ")"
}

// shapeState is the per-package state ExportShapes computes: shapes of
// local functions and the package's ImplsFact.
type shapeState struct {
	local map[*types.Func]*ShapeFact
	impls *ImplsFact
	// moduleFacts caches moduleImplFacts (the facts do not change during
	// the pass once ExportShapes has run).
	moduleFacts *[]*ImplsFact
}

// ExportShapes computes and exports the ShapeFacts of the package's
// functions (funcs, their bodies as prog shows them) and its ImplsFact;
// from then on the decoder knows the shapes of the package's own
// functions and implementations.
func (d *Decoder) ExportShapes(prog Bodies, funcs []*ssa.Function) {
	st := &shapeState{local: map[*types.Func]*ShapeFact{}, impls: &ImplsFact{}}
	d.shapes = st
	convSeen := map[string]bool{}
	for _, fn := range funcs {
		for _, b := range prog.Blocks(fn) {
			for _, instr := range b.Instrs {
				mi, ok := instr.(*ssa.MakeInterface)
				if !ok {
					continue
				}
				tn := sdk.NamedType(mi.X.Type())
				if tn == nil || tn.Pkg() == nil {
					continue
				}
				iface, methods := rowInterface(mi.Type())
				if iface == "" {
					continue
				}
				key := typeKey(tn) + " " + iface
				if !convSeen[key] {
					convSeen[key] = true
					st.impls.Conversions = append(st.impls.Conversions, implConversion{Type: typeKey(tn), Iface: iface, Methods: methods})
				}
			}
		}
	}
	converted := map[string]bool{}
	for _, c := range st.impls.Conversions {
		converted[c.Type] = true
	}
	for _, fn := range funcs {
		obj, _ := fn.Object().(*types.Func)
		if obj == nil || fn.Parent() != nil || fn.TypeParams().Len() > 0 || fn.Signature.Results().Len() != 1 ||
			!isFieldOptionSlice(fn.Signature.Results().At(0).Type()) || len(prog.Blocks(fn)) == 0 {
			continue
		}
		f := d.shapeOf(prog, fn)
		if recv := fn.Signature.Recv(); recv != nil {
			if tn := sdk.NamedType(recv.Type()); tn != nil {
				f.Converted = converted[typeKey(tn)]
				st.impls.Methods = append(st.impls.Methods, implMethod{
					Type: typeKey(tn), Method: obj.Name(), Shapes: f.Shapes, Known: f.Known, Pos: f.Pos,
					Name:   shortFuncName(obj),
					InTest: strings.HasSuffix(d.pass.Fset.Position(obj.Pos()).Filename, "_test.go"),
				})
			}
		}
		st.local[obj] = f
		d.pass.ExportObjectFact(obj, f)
	}
	if len(st.impls.Methods) > 0 || len(st.impls.Conversions) > 0 {
		d.pass.ExportPackageFact(st.impls)
	}
}

// typeKey spells a declared type as "pkgpath.Name".
func typeKey(tn *types.TypeName) string {
	if tn.Pkg() == nil {
		return tn.Name()
	}
	return tn.Pkg().Path() + "." + tn.Name()
}

// rowInterface names a named interface type with a method returning
// []types.StructValueOption ("pkgpath.I") and lists all its methods; ""
// for any other type. A conversion to an interface without such a method (any)
// is not recorded: a value that reaches a row writer only through a type
// assertion is beyond what is traced, as the documentation says.
func rowInterface(t types.Type) (string, []string) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return "", nil
	}
	it, ok := n.Underlying().(*types.Interface)
	if !ok {
		return "", nil
	}
	var methods []string
	rows := false
	for i := 0; i < it.NumMethods(); i++ {
		methods = append(methods, it.Method(i).Name())
		sig, ok := it.Method(i).Type().(*types.Signature)
		rows = rows || ok && sig.Results().Len() == 1 && isFieldOptionSlice(sig.Results().At(0).Type())
	}
	if !rows {
		return "", nil
	}
	return typeKey(n.Origin().Obj()), methods
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

// shapeOf decodes the slices fn returns.
func (d *Decoder) shapeOf(prog Bodies, fn *ssa.Function) *ShapeFact {
	f := &ShapeFact{Known: true}
	cl := d.host.ClassifierIn(fn)
	for _, b := range prog.Blocks(fn) {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		if f.Pos == "" {
			f.Pos = d.host.PosString(ret.Pos())
		}
		if len(f.Shapes) >= maxShapeReturns {
			f.Known = false
			break
		}
		elems, ok := d.host.AppendElems(ssaval.Peel(ret.Results[0]))
		if !ok {
			f.Known = false
			continue
		}
		var shape []shapeField
		for i, e := range elems {
			fd, ok := d.structField(e, i, cl)
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
func (d *Decoder) structField(e ssa.Value, i int, cl Classifier) (*site.Field, bool) {
	fname, fargs, fcall, ok := ssaval.CtorCall(e)
	if !ok || fname != "StructFieldValue" || len(fargs) != 2 {
		return nil, false
	}
	n, ok := ssaval.ConstString(fargs[0])
	if !ok {
		return nil, false
	}
	pos, end := d.host.CallRange(fcall)
	return &site.Field{Name: n, Index: i, Pos: pos, End: end, Value: cl(fargs[1])}, true
}

// fieldAlt is one alternative field list of a StructValue argument.
type fieldAlt struct {
	fields []*site.Field
	known  bool
	impl   string
}

// fieldAlts decodes the field list handed to types.StructValue: a slice
// literal, appends to one, or the result of a function or interface method
// with row shapes.
func (d *Decoder) fieldAlts(v ssa.Value, cl Classifier, depth int) ([]fieldAlt, bool) {
	v = ssaval.Peel(v)
	if depth > 4 {
		return nil, false
	}
	if elems, ok := ssaval.SliceElems(v); ok {
		return []fieldAlt{d.decodeFields(elems, nil, cl)}, true
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil, false
	}
	if b, isBuiltin := call.Call.Value.(*ssa.Builtin); isBuiltin {
		if b.Name() != "append" || len(call.Call.Args) != 2 {
			return nil, false
		}
		base, ok := d.fieldAlts(call.Call.Args[0], cl, depth+1)
		if !ok {
			return nil, false
		}
		more, ok := ssaval.SliceElems(call.Call.Args[1])
		if !ok {
			return nil, false
		}
		for i := range base {
			base[i] = d.decodeFields(more, &base[i], cl)
		}
		return base, true
	}
	if !isFieldOptionSlice(call.Type()) {
		return nil, false
	}
	pos, end := d.host.CallRange(call)
	if call.Call.IsInvoke() {
		return d.implAlts(call.Call.Method, call.Call.Value.Type(), pos, end)
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return nil, false
	}
	obj, _ := callee.Object().(*types.Func)
	f := d.shapeFact(obj)
	if f == nil {
		return nil, false
	}
	return shapeAlts(shortFuncName(obj), f, pos, end), true
}

// decodeFields appends the decoded elements to base (nil: a fresh list).
func (d *Decoder) decodeFields(elems []ssa.Value, base *fieldAlt, cl Classifier) fieldAlt {
	out := fieldAlt{known: true}
	if base != nil {
		out = fieldAlt{fields: append([]*site.Field(nil), base.fields...), known: base.known, impl: base.impl}
	}
	for _, e := range elems {
		fd, ok := d.structField(e, len(out.fields), cl)
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
func (d *Decoder) shapeFact(fn *types.Func) *ShapeFact {
	if fn == nil {
		return nil
	}
	if d.shapes != nil {
		if f, ok := d.shapes.local[fn]; ok {
			return f
		}
	}
	if fn.Pkg() == nil || fn.Pkg() == d.pass.Pkg {
		return nil
	}
	f := new(ShapeFact)
	if !d.pass.ImportObjectFact(fn, f) {
		return nil
	}
	return f
}

// shapeAlts turns a function's shapes into field alternatives positioned
// at the call; value origins are qualified by the function, so they never
// match a value of the caller.
func shapeAlts(name string, f *ShapeFact, pos, end token.Pos) []fieldAlt {
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
			alt.fields = append(alt.fields, &site.Field{Name: sf.Name, Index: i, Pos: pos, End: end, Value: v})
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
// method m (of interface type it) in the module (see the file comment),
// read from the ImplsFacts of the module's packages this package sees.
func (d *Decoder) implAlts(m *types.Func, it types.Type, pos, end token.Pos) ([]fieldAlt, bool) {
	n, ok := types.Unalias(it).(*types.Named)
	if !ok || m == nil || n.Obj().Pkg() == nil || !d.inModule(n.Obj().Pkg().Path()) {
		return nil, false
	}
	iface := typeKey(n.Origin().Obj())
	facts := d.moduleImplFacts()
	toIface := map[string]bool{}   // types converted to the interface
	elsewhere := map[string]bool{} // types converted to another interface that may hold them
	for _, f := range facts {
		for _, c := range f.Conversions {
			switch {
			case c.Iface == iface:
				toIface[c.Type] = true
			case hasMethods(c.Methods, n):
				// Another interface with (at least) this one's methods:
				// a value of it may be converted to this one elsewhere.
				elsewhere[c.Type] = true
			}
		}
	}
	methods := map[string]*implMethod{}
	for _, f := range facts {
		for i := range f.Methods {
			if im := &f.Methods[i]; im.Method == m.Name() {
				methods[im.Type] = im
			}
		}
	}
	var impls []string
	for t := range toIface {
		impls = append(impls, t)
	}
	for t := range elsewhere {
		if !toIface[t] {
			return nil, false // held in another interface with the method: may reach the call or not
		}
	}
	sort.Strings(impls)
	if len(impls) == 0 || len(impls) > maxImpls {
		return nil, false
	}
	var out []fieldAlt
	for _, t := range impls {
		im := methods[t]
		if im == nil || !im.Known || im.InTest {
			// No declared method decoded (promoted from an embedded
			// type, or not returning a literal), or a test double.
			return nil, false
		}
		out = append(out, shapeAlts(im.Name, &ShapeFact{Shapes: im.Shapes, Known: im.Known, Pos: im.Pos}, pos, end)...)
	}
	return out, true
}

// moduleImplFacts returns this package's ImplsFact and those of the
// module's packages it sees.
func (d *Decoder) moduleImplFacts() []*ImplsFact {
	if d.shapes != nil && d.shapes.moduleFacts != nil {
		return *d.shapes.moduleFacts
	}
	var out []*ImplsFact
	if d.shapes != nil && d.shapes.impls != nil {
		out = append(out, d.shapes.impls)
	}
	defer func() {
		if d.shapes != nil {
			d.shapes.moduleFacts = &out
		}
	}()
	for _, pf := range d.pass.AllPackageFacts() {
		f, ok := pf.Fact.(*ImplsFact)
		if !ok || pf.Package == d.pass.Pkg || !d.inModule(pf.Package.Path()) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// inModule reports whether the package path belongs to the analysed
// package's module.
func (d *Decoder) inModule(path string) bool {
	m := d.pass.Module
	if m == nil || m.Path == "" {
		return false
	}
	return path == m.Path || strings.HasPrefix(path, m.Path+"/")
}

// HaveImpl reports whether some row's fields come from an interface
// method's implementations (Bulk.Alternatives).
func HaveImpl(rows []*site.Row) bool {
	for _, r := range rows {
		if r.Impl != "" {
			return true
		}
	}
	return false
}

// hasMethods reports whether names includes every method of the interface
// type n (names only: a conservative stand-in for assignability).
func hasMethods(names []string, n *types.Named) bool {
	it, ok := n.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for i := 0; i < it.NumMethods(); i++ {
		if !slices.Contains(names, it.Method(i).Name()) {
			return false
		}
	}
	return true
}
