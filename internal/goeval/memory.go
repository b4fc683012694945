package goeval

import (
	"go/constant"
	"slices"
	"sort"
	"strconv"

	"github.com/ydblint/ydblint/internal/goeval/ir"
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
func (fr *frame) cellContent(h *heap, cell int) (*Value, *heap) {
	ci := &fr.e.cells[cell]
	if ci.global != "" && !fr.e.initOnly(ci) {
		fr.readG = true
	}
	if v, ok := h.get(cell); ok {
		return v, h
	}
	if ci.global == "" {
		v, ok := fr.e.cellInit[cell]
		if !ok {
			v = fr.e.hole(HoleRuntime, "", ci.desc, "memory of another evaluation")
		}
		return v, h.set(cell, v)
	}
	v, src := fr.e.globalValue(fr, cell)
	h = h.set(cell, v)
	return v, importCells(h, src, v)
}

// sub returns part k of v: a field or an element.
func (e *Evaluator) sub(v *Value, k int) *Value {
	switch v.kind {
	case KStruct:
		if k >= 0 && k < len(v.elems) {
			return v.elems[k]
		}
	case KSlice:
		return e.elemAt(v, k)
	case KAlt:
		var out *Value
		for _, a := range v.elems {
			out = e.join2(out, e.sub(a, k), 0, 0)
		}
		return out
	case KString:
		return mkInt(0, 255)
	case KUnknown:
		p := e.Piece(v.hole)
		return e.hole(HoleRuntime, "", p.Desc+"[…]", "part of a value not known")
	}
	return e.bounded("part of a value of another kind")
}

// elemAt returns element k of a slice: exactly when every element before
// it is definite, else any element that could be there.
func (e *Evaluator) elemAt(s *Value, k int) *Value {
	if k >= 0 {
		definite := true
		for i := 0; i <= k && i < len(s.items); i++ {
			if s.items[i].Rep || len(s.items[i].Conds) > 0 || s.items[i].self != 0 {
				definite = false
				break
			}
		}
		if definite && k < len(s.items) {
			return s.items[k].V
		}
	}
	var out *Value
	for _, it := range s.items {
		out = e.join2(out, it.V, 0, 0)
	}
	if out == nil {
		return e.hole(HoleRuntime, "", "element", "element of an empty slice")
	}
	return out
}

func (e *Evaluator) getPath(v *Value, path []int) *Value {
	for _, k := range path {
		v = e.sub(v, k)
	}
	return v
}

// setPath returns v with the part at path replaced by nv; a part that is
// not known exactly (an element under a condition, an unknown index, one
// of alternatives) is joined with nv instead.
func (e *Evaluator) setPath(v *Value, path []int, nv *Value) *Value {
	if len(path) == 0 {
		return nv
	}
	k := path[0]
	switch v.kind {
	case KStruct:
		if k >= 0 && k < len(v.elems) {
			fields := slices.Clone(v.elems)
			fields[k] = e.setPath(fields[k], path[1:], nv)
			return e.bound(mkStructU(v.typ, v.unit, fields))
		}
	case KSlice:
		items := slices.Clone(v.items)
		if k >= 0 && k < len(items) {
			definite := true
			for i := 0; i <= k; i++ {
				if items[i].Rep || len(items[i].Conds) > 0 || items[i].self != 0 {
					definite = false
				}
			}
			if definite {
				items[k].V = e.setPath(items[k].V, path[1:], nv)
				return e.bound(mkSlice(items))
			}
		}
		for i := range items {
			items[i].V = e.join2(items[i].V, e.setPath(items[i].V, path[1:], nv), 0, 0)
		}
		return e.bound(mkSlice(items))
	case KAlt:
		var out *Value
		for _, a := range v.elems {
			out = e.join2(out, e.setPath(a, path, nv), 0, 0)
		}
		return out
	}
	return v
}

// load reads through pointer p.
func (fr *frame) load(h *heap, p *Value) (*Value, *heap) {
	e := fr.e
	switch p.kind {
	case KPointer:
		if p.cell == 0 {
			return e.getPath(p.elems[0], p.path), h
		}
		var c *Value
		c, h = fr.cellContent(h, p.cell)
		v := e.getPath(c, p.path)
		if r, src := fr.resolveField(v); r != nil {
			h = importCells(h, src, r)
			h = h.set(p.cell, e.setPath(c, p.path, r))
			return r, h
		}
		return v, h
	case KAlt:
		var out *Value
		for _, a := range p.elems {
			var v *Value
			v, h = fr.load(h, a)
			out = e.join2(out, v, 0, 0)
		}
		return out, h
	case KNil:
		return e.bounded("nil dereference"), h
	}
	cell := fr.ptrCell(p)
	return fr.load(h, mkPtr(cell, nil))
}

// store writes v through pointer p.
func (fr *frame) store(h *heap, p, v *Value) *heap {
	e := fr.e
	switch p.kind {
	case KPointer:
		if p.cell == 0 {
			old := p.elems[0]
			return fr.replace(h, old, e.setPath(old, p.path, v))
		}
		c, h := fr.cellContent(h, p.cell)
		if e.cells[p.cell].global != "" {
			fr.wroteG = true
		}
		return h.set(p.cell, e.setPath(c, p.path, v))
	case KAlt:
		// One of them is written: each may keep its value.
		for _, a := range p.elems {
			var old *Value
			old, h = fr.load(h, a)
			h = fr.store(h, a, e.join2(old, v, 0, 0))
		}
		return h
	case KNil:
		return h
	}
	return fr.store(h, mkPtr(fr.ptrCell(p), nil), v)
}

// replace substitutes the slice value nv for old, by identity, in the
// frame's registers and in the cells of h.
func (fr *frame) replace(h *heap, old, nv *Value) *heap {
	for i, v := range fr.vals {
		if v == old {
			fr.vals[i] = nv
		}
	}
	for i, v := range h.vals {
		if v == old {
			h = h.set(h.ids[i], nv)
		}
	}
	return h
}

// ptrCell gives a pointer nothing is known about (a parameter's, an
// application's result) a cell of its own, the same for the same value in
// this frame, holding an unknown value.
func (fr *frame) ptrCell(p *Value) int {
	if c, ok := fr.ptrCells[p]; ok {
		return c
	}
	e := fr.e
	desc := "*pointer"
	key := e.keyOf(p)
	if p.kind == KUnknown {
		desc = "*" + e.Piece(p.hole).Desc
	}
	cell := e.newCell(nil, nil, desc)
	if fr.ptrCells == nil {
		fr.ptrCells = map[*Value]int{}
	}
	fr.ptrCells[p] = cell
	k := ""
	if key != "" {
		k = "deref:" + key
	}
	e.cellInit[cell] = e.hole(HoleRuntime, k, desc, "pointee not known")
	return cell
}

// fieldAddr is &p.f.
func (fr *frame) fieldAddr(h *heap, p *Value, in *ir.Instr) (*Value, *heap) {
	e := fr.e
	switch p.kind {
	case KPointer:
		if p.cell == 0 {
			return e.bound(mkSlicePtr(p.elems[0], extend(p.path, in.X))), h
		}
		var c *Value
		c, h = fr.cellContent(h, p.cell)
		if cur := e.getPath(c, p.path); cur.kind != KStruct && cur.kind != KAlt {
			h = h.set(p.cell, e.setPath(c, p.path, e.materialize(fr.f.TypeAt(in.Aux), fr.f.Unit(), cur)))
		}
		return mkPtr(p.cell, extend(p.path, in.X)), h
	case KAlt:
		var out *Value
		for _, a := range p.elems {
			var v *Value
			v, h = fr.fieldAddr(h, a, in)
			out = e.join2(out, v, 0, 0)
		}
		return out, h
	}
	cell := fr.ptrCell(p)
	return fr.fieldAddr(h, mkPtr(cell, nil), in)
}

// field is x.f of a struct value.
func (fr *frame) field(h *heap, x *Value, in *ir.Instr) (*Value, *heap) {
	e := fr.e
	switch x.kind {
	case KStruct:
		if in.X < len(x.elems) {
			v := x.elems[in.X]
			if r, src := fr.resolveField(v); r != nil {
				return r, importCells(h, src, r)
			}
			return v, h
		}
	case KAlt:
		var out *Value
		for _, a := range x.elems {
			var v *Value
			v, h = fr.field(h, a, in)
			out = e.join2(out, v, 0, 0)
		}
		return out, h
	}
	m := e.materialize(fr.f.TypeAt(in.Aux), fr.f.Unit(), x)
	if m.kind == KStruct && in.X < len(m.elems) {
		v := m.elems[in.X]
		if r, src := fr.resolveField(v); r != nil {
			return r, importCells(h, src, r)
		}
		return v, h
	}
	return e.hole(HoleField, in.Name, "field", "field of a value not known"), h
}

// materialize turns an unknown struct into a struct of unknown fields,
// each keyed by its identity (field:pkg.T.f), so that a field can be
// written and the others still read as what they are.
func (e *Evaluator) materialize(t *ir.Type, u *ir.Unit, from *Value) *Value {
	if t == nil || t.Kind != ir.TStruct {
		return from
	}
	if isTextBuffer(t.Name) {
		return mkStr(e.holeShape(HoleRuntime, "", t.Name, "buffer not known"))
	}
	prefix := ""
	if from.kind == KUnknown {
		prefix = e.Piece(from.hole).Desc
	}
	fields := make([]*Value, len(t.Fields))
	for i, fd := range t.Fields {
		desc := fd.Name
		if prefix != "" {
			desc = prefix + "." + fd.Name
		}
		ref := e.t.piece(Piece{Hole: true, Kind: HoleField, Key: fd.Key, Desc: desc, Why: "field of a struct not known here"}) // placed where read (stampField)
		if t.Name != "" {
			e.fieldHoles[ref] = fieldRef{typ: t.Name, index: i, t: typeIn(u, fd.Type), u: u}
		}
		fields[i] = e.fit(orOther(typeIn(u, fd.Type)), mkUnknown(ref))
	}
	return e.bound(mkStructU(t, u, fields))
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
func (fr *frame) resolveField(v *Value) (*Value, *heap) {
	e := fr.e
	ref := v.hole
	if v.kind == KString && v.shape.Kind == strshape.KindHole {
		ref = v.shape.Ref
	}
	if ref == 0 || v.kind != KUnknown && v.kind != KString && v.kind != KInt {
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
	var out *Value
	h := emptyHeap
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
		if e.unkeyedStringHole(val) && v.kind == KString {
			// A store of a value without identity (the parameter of a
			// constructor whose callers are not known) says no more
			// than the field's own hole, which names the field.
			val = e.stampField(v)
		}
		h = importCells(h, tf.final, val)
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

// unkeyedStringHole reports whether v is a string that is nothing but a
// hole without a key.
func (e *Evaluator) unkeyedStringHole(v *Value) bool {
	return v != nil && v.kind == KString && v.shape != nil && v.shape.Kind == strshape.KindHole && e.Piece(v.shape.Ref).Key == ""
}

// fieldZero is the zero value of the field fref, joined with its stores:
// for a string field an empty literal marked Zero (Piece.Zero) and keyed
// by the field, so that a consumer can tell "not set yet" from a stored
// empty string.
func (e *Evaluator) fieldZero(fref fieldRef, ref int) *Value {
	if fref.t == nil || fref.t.Kind != ir.TString {
		return e.zero(fref.t, fref.u, 0)
	}
	return mkStr(strshape.Lit("", e.piece(Piece{Zero: true, Key: e.Piece(ref).Key})))
}

type fieldResult struct {
	v *Value
	h *heap
}

// index is x[i] on an array value or a string.
func (e *Evaluator) index(x, i *Value) *Value {
	k := -1
	if i.kind == KInt && i.lo == i.hi && i.lo >= 0 && i.lo < 1<<20 {
		k = int(i.lo)
	}
	switch x.kind {
	case KSlice:
		return e.elemAt(x, k)
	case KString:
		return mkInt(0, 255)
	case KAlt:
		var out *Value
		for _, a := range x.elems {
			out = e.join2(out, e.index(a, i), 0, 0)
		}
		return out
	}
	return e.hole(HoleRuntime, "", "element", "element of a value not known")
}

// indexAddr is &x[i].
func (fr *frame) indexAddr(h *heap, x, i *Value) (*Value, *heap) {
	e := fr.e
	k := -1
	if i.kind == KInt && i.lo == i.hi && i.lo >= 0 && i.lo < 1<<20 {
		k = int(i.lo)
	}
	switch x.kind {
	case KPointer:
		if x.cell == 0 {
			return e.bound(mkSlicePtr(x.elems[0], extend(x.path, k))), h
		}
		return mkPtr(x.cell, extend(x.path, k)), h
	case KSlice:
		return e.bound(mkSlicePtr(x, []int{k})), h
	case KAlt:
		var out *Value
		for _, a := range x.elems {
			var v *Value
			v, h = fr.indexAddr(h, a, i)
			out = e.join2(out, v, 0, 0)
		}
		return out, h
	}
	if x.kind == KUnknown {
		// The elements of a slice nothing is known about, described
		// as its elements.
		if _, ok := fr.ptrCells[x]; !ok {
			p := e.Piece(x.hole)
			cell := e.newCell(nil, nil, p.Desc+"[]")
			e.cellInit[cell] = e.hole(HoleRuntime, "", p.Desc, "elements of a slice not known")
			if fr.ptrCells == nil {
				fr.ptrCells = map[*Value]int{}
			}
			fr.ptrCells[x] = cell
		}
	}
	return mkPtr(fr.ptrCell(x), []int{-1}), h
}

// keyString spells a constant map key (constant.Value.ExactString), ""
// when the key is not one constant.
func (e *Evaluator) keyString(k *Value) string {
	switch k.kind {
	case KString:
		if s, ok := litText(k.shape); ok {
			return constant.MakeString(s).ExactString()
		}
	case KInt:
		if k.lo == k.hi && k.lo != negInf && k.lo != posInf {
			return strconv.FormatInt(k.lo, 10)
		}
	case KConst:
		return k.c.ExactString()
	case KInterface:
		return e.keyString(k.elems[0])
	}
	return ""
}

// keyAlts lists the constant keys k may be, nil when one is not known.
func (e *Evaluator) keyAlts(k *Value) []string {
	if k.kind == KString && k.shape.Kind == strshape.KindAlt {
		var out []string
		for _, p := range k.shape.Parts {
			s, ok := litText(p)
			if !ok {
				return nil
			}
			out = append(out, constant.MakeString(s).ExactString())
		}
		return out
	}
	if k.kind == KAlt {
		var out []string
		for _, a := range k.elems {
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
func (fr *frame) lookup(h *heap, m, k *Value, in *ir.Instr) *Value {
	e := fr.e
	t := fr.f.TypeAt(in.Type)
	var et *ir.Type
	if t != nil && t.Kind == ir.TTuple && len(t.Fields) == 2 {
		et = fr.f.TypeAt(t.Fields[0].Type)
	} else {
		et = t
	}
	result := func(v, ok *Value) *Value {
		if et != nil {
			v = e.fit(et, v)
		}
		if in.X == 1 {
			return mkTuple([]*Value{v, ok})
		}
		return v
	}
	unknownOK := e.hole(HoleRuntime, "", "ok", "map lookup")
	if e.absentKey != nil && k == e.absentKey {
		return result(e.zero(et, fr.f.Unit(), 0), mkBool(false)) // keySplit's missing key
	}
	switch m.kind {
	case KString:
		return result(mkInt(0, 255), unknownOK)
	case KNil:
		return result(e.zero(et, fr.f.Unit(), 0), mkBool(false))
	case KPointer:
		c, _ := fr.load(h, m)
		if c.kind != KMap {
			break
		}
		keys := e.keyAlts(k)
		if keys == nil {
			key := ""
			if mk := e.keyOf(m); mk != "" && e.keyOf(k) != "" {
				key = "lookup:" + mk + "[" + e.keyOf(k) + "]"
			}
			return result(e.hole(HoleRuntime, key, "map entry", "map indexed by a key not known"), unknownOK)
		}
		var v, ok *Value
		for _, ks := range keys {
			i := sort.SearchStrings(c.keys, ks)
			if i < len(c.keys) && c.keys[i] == ks {
				v = e.join2(v, c.elems[i], 0, 0)
				ok = e.join2(ok, mkBool(true), 0, 0)
			} else {
				v = e.join2(v, e.zero(et, fr.f.Unit(), 0), 0, 0)
				ok = e.join2(ok, mkBool(false), 0, 0)
			}
		}
		if ok.kind == KAlt {
			ok = unknownOK
		}
		return result(v, ok)
	case KAlt:
		var out *Value
		for _, a := range m.elems {
			out = e.join2(out, fr.lookup(h, a, k, in), 0, 0)
		}
		return out
	}
	return result(e.hole(HoleRuntime, "", "map entry", "map not known"), unknownOK)
}

// mapUpdate is m[k] = v.
func (fr *frame) mapUpdate(h *heap, m, k, v *Value) *heap {
	e := fr.e
	if m.kind != KPointer {
		if m.kind == KAlt {
			for _, a := range m.elems {
				h = fr.mapUpdate(h, a, k, v)
			}
		}
		return h
	}
	c, h := fr.load(h, m)
	if c.kind != KMap {
		return h
	}
	ks := e.keyString(k)
	var nc *Value
	if ks == "" {
		nc = e.hole(HoleRuntime, "", "map", "map written with a key not known")
	} else {
		i := sort.SearchStrings(c.keys, ks)
		keys, vals := slices.Clone(c.keys), slices.Clone(c.elems)
		if i < len(keys) && keys[i] == ks {
			vals[i] = v
		} else {
			keys = slices.Insert(keys, i, ks)
			vals = slices.Insert(vals, i, v)
		}
		if len(keys) > e.b.Elems {
			nc = e.bounded("map larger than the element bound")
		} else {
			nc = e.bound(mkMap(keys, vals))
		}
	}
	return fr.store(h, m, nc)
}

// slice is x[lo:hi].
func (fr *frame) slice(h *heap, x, lo, hi *Value) (*Value, *heap) {
	e := fr.e
	switch x.kind {
	case KPointer:
		v, h2 := fr.load(h, x)
		return e.sliceOf(v, lo, hi), h2
	case KAlt:
		var out *Value
		for _, a := range x.elems {
			var v *Value
			v, h = fr.slice(h, a, lo, hi)
			out = e.join2(out, v, 0, 0)
		}
		return out, h
	}
	return e.sliceOf(x, lo, hi), h
}

// sliceOf is x[lo:hi] on a slice or string value; nil bounds are absent.
func (e *Evaluator) sliceOf(x, lo, hi *Value) *Value {
	bound := func(b *Value, def int) (int, bool) {
		if b == nil {
			return def, true
		}
		if b.kind == KInt && b.lo == b.hi && b.lo >= 0 && b.lo < 1<<20 {
			return int(b.lo), true
		}
		return 0, false
	}
	whole := lo == nil && hi == nil || lo != nil && hi == nil && lo.kind == KInt && lo.lo == 0 && lo.hi == 0
	switch x.kind {
	case KNil:
		return x
	case KSlice:
		if whole {
			return x
		}
		definite := true
		for _, it := range x.items {
			if it.Rep || len(it.Conds) > 0 || it.self != 0 {
				definite = false
			}
		}
		l, okl := bound(lo, 0)
		r, okr := bound(hi, len(x.items))
		if definite && okl && okr && l <= r && r <= len(x.items) {
			return e.bound(mkSlice(slices.Clone(x.items[l:r])))
		}
		var v *Value
		for _, it := range x.items {
			v = e.join2(v, it.V, 0, 0)
		}
		if v == nil {
			return x
		}
		return e.bound(mkSlice([]Elem{{V: v, Rep: true}}))
	case KString:
		if whole {
			return x
		}
		if t, ok := litText(x.shape); ok {
			l, okl := bound(lo, 0)
			r, okr := bound(hi, len(t))
			if okl && okr && l <= r && r <= len(t) {
				return mkStr(e.litPlain(t[l:r]))
			}
		}
		return mkStr(e.holeShape(HoleRuntime, "", "substring", "substring of a string not known"))
	}
	return x
}
