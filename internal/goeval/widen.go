package goeval

import (
	"slices"
	"sort"
	"strconv"

	"github.com/ydblint/ydblint/internal/goeval/ir"
	"github.com/ydblint/ydblint/internal/goeval/value"
	"github.com/ydblint/ydblint/internal/strshape"
)

// Widening a loop whose number of iterations is not known.
//
// Every string and slice the loop may carry (header φs, cells of the heap)
// is replaced by a marker standing for "its value at the start of an
// iteration", and the body is run once. A string that comes back as the
// marker followed by Y was appended Y per iteration: after the loop it is
// the value before the loop followed by zero or more copies of Y
// (strshape.Loop); a slice that comes back as the marker followed by
// elements had those appended per iteration (repeated elements). Other
// values (integers, pointers, booleans) are run with their value before
// the loop; one that comes back different is generalised (an interval
// grown to infinity, anything else unknown) and the body is run again,
// at most a few rounds. Markers left inside the widened values stand for
// the value at the start of some iteration, which is the widened value of
// their variable; a variable defined from itself otherwise than by
// appending is unknown. The body then runs a last time from the widened
// state, and that run's values are the loop's.

type selfInfo struct {
	path  string
	init  *value.Value
	slice bool
}

type widener struct {
	fr     *frame
	selfs  map[int]*selfInfo
	ids    []int
	marked *markSet
}

const maxWidenRounds = 6

// widen interprets loop l from the header state (h, phis) for any number
// of iterations and returns the widened header state.
//
// Only what the loop changes is marked: the first round marks nothing
// and finds the cells and φs that come back different (a persistent heap
// keeps the very same contents for a cell nobody wrote); each round marks
// those found so far, until none is found that was not marked.
func (fr *frame) widen(l *ir.Loop, h *value.Heap, phis []*value.Value) (*value.Heap, []*value.Value) {
	phiIns := fr.headerPhis(l.Header)
	assume := map[string]*value.Value{}
	marked := &markSet{cells: map[int]bool{}, phis: map[int]bool{}}
	record := fr.record
	var wh *value.Heap
	var wphis []*value.Value
	for round := 0; ; round++ {
		w := &widener{fr: fr, selfs: map[int]*selfInfo{}, marked: marked}
		mh, mphis := w.markState(l, h, phis, phiIns, assume)
		fr.record = false
		fr.iterate(l, mh, mphis)
		fr.record = record
		if fr.dead {
			return nil, nil
		}
		bh, bphis := fr.edgesInto(l, true)
		if bh == nil {
			wh, wphis = h, phis // the body never comes back: the loop runs at most once
			break
		}
		final := round+1 >= maxWidenRounds
		var changed bool
		wh, wphis, changed = w.widenState(h, phis, mh, mphis, bh, bphis, phiIns, assume, round >= 3, final)
		if !changed || final {
			break
		}
	}
	fr.iterate(l, wh, wphis)
	return wh, wphis
}

// markSet is what a widening marks: the cells and header φs the loop
// was seen to change.
type markSet struct {
	cells map[int]bool
	phis  map[int]bool
}

func (w *widener) newSelf(path string, init *value.Value, slice bool) int {
	e := w.fr.e
	e.selfSeq++
	id := e.selfSeq
	w.selfs[id] = &selfInfo{path: path, init: init, slice: slice}
	w.ids = append(w.ids, id)
	return id
}

func (w *widener) selfPiece(id int) *strshape.Shape {
	e := w.fr.e
	ref, ok := e.selfRefs[id]
	if !ok {
		ref = e.t.AddSelf(id)
		e.selfRefs[id] = ref
	}
	return strshape.Hole(ref)
}

// markState replaces the loop-carried strings and slices of the state by
// markers, and other values by their assumptions.
func (w *widener) markState(l *ir.Loop, h *value.Heap, phis []*value.Value, phiIns []*ir.Instr, assume map[string]*value.Value) (*value.Heap, []*value.Value) {
	out := h
	for _, id := range sortedKeys(w.marked.cells) {
		v, ok := h.Get(id)
		if !ok {
			continue
		}
		ci := w.fr.e.cells[id]
		out = out.Set(id, w.mark(v, ci.typ, ci.unit, "c"+strconv.Itoa(id), assume))
	}
	mphis := slices.Clone(phis)
	for i, v := range phis {
		if !w.marked.phis[i] {
			continue
		}
		var t *ir.Type
		if ty := phiIns[i].Type; ty >= 0 && ty < len(w.fr.f.Unit().Types) {
			t = &w.fr.f.Unit().Types[ty]
		}
		mphis[i] = w.mark(v, t, w.fr.f.Unit(), "p"+strconv.Itoa(i), assume)
	}
	return out, mphis
}

func (w *widener) mark(v *value.Value, t *ir.Type, u *ir.Unit, path string, assume map[string]*value.Value) *value.Value {
	if v == nil {
		return v
	}
	if a, ok := assume[path]; ok {
		return a
	}
	switch {
	case v.Kind() == value.KString:
		return value.Str(w.selfPiece(w.newSelf(path, v, false)))
	case v.Kind() == value.KSlice, v.Kind() == value.KNil && t != nil && t.Kind == ir.TSlice:
		id := w.newSelf(path, v, true)
		return value.Slice([]value.Elem{{V: value.Self(id), Self: id}})
	case v.Kind() == value.KStruct && v.Type() != nil && len(v.Type().Fields) == len(v.Elems()):
		fields := make([]*value.Value, len(v.Elems()))
		for i, x := range v.Elems() {
			var ft *ir.Type
			if v.Unit() != nil && v.Type().Fields[i].Type >= 0 && v.Type().Fields[i].Type < len(v.Unit().Types) {
				ft = &v.Unit().Types[v.Type().Fields[i].Type]
			}
			fields[i] = w.mark(x, ft, v.Unit(), path+"/"+strconv.Itoa(i), assume)
		}
		return value.Struct(v.Type(), v.Unit(), fields)
	}
	return v
}

// widenState computes the widened header state from the state before the
// loop (h, phis), its marked form and the state coming back (bh, bphis).
func (w *widener) widenState(h *value.Heap, phis []*value.Value, mh *value.Heap, mphis []*value.Value, bh *value.Heap, bphis []*value.Value, phiIns []*ir.Instr, assume map[string]*value.Value, generalize, final bool) (*value.Heap, []*value.Value, bool) {
	e := w.fr.e
	changed := false
	// A cell or φ not marked that came back different: mark it next
	// round (or, in the last, give up on it).
	unmarked := func(m, b *value.Value) *value.Value {
		if m == b || e.t.Eq(m, b) {
			return m
		}
		changed = true
		if final {
			return e.fit(orOther(nil), e.bounded("changed in a loop"))
		}
		return nil
	}
	widened := map[int]*value.Value{} // self id → widened value, markers unresolved
	var leaf func(init, m, b *value.Value, path string) *value.Value
	leaf = func(init, m, b *value.Value, path string) *value.Value {
		if b == nil {
			return init
		}
		switch {
		case m.Kind() == value.KString && m.Shape().Kind == strshape.KindHole && w.selfOf(m.Shape()) != 0:
			id := w.selfOf(m.Shape())
			var v *value.Value
			bs := e.shapeOf(b)
			switch {
			case bs == nil:
				v = e.bounded("changed in a loop")
			case bs.Kind == strshape.KindHole && w.selfOf(bs) == id:
				v = init
			case len(value.Parts(bs)) > 0 && w.selfOf(value.Parts(bs)[0]) == id:
				rest := value.Parts(bs)[1:]
				y := catOrEmpty(e, rest)
				if w.hasSelf(y, id) {
					v = e.bounded("defined from itself in a loop")
				} else {
					v = e.strValue(strshape.Concat(e.lim, e.shapeOf(init), strshape.Loop(e.lim, y)))
				}
			case w.hasSelf(bs, id):
				v = e.bounded("defined from itself in a loop")
			default:
				v = e.join2(init, b, 0, 0)
			}
			widened[id] = v
			return v
		case m.Kind() == value.KSlice && len(m.Items()) == 1 && m.Items()[0].Self != 0:
			id := m.Items()[0].Self
			var v *value.Value
			switch {
			case b.Kind() == value.KNil && init.Kind() == value.KNil:
				v = init
			case b.Kind() == value.KSlice && len(b.Items()) > 0 && b.Items()[0].Self == id:
				rest := b.Items()[1:]
				if len(rest) == 0 {
					v = init
					break
				}
				items := slices.Clone(init.Items())
				for _, it := range rest {
					if w.valueHasSelf(it.V, id) || it.Self != 0 {
						items = nil
						break
					}
					it.Rep = true
					items = append(items, it)
				}
				if items == nil {
					v = e.bounded("defined from itself in a loop")
				} else {
					v = e.bound(value.Slice(items))
				}
			case w.valueHasSelf(b, id):
				v = e.bounded("defined from itself in a loop")
			default:
				v = e.join2(init, b, 0, 0)
			}
			widened[id] = v
			return v
		case m.Kind() == value.KStruct && b.Kind() == value.KStruct && init.Kind() == value.KStruct && len(m.Elems()) == len(b.Elems()) && len(init.Elems()) == len(m.Elems()) && m.Ident() == b.Ident():
			fields := make([]*value.Value, len(m.Elems()))
			for i := range m.Elems() {
				fields[i] = leaf(init.Elems()[i], m.Elems()[i], b.Elems()[i], path+"/"+strconv.Itoa(i))
			}
			return e.bound(value.Struct(init.Type(), init.Unit(), fields))
		}
		// An assumption: stable, or generalised and run again.
		if e.t.Eq(m, b) {
			return m
		}
		g := e.generalize(m, b, generalize || final)
		if !e.t.Eq(g, m) {
			changed = true
			assume[path] = g
		}
		return g
	}
	var whIDs []int
	var whVals []*value.Value
	mvals := mh.Values()
	for i, id := range mh.IDs() {
		init, _ := h.Get(id)
		b, _ := bh.Get(id)
		var v *value.Value
		if w.marked.cells[id] {
			v = leaf(init, mvals[i], b, "c"+strconv.Itoa(id))
		} else if v = unmarked(mvals[i], b); v == nil {
			w.marked.cells[id] = true
			v = init
		}
		whIDs = append(whIDs, id)
		whVals = append(whVals, v)
	}
	wh := value.HeapOf(whIDs, whVals)
	// Cells allocated in the body, reachable from the widened values.
	bvals := bh.Values()
	for i, id := range bh.IDs() {
		if _, ok := mh.Get(id); !ok {
			wh = wh.Set(id, bvals[i])
		}
	}
	wphis := make([]*value.Value, len(phis))
	for i := range phis {
		if w.marked.phis[i] {
			wphis[i] = leaf(phis[i], mphis[i], bphis[i], "p"+strconv.Itoa(i))
		} else if wphis[i] = unmarked(mphis[i], bphis[i]); wphis[i] == nil {
			w.marked.phis[i] = true
			wphis[i] = phis[i]
		}
	}
	// Resolve the markers left in the widened values.
	wh = wh.MapValues(func(v *value.Value) *value.Value { return w.resolve(v, widened, nil) })
	for i := range wphis {
		wphis[i] = w.resolve(wphis[i], widened, nil)
	}
	return wh, wphis, changed
}

func sortedKeys(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

// generalize returns a value covering both a (the assumption) and b (the
// value coming back): an interval grown to infinity on the side it grew,
// else unknown. final gives up at once.
func (e *Evaluator) generalize(a, b *value.Value, final bool) *value.Value {
	if a.Kind() == value.KInt && b.Kind() == value.KInt && !final {
		lo, hi := a.Lo(), a.Hi()
		if b.Lo() < lo {
			lo = value.NegInf
		}
		if b.Hi() > hi {
			hi = value.PosInf
		}
		return value.Int(lo, hi)
	}
	if a.Kind() == value.KInt || b.Kind() == value.KInt {
		return value.Int(value.NegInf, value.PosInf)
	}
	return e.bounded("changed in a loop")
}

func (w *widener) selfOf(s *strshape.Shape) int {
	if s == nil || s.Kind != strshape.KindHole {
		return 0
	}
	p := w.fr.e.Piece(s.Ref)
	if p.Kind != value.HoleSelf {
		return 0
	}
	return p.Self
}

func (w *widener) hasSelf(s *strshape.Shape, id int) bool {
	if s == nil {
		return false
	}
	if k := w.selfOf(s); k != 0 {
		return id == 0 || k == id
	}
	for _, p := range s.Parts {
		if w.hasSelf(p, id) {
			return true
		}
	}
	return false
}

// valueHasSelf reports whether v holds marker id (any marker for 0).
func (w *widener) valueHasSelf(v *value.Value, id int) bool {
	if v == nil {
		return false
	}
	switch v.Kind() {
	case value.KString:
		return w.hasSelf(v.Shape(), id)
	case value.KSelf:
		return id == 0 || v.Cell() == id
	case value.KSlice:
		for _, it := range v.Items() {
			if it.Self != 0 && (id == 0 || it.Self == id) || w.valueHasSelf(it.V, id) {
				return true
			}
		}
		return false
	}
	for _, x := range v.Elems() {
		if w.valueHasSelf(x, id) {
			return true
		}
	}
	return false
}

// resolve replaces the markers in v by the widened values of their
// variables (the value at the start of some iteration). A marker met
// again while being resolved (a cycle) is unknown.
//
// Markers of an enclosing loop's widening (not this widener's) stay: that
// widening resolves them.
func (w *widener) resolve(v *value.Value, widened map[int]*value.Value, visiting []int) *value.Value {
	if v == nil || !w.valueHasSelf(v, 0) {
		return v
	}
	e := w.fr.e
	repl := func(id int) *value.Value {
		s := w.selfs[id]
		if s == nil {
			return nil // an enclosing loop's
		}
		r, ok := widened[id]
		if !ok {
			r = s.init
		}
		if r == nil || slices.Contains(visiting, id) {
			return e.bounded("loop-carried value")
		}
		return w.resolve(r, widened, append(visiting, id))
	}
	return e.substSelf(v, repl)
}

// substSelf rebuilds v with each loop marker replaced by repl(id); a
// marker for which repl returns nil stays.
func (e *Evaluator) substSelf(v *value.Value, repl func(id int) *value.Value) *value.Value {
	switch v.Kind() {
	case value.KSelf:
		if r := repl(v.Cell()); r != nil {
			return r
		}
		return v
	case value.KString:
		return e.strValue(e.mapShape(v.Shape(), func(s *strshape.Shape) *strshape.Shape {
			p := e.Piece(s.Ref)
			if s.Kind != strshape.KindHole || p.Kind != value.HoleSelf {
				return s
			}
			r := repl(p.Self)
			if r == nil {
				return s
			}
			if rs := e.shapeOf(r); rs != nil {
				return rs
			}
			return strshape.Hole(0)
		}))
	case value.KSlice:
		var items []value.Elem
		for _, it := range v.Items() {
			if it.Self != 0 {
				r := repl(it.Self)
				if r == nil {
					items = append(items, it)
					continue
				}
				switch r.Kind() {
				case value.KSlice:
					for _, x := range r.Items() {
						x.Conds = append(slices.Clone(x.Conds), it.Conds...)
						x.Rep = x.Rep || it.Rep
						items = append(items, x)
					}
				case value.KNil:
				default:
					items = append(items, value.Elem{V: r, Rep: true})
				}
				continue
			}
			it.V = e.substSelf(it.V, repl)
			items = append(items, it)
		}
		return e.bound(value.Slice(items))
	}
	if len(v.Elems()) == 0 {
		return v
	}
	elems := make([]*value.Value, len(v.Elems()))
	for i, x := range v.Elems() {
		elems[i] = e.substSelf(x, repl)
	}
	return e.bound(v.WithElems(elems))
}

// mapShape rebuilds s with each leaf (literal or hole) replaced by f(leaf).
// It returns s itself when nothing changed.
func (e *Evaluator) mapShape(s *strshape.Shape, f func(*strshape.Shape) *strshape.Shape) *strshape.Shape {
	switch s.Kind {
	case strshape.KindLit, strshape.KindHole:
		return f(s)
	}
	ps := make([]*strshape.Shape, len(s.Parts))
	same := true
	for i, p := range s.Parts {
		ps[i] = e.mapShape(p, f)
		same = same && ps[i] == p
	}
	if same {
		return s
	}
	switch s.Kind {
	case strshape.KindCat:
		if len(ps) == 0 {
			return strshape.Empty()
		}
		return strshape.Concat(e.lim, ps...)
	case strshape.KindAlt:
		return e.altShapes(ps...)
	case strshape.KindOpt:
		return strshape.Optional(e.lim, ps[0], s.Cond)
	case strshape.KindRep:
		return strshape.Loop(e.lim, ps[0])
	case strshape.KindJoin:
		return strshape.Join(e.lim, ps[:len(ps)-1], ps[len(ps)-1])
	}
	return s
}

// catOrEmpty is the concatenation of ps, the empty string when none.
func catOrEmpty(e *Evaluator, ps []*strshape.Shape) *strshape.Shape {
	if len(ps) == 0 {
		return strshape.Empty()
	}
	return strshape.Concat(e.lim, ps...)
}
