package goeval

import (
	"go/constant"
	"go/token"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/goeval/ir"
	"github.com/ydblint/ydblint/internal/goeval/value"
	"github.com/ydblint/ydblint/internal/strshape"
)

// Addresses. A KPointer with a cell addresses the cell's contents, or a
// part of them along path (field indices, element indices, -1 for an
// element whose index is not known). A KPointer without cell (cell 0)
// addresses an element of the slice value elems[0]: slices are values in
// this domain, and a store through such a pointer replaces the slice in
// the frame's registers and cells.

func extend(path []int, k int) []int {
	out := make([]int, len(path), len(path)+1)
	copy(out, path)
	return append(out, k)
}

// cellContent returns the contents of cell (initialising a package
// variable's cell on first use) and the heap holding it.
func (fr *frame) cellContent(h *value.Heap, cell int) (*value.Value, *value.Heap) {
	ci := &fr.e.cells[cell]
	if ci.global != "" && !fr.e.initOnly(ci) {
		fr.readG = true
	}
	if v, ok := h.Get(cell); ok {
		if ci.global != "" && ci.typ != nil && ci.typ.Kind == ir.TString && !fr.isInit && !fr.e.initOnly(ci) && (v.Kind() != value.KString || strshape.HasHole(v.Shape())) {
			// A string variable this path assigned a text not wholly
			// known (a folder from a flag joined to the database name in
			// main) is named by the variable, as where the program reads
			// it in other functions: the DDL and the queries share that
			// key, never the holes of one assignment.
			g, _ := fr.e.globalValue(fr, cell)
			return g, h
		}
		return v, h
	}
	if ci.global == "" {
		v, ok := fr.e.cellInit[cell]
		if !ok {
			v = fr.e.hole(value.HoleRuntime, "", ci.desc, "memory of another evaluation")
		}
		return v, h.Set(cell, v)
	}
	v, src := fr.e.globalValue(fr, cell)
	h = h.Set(cell, v)
	return v, value.ImportCells(h, src, v)
}

// sub returns part k of v: a field or an element.
func (e *Evaluator) sub(v *value.Value, k int) *value.Value {
	switch v.Kind() {
	case value.KStruct:
		if k >= 0 && k < len(v.Elems()) {
			return v.Elems()[k]
		}
	case value.KSlice:
		return e.elemAt(v, k)
	case value.KAlt:
		var out *value.Value
		for _, a := range v.Elems() {
			out = e.join2(out, e.sub(a, k), 0, 0)
		}
		return out
	case value.KString:
		return value.Int(0, 255)
	case value.KUnknown:
		p := e.Piece(v.Hole())
		return e.hole(value.HoleRuntime, "", p.Desc+"[…]", "part of a value not known")
	}
	return e.bounded("part of a value of another kind")
}

// elemAt returns element k of a slice: exactly when every element before
// it is definite, else any element that could be there.
func (e *Evaluator) elemAt(s *value.Value, k int) *value.Value {
	if k >= 0 {
		definite := true
		for i := 0; i <= k && i < len(s.Items()); i++ {
			if s.Items()[i].Rep || len(s.Items()[i].Conds) > 0 || s.Items()[i].Self != 0 {
				definite = false
				break
			}
		}
		if definite && k < len(s.Items()) {
			return s.Items()[k].V
		}
	}
	var out *value.Value
	for _, it := range s.Items() {
		out = e.join2(out, it.V, 0, 0)
	}
	if out == nil {
		return e.hole(value.HoleRuntime, "", "element", "element of an empty slice")
	}
	return out
}

func (e *Evaluator) getPath(v *value.Value, path []int) *value.Value {
	for _, k := range path {
		v = e.sub(v, k)
	}
	return v
}

// setPath returns v with the part at path replaced by nv; a part that is
// not known exactly (an element under a condition, an unknown index, one
// of alternatives) is joined with nv instead.
func (e *Evaluator) setPath(v *value.Value, path []int, nv *value.Value) *value.Value {
	if len(path) == 0 {
		return nv
	}
	k := path[0]
	switch v.Kind() {
	case value.KStruct:
		if k >= 0 && k < len(v.Elems()) {
			fields := slices.Clone(v.Elems())
			fields[k] = e.setPath(fields[k], path[1:], nv)
			return e.bound(value.Struct(v.Type(), v.Unit(), fields))
		}
	case value.KSlice:
		items := slices.Clone(v.Items())
		if k >= 0 && k < len(items) {
			definite := true
			for i := 0; i <= k; i++ {
				if items[i].Rep || len(items[i].Conds) > 0 || items[i].Self != 0 {
					definite = false
				}
			}
			if definite {
				items[k].V = e.setPath(items[k].V, path[1:], nv)
				return e.bound(value.Slice(items))
			}
		}
		for i := range items {
			items[i].V = e.join2(items[i].V, e.setPath(items[i].V, path[1:], nv), 0, 0)
		}
		return e.bound(value.Slice(items))
	case value.KAlt:
		var out *value.Value
		for _, a := range v.Elems() {
			out = e.join2(out, e.setPath(a, path, nv), 0, 0)
		}
		return out
	}
	return v
}

// load reads through pointer p.
func (fr *frame) load(h *value.Heap, p *value.Value) (*value.Value, *value.Heap) {
	e := fr.e
	switch p.Kind() {
	case value.KPointer:
		if p.Cell() == 0 {
			return e.getPath(p.Elems()[0], p.Path()), h
		}
		var c *value.Value
		c, h = fr.cellContent(h, p.Cell())
		v := e.getPath(c, p.Path())
		if r, src := fr.resolveField(v); r != nil {
			h = value.ImportCells(h, src, r)
			h = h.Set(p.Cell(), e.setPath(c, p.Path(), r))
			return r, h
		}
		return v, h
	case value.KAlt:
		var out *value.Value
		for _, a := range p.Elems() {
			var v *value.Value
			v, h = fr.load(h, a)
			out = e.join2(out, v, 0, 0)
		}
		return out, h
	case value.KNil:
		return e.bounded("nil dereference"), h
	}
	cell := fr.ptrCell(p)
	return fr.load(h, value.Ptr(cell, nil))
}

// store writes v through pointer p.
func (fr *frame) store(h *value.Heap, p, v *value.Value) *value.Heap {
	e := fr.e
	switch p.Kind() {
	case value.KPointer:
		if p.Cell() == 0 {
			old := p.Elems()[0]
			return fr.replace(h, old, e.setPath(old, p.Path(), v))
		}
		c, h := fr.cellContent(h, p.Cell())
		if e.cells[p.Cell()].global != "" {
			fr.wroteG = true
		}
		return h.Set(p.Cell(), e.setPath(c, p.Path(), v))
	case value.KAlt:
		// One of them is written: each may keep its value.
		for _, a := range p.Elems() {
			var old *value.Value
			old, h = fr.load(h, a)
			h = fr.store(h, a, e.join2(old, v, 0, 0))
		}
		return h
	case value.KNil:
		return h
	}
	return fr.store(h, value.Ptr(fr.ptrCell(p), nil), v)
}

// replace substitutes the slice value nv for old, by identity, in the
// frame's registers and in the cells of h.
func (fr *frame) replace(h *value.Heap, old, nv *value.Value) *value.Heap {
	for i, v := range fr.vals {
		if v == old {
			fr.vals[i] = nv
		}
	}
	ids := h.IDs()
	for i, v := range h.Values() {
		if v == old {
			h = h.Set(ids[i], nv)
		}
	}
	return h
}

// ptrCell gives a pointer nothing is known about (a parameter's, an
// application's result) a cell of its own, the same for the same value in
// this frame, holding an unknown value.
func (fr *frame) ptrCell(p *value.Value) int {
	if c, ok := fr.ptrCells[p]; ok {
		return c
	}
	e := fr.e
	desc := "*pointer"
	key := e.t.Key(p)
	if p.Kind() == value.KUnknown {
		desc = "*" + e.Piece(p.Hole()).Desc
	}
	cell := e.newCell(nil, nil, desc)
	if fr.ptrCells == nil {
		fr.ptrCells = map[*value.Value]int{}
	}
	fr.ptrCells[p] = cell
	k := ""
	if key != "" {
		k = "deref:" + key
	}
	e.cellInit[cell] = e.pointee(p, k, desc)
	return cell
}

// pointee is what a pointer nothing is known about points to at first: for
// a pointer parameter the function only reads through, what the caller's
// argument points to (Piece.Deref); else a value not known.
func (e *Evaluator) pointee(p *value.Value, key, desc string) *value.Value {
	if p.Kind() == value.KUnknown {
		q := e.Piece(p.Hole())
		if pr, ok := e.paramHoles[p.Hole()]; ok && q.Kind == value.HoleParam && q.Method == "" && !q.Deref && pr.f.ParamOnlyLoaded(pr.index) {
			d := value.Piece{Hole: true, Kind: value.HoleParam, Key: key, Desc: q.Desc, Why: q.Why, Param: q.Param, Deref: true, Src: q.Src, SrcString: q.SrcString}
			return value.Unknown(e.piece(d))
		}
	}
	return e.hole(value.HoleRuntime, key, desc, "pointee not known")
}

// paramRef is the parameter a top-level frame's parameter hole stands for.
type paramRef struct {
	f     *ir.Func
	index int
}

// fieldAddr is &p.f.
func (fr *frame) fieldAddr(h *value.Heap, p *value.Value, in *ir.Instr) (*value.Value, *value.Heap) {
	e := fr.e
	switch p.Kind() {
	case value.KPointer:
		if p.Cell() == 0 {
			return e.bound(value.SlicePtr(p.Elems()[0], extend(p.Path(), in.X))), h
		}
		var c *value.Value
		c, h = fr.cellContent(h, p.Cell())
		if cur := e.getPath(c, p.Path()); cur.Kind() != value.KStruct && cur.Kind() != value.KAlt {
			h = h.Set(p.Cell(), e.setPath(c, p.Path(), e.materialize(fr.f.TypeAt(in.Aux), fr.f.Unit(), cur)))
		}
		return value.Ptr(p.Cell(), extend(p.Path(), in.X)), h
	case value.KAlt:
		var out *value.Value
		for _, a := range p.Elems() {
			var v *value.Value
			v, h = fr.fieldAddr(h, a, in)
			out = e.join2(out, v, 0, 0)
		}
		return out, h
	}
	cell := fr.ptrCell(p)
	return fr.fieldAddr(h, value.Ptr(cell, nil), in)
}

// field is x.f of a struct value.
func (fr *frame) field(h *value.Heap, x *value.Value, in *ir.Instr) (*value.Value, *value.Heap) {
	e := fr.e
	switch x.Kind() {
	case value.KStruct:
		if in.X < len(x.Elems()) {
			v := x.Elems()[in.X]
			if r, src := fr.resolveField(v); r != nil {
				return r, value.ImportCells(h, src, r)
			}
			return v, h
		}
	case value.KAlt:
		var out *value.Value
		for _, a := range x.Elems() {
			var v *value.Value
			v, h = fr.field(h, a, in)
			out = e.join2(out, v, 0, 0)
		}
		return out, h
	}
	m := e.materialize(fr.f.TypeAt(in.Aux), fr.f.Unit(), x)
	if m.Kind() == value.KStruct && in.X < len(m.Elems()) {
		v := m.Elems()[in.X]
		if r, src := fr.resolveField(v); r != nil {
			return r, value.ImportCells(h, src, r)
		}
		return v, h
	}
	return e.hole(value.HoleField, in.Name, "field", "field of a value not known"), h
}

// materialize turns an unknown struct into a struct of unknown fields,
// each keyed by its identity (field:pkg.T.f), so that a field can be
// written and the others still read as what they are.
func (e *Evaluator) materialize(t *ir.Type, u *ir.Unit, from *value.Value) *value.Value {
	if t == nil || t.Kind != ir.TStruct {
		return from
	}
	if isTextBuffer(t.Name) {
		return value.Str(e.holeShape(value.HoleRuntime, "", t.Name, "buffer not known"))
	}
	prefix := ""
	if from.Kind() == value.KUnknown {
		prefix = e.Piece(from.Hole()).Desc
	}
	fields := make([]*value.Value, len(t.Fields))
	for i, fd := range t.Fields {
		desc := fd.Name
		if prefix != "" {
			desc = prefix + "." + fd.Name
		}
		ref := e.t.Intern(value.Piece{Hole: true, Kind: value.HoleField, Key: fd.Key, Desc: desc, Why: "field of a struct not known here"}) // placed where read (stampField)
		if t.Name != "" {
			e.fieldHoles[ref] = fieldRef{typ: t.Name, index: i, t: typeIn(u, fd.Type), u: u}
		}
		fields[i] = e.fit(orOther(typeIn(u, fd.Type)), value.Unknown(ref))
	}
	return e.bound(value.Struct(t, u, fields))
}

func orOther(t *ir.Type) *ir.Type {
	if t == nil {
		return &ir.Type{Kind: ir.TOther, Elem: -1, Key: -1}
	}
	return t
}

type fieldRef struct {
	typ   string
	index int
	t     *ir.Type
	u     *ir.Unit
}

// resolveField reads a field of a struct the evaluator does not know
// from every store to it in the program (Env.Stores), when that list is
// complete: the join of the stored values and the zero value. It returns
// nil when v is not such a field or its stores are not all known.
func (fr *frame) resolveField(v *value.Value) (*value.Value, *value.Heap) {
	e := fr.e
	ref := v.Hole()
	if v.Kind() == value.KString && v.Shape().Kind == strshape.KindHole {
		ref = v.Shape().Ref
	}
	if ref == 0 || v.Kind() != value.KUnknown && v.Kind() != value.KString && v.Kind() != value.KInt {
		return nil, nil
	}
	fref, ok := e.fieldHoles[ref]
	if !ok {
		return nil, nil
	}
	key := fref.typ + "#" + strconv.Itoa(fref.index)
	if r, ok := e.fieldMemo[key]; ok {
		if r == nil {
			return nil, nil
		}
		return r.v, r.h
	}
	if e.fieldBusy[key] {
		// A field read while its stores are evaluated stays a hole.
		e.degrade()
		return nil, nil
	}
	stores, complete := e.env.Stores(fref.typ, fref.index)
	if !complete || len(stores) == 0 || len(stores) > e.b.Callers {
		e.fieldMemo[key] = nil
		return nil, nil
	}
	e.fieldBusy[key] = true
	defer delete(e.fieldBusy, key)
	degraded := false
	for _, fr := range e.topStack {
		degraded = degraded || fr.degraded
	}
	var out *value.Value
	h := value.EmptyHeap()
	for _, s := range stores {
		tf := e.topFrame(s.Fn)
		if tf == nil {
			return nil, nil
		}
		if tf.degraded {
			degraded = true
		}
		slot, ok := tf.f.Slot(s.Val)
		if !ok || tf.finalValue(slot) == nil {
			return nil, nil
		}
		val := tf.finalValue(slot)
		if e.unkeyedStringHole(val) && v.Kind() == value.KString {
			// A store of a value without identity (the parameter of a
			// constructor whose callers are not known) says no more
			// than the field's own hole, which names the field.
			val = e.stampField(v)
		}
		h = value.ImportCells(h, tf.final, val)
		out = e.join2(out, val, 0, 0)
	}
	out = e.join2(out, e.fieldZero(fref, ref), 0, 0)
	if fref.t != nil {
		out = e.fit(fref.t, out)
	}
	if !degraded {
		e.fieldMemo[key] = &fieldResult{v: out, h: h}
	}
	return out, h
}

// fieldIdentity is v read from the field of key: a string of an exported
// field that holds no literal text but path separators (a path another
// package joined from values not known here, kv.Params.TablePath) is a
// hole keyed by the field. The field names that value the same way at
// every read, the DDL's included, where the holes it was joined from
// depend on how far each read could see. An unexported field is read
// through its stores instead (resolveField, Store.Key).
func (e *Evaluator) fieldIdentity(v *value.Value, key string) *value.Value {
	if v == nil || v.Kind() != value.KString || !exportedField(key) {
		return v
	}
	s := v.Shape()
	if s == nil || s.Kind == strshape.KindHole || !strshape.OnlyChars(s, "/") || !strshape.HasHole(s) {
		return v
	}
	name := key[strings.LastIndex(key, ".")+1:]
	return value.Str(e.holeShape(value.HoleField, key, name, "a path of values not known here, named by its field"))
}

// exportedField reports whether key ("field:pkg.T.f") names an exported
// field.
func exportedField(key string) bool {
	i := strings.LastIndex(key, ".")
	return strings.HasPrefix(key, "field:") && i >= 0 && token.IsExported(key[i+1:])
}

// unkeyedStringHole reports whether v is a string that is nothing but a
// hole without a key.
func (e *Evaluator) unkeyedStringHole(v *value.Value) bool {
	return v != nil && v.Kind() == value.KString && v.Shape() != nil && v.Shape().Kind == strshape.KindHole && e.Piece(v.Shape().Ref).Key == ""
}

// fieldZero is the zero value of the field fref, joined with its stores:
// for a string field an empty literal marked Zero (Piece.Zero) and keyed
// by the field, so that a consumer can tell "not set yet" from a stored
// empty string.
func (e *Evaluator) fieldZero(fref fieldRef, ref int) *value.Value {
	if fref.t == nil || fref.t.Kind != ir.TString {
		return e.zero(fref.t, fref.u, 0)
	}
	return value.Str(strshape.Lit("", e.piece(value.Piece{Zero: true, Key: e.Piece(ref).Key})))
}

type fieldResult struct {
	v *value.Value
	h *value.Heap
}

// index is x[i] on an array value or a string.
func (e *Evaluator) index(x, i *value.Value) *value.Value {
	k := -1
	if i.Kind() == value.KInt && i.Lo() == i.Hi() && i.Lo() >= 0 && i.Lo() < 1<<20 {
		k = int(i.Lo())
	}
	switch x.Kind() {
	case value.KSlice:
		return e.elemAt(x, k)
	case value.KString:
		return value.Int(0, 255)
	case value.KAlt:
		var out *value.Value
		for _, a := range x.Elems() {
			out = e.join2(out, e.index(a, i), 0, 0)
		}
		return out
	}
	return e.hole(value.HoleRuntime, "", "element", "element of a value not known")
}

// indexAddr is &x[i].
func (fr *frame) indexAddr(h *value.Heap, x, i *value.Value) (*value.Value, *value.Heap) {
	e := fr.e
	k := -1
	if i.Kind() == value.KInt && i.Lo() == i.Hi() && i.Lo() >= 0 && i.Lo() < 1<<20 {
		k = int(i.Lo())
	}
	switch x.Kind() {
	case value.KPointer:
		if x.Cell() == 0 {
			return e.bound(value.SlicePtr(x.Elems()[0], extend(x.Path(), k))), h
		}
		return value.Ptr(x.Cell(), extend(x.Path(), k)), h
	case value.KSlice:
		return e.bound(value.SlicePtr(x, []int{k})), h
	case value.KAlt:
		var out *value.Value
		for _, a := range x.Elems() {
			var v *value.Value
			v, h = fr.indexAddr(h, a, i)
			out = e.join2(out, v, 0, 0)
		}
		return out, h
	}
	if x.Kind() == value.KUnknown {
		// The elements of a slice nothing is known about, described
		// as its elements.
		if _, ok := fr.ptrCells[x]; !ok {
			p := e.Piece(x.Hole())
			cell := e.newCell(nil, nil, p.Desc+"[]")
			e.cellInit[cell] = e.hole(value.HoleRuntime, "", p.Desc, "elements of a slice not known")
			if fr.ptrCells == nil {
				fr.ptrCells = map[*value.Value]int{}
			}
			fr.ptrCells[x] = cell
		}
	}
	return value.Ptr(fr.ptrCell(x), []int{-1}), h
}

// keyString spells a constant map key (constant.Value.ExactString), ""
// when the key is not one constant.
func (e *Evaluator) keyString(k *value.Value) string {
	switch k.Kind() {
	case value.KString:
		if s, ok := value.LitText(k.Shape()); ok {
			return constant.MakeString(s).ExactString()
		}
	case value.KInt:
		if k.Lo() == k.Hi() && k.Lo() != value.NegInf && k.Lo() != value.PosInf {
			return strconv.FormatInt(k.Lo(), 10)
		}
	case value.KConst:
		return k.Constant().ExactString()
	case value.KInterface:
		return e.keyString(k.Elems()[0])
	}
	return ""
}

// keyAlts lists the constant keys k may be, nil when one is not known.
func (e *Evaluator) keyAlts(k *value.Value) []string {
	if k.Kind() == value.KString && k.Shape().Kind == strshape.KindAlt {
		var out []string
		for _, p := range k.Shape().Parts {
			s, ok := value.LitText(p)
			if !ok {
				return nil
			}
			out = append(out, constant.MakeString(s).ExactString())
		}
		return out
	}
	if k.Kind() == value.KAlt {
		var out []string
		for _, a := range k.Elems() {
			ks := e.keyAlts(a)
			if ks == nil {
				return nil
			}
			out = append(out, ks...)
		}
		return out
	}
	if s := e.keyString(k); s != "" {
		return []string{s}
	}
	return nil
}

// lookup is m[k] on a map (or a string's byte).
func (fr *frame) lookup(h *value.Heap, m, k *value.Value, in *ir.Instr) *value.Value {
	e := fr.e
	t := fr.f.TypeAt(in.Type)
	var et *ir.Type
	if t != nil && t.Kind == ir.TTuple && len(t.Fields) == 2 {
		et = fr.f.TypeAt(t.Fields[0].Type)
	} else {
		et = t
	}
	result := func(v, ok *value.Value) *value.Value {
		if et != nil {
			v = e.fit(et, v)
		}
		if in.X == 1 {
			return value.Tuple([]*value.Value{v, ok})
		}
		return v
	}
	unknownOK := e.hole(value.HoleRuntime, "", "ok", "map lookup")
	if e.absentKey != nil && k == e.absentKey {
		return result(e.zero(et, fr.f.Unit(), 0), value.Bool(false)) // keySplit's missing key
	}
	switch m.Kind() {
	case value.KString:
		return result(value.Int(0, 255), unknownOK)
	case value.KNil:
		return result(e.zero(et, fr.f.Unit(), 0), value.Bool(false))
	case value.KPointer:
		c, _ := fr.load(h, m)
		if c.Kind() != value.KMap {
			break
		}
		keys := e.keyAlts(k)
		if keys == nil {
			key := ""
			if mk := e.t.Key(m); mk != "" && e.t.Key(k) != "" {
				key = "lookup:" + mk + "[" + e.t.Key(k) + "]"
			}
			return result(e.hole(value.HoleRuntime, key, "map entry", "map indexed by a key not known"), unknownOK)
		}
		var v, ok *value.Value
		for _, ks := range keys {
			i := sort.SearchStrings(c.Keys(), ks)
			if i < len(c.Keys()) && c.Keys()[i] == ks {
				v = e.join2(v, c.Elems()[i], 0, 0)
				ok = e.join2(ok, value.Bool(true), 0, 0)
			} else {
				v = e.join2(v, e.zero(et, fr.f.Unit(), 0), 0, 0)
				ok = e.join2(ok, value.Bool(false), 0, 0)
			}
		}
		if ok.Kind() == value.KAlt {
			ok = unknownOK
		}
		return result(v, ok)
	case value.KAlt:
		var out *value.Value
		for _, a := range m.Elems() {
			out = e.join2(out, fr.lookup(h, a, k, in), 0, 0)
		}
		return out
	}
	return result(e.hole(value.HoleRuntime, "", "map entry", "map not known"), unknownOK)
}

// mapUpdate is m[k] = v.
func (fr *frame) mapUpdate(h *value.Heap, m, k, v *value.Value) *value.Heap {
	e := fr.e
	if m.Kind() != value.KPointer {
		if m.Kind() == value.KAlt {
			for _, a := range m.Elems() {
				h = fr.mapUpdate(h, a, k, v)
			}
		}
		return h
	}
	c, h := fr.load(h, m)
	if c.Kind() != value.KMap {
		return h
	}
	ks := e.keyString(k)
	var nc *value.Value
	if ks == "" {
		nc = e.hole(value.HoleRuntime, "", "map", "map written with a key not known")
	} else {
		i := sort.SearchStrings(c.Keys(), ks)
		keys, vals := slices.Clone(c.Keys()), slices.Clone(c.Elems())
		if i < len(keys) && keys[i] == ks {
			vals[i] = v
		} else {
			keys = slices.Insert(keys, i, ks)
			vals = slices.Insert(vals, i, v)
		}
		if len(keys) > e.b.Elems {
			nc = e.bounded("map larger than the element bound")
		} else {
			nc = e.bound(value.Map(keys, vals))
		}
	}
	return fr.store(h, m, nc)
}

// slice is x[lo:hi].
func (fr *frame) slice(h *value.Heap, x, lo, hi *value.Value) (*value.Value, *value.Heap) {
	e := fr.e
	switch x.Kind() {
	case value.KPointer:
		v, h2 := fr.load(h, x)
		return e.sliceOf(v, lo, hi), h2
	case value.KAlt:
		var out *value.Value
		for _, a := range x.Elems() {
			var v *value.Value
			v, h = fr.slice(h, a, lo, hi)
			out = e.join2(out, v, 0, 0)
		}
		return out, h
	}
	return e.sliceOf(x, lo, hi), h
}

// sliceOf is x[lo:hi] on a slice or string value; nil bounds are absent.
func (e *Evaluator) sliceOf(x, lo, hi *value.Value) *value.Value {
	bound := func(b *value.Value, def int) (int, bool) {
		if b == nil {
			return def, true
		}
		if b.Kind() == value.KInt && b.Lo() == b.Hi() && b.Lo() >= 0 && b.Lo() < 1<<20 {
			return int(b.Lo()), true
		}
		return 0, false
	}
	whole := lo == nil && hi == nil || lo != nil && hi == nil && lo.Kind() == value.KInt && lo.Lo() == 0 && lo.Hi() == 0
	switch x.Kind() {
	case value.KNil:
		return x
	case value.KSlice:
		if whole {
			return x
		}
		definite := true
		for _, it := range x.Items() {
			if it.Rep || len(it.Conds) > 0 || it.Self != 0 {
				definite = false
			}
		}
		l, okl := bound(lo, 0)
		r, okr := bound(hi, len(x.Items()))
		if definite && okl && okr && l <= r && r <= len(x.Items()) {
			return e.bound(value.Slice(slices.Clone(x.Items()[l:r])))
		}
		var v *value.Value
		for _, it := range x.Items() {
			v = e.join2(v, it.V, 0, 0)
		}
		if v == nil {
			return x
		}
		return e.bound(value.Slice([]value.Elem{{V: v, Rep: true}}))
	case value.KString:
		if whole {
			return x
		}
		if t, ok := value.LitText(x.Shape()); ok {
			l, okl := bound(lo, 0)
			r, okr := bound(hi, len(t))
			if okl && okr && l <= r && r <= len(t) {
				return value.Str(e.litPlain(t[l:r]))
			}
		}
		return value.Str(e.holeShape(value.HoleRuntime, "", "substring", "substring of a string not known"))
	}
	return x
}
