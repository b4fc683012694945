package goeval

import (
	"go/token"
	"slices"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval/ir"
	"github.com/ydblint/ydblint/internal/goeval/value"
)

// frame is one interpretation of a function: a top-level evaluation (the
// function's own values, its parameters from its callers or holes) or a
// call (parameters bound to the caller's abstract arguments, sharing the
// caller's heap).
//
// Blocks run in reverse postorder; a block's entry state is the join of
// its live predecessors' exit states (join2 with the deciding if's
// conditions), so code behind a constant condition is not run. A loop is
// run as a unit: element by element over a known slice, iteration by
// iteration while its exit is decided, and otherwise widened (widen).
type frame struct {
	e      *Evaluator
	f      *ir.Func
	vals   []*value.Value
	seen   []*value.Value // top frames: every value an instruction took
	top    bool
	record bool // the values of this run are final (not a widening pass)
	ctx    string
	depth  int
	isInit bool
	// initPkg: a package initialiser's package, whose variables start
	// at their zero values in it.
	initPkg  *ssa.Package
	final    *value.Heap // top frames: the heap at the function's exit
	degraded bool        // top frames: an input was cut by a bound

	out    []*value.Heap
	succ   [][2]bool
	hdr    []*hdrState
	refs   [][]refinement
	force  []int8
	ifCond []*value.Value // block → the KCond its if tests, in the current run
	rets   []ret
	elem   *elemOverride

	probe    int                 // a summary's probe slot, -1 for none
	probeVal *value.Value        // the join of the probe's values
	snaps    map[int]*value.Heap // top frames: call slot → heap at the call
	closures map[*ir.Func]*closureSite
	defers   []deferred
	dead     bool
	why      string
	wroteG   bool // wrote a package variable
	readG    bool // read a package variable that others may write
	ptrCells map[*value.Value]int
}

type hdrState struct {
	h    *value.Heap
	phis []*value.Value
}

type ret struct {
	block int
	vals  []*value.Value
	h     *value.Heap
}

type refinement struct {
	slot   int
	lo, hi int64
}

// elemOverride makes the body of a range loop read v as the element
// (rangeLoop).
type elemOverride struct {
	slice, next int
	v           *value.Value
}

type closureSite struct {
	h        *value.Heap
	bindings []*value.Value
	block    int
	// async: the closure was started by a go statement, so it may read
	// a captured variable after the maker's next assignment to it.
	async bool
}

type deferred struct {
	in   *ir.Instr
	args []*value.Value
}

func (e *Evaluator) newFrame(f *ir.Func, ctx string, depth int) *frame {
	nb := len(f.Blocks)
	fr := &frame{e: e, f: f, ctx: ctx, depth: depth, record: true, probe: -1,
		vals: make([]*value.Value, f.NValues),
		out:  make([]*value.Heap, nb), succ: make([][2]bool, nb), hdr: make([]*hdrState, nb),
		refs: make([][]refinement, nb), force: make([]int8, nb), ifCond: make([]*value.Value, nb)}
	for i := range fr.force {
		fr.force[i] = -1
	}
	for i := range f.Consts {
		fr.vals[f.ConstBase+i] = e.constValue(f, &f.Consts[i])
	}
	return fr
}

// step counts one instruction against the budget.
func (fr *frame) step() bool {
	if fr.dead {
		return false
	}
	if fr.e.steps <= 0 {
		fr.abort("step budget exhausted")
		return false
	}
	fr.e.steps--
	return true
}

func (fr *frame) abort(why string) {
	if !fr.dead {
		fr.dead, fr.why = true, why
	}
}

// run interprets the function from its entry with heap h.
func (fr *frame) run(h *value.Heap) {
	if fr.f.Bad() != "" {
		fr.abort(fr.f.Bad())
		return
	}
	fr.hdr[0] = &hdrState{h: h}
	fr.runRegion(fr.f.Order())
}

func (fr *frame) runRegion(items []ir.Item) {
	for _, it := range items {
		if fr.dead {
			return
		}
		if it.Loop != nil {
			fr.runLoop(it.Loop)
		} else {
			fr.runBlock(it.Block)
		}
	}
}

// set records the value of slot.
func (fr *frame) set(slot int, v *value.Value) {
	fr.vals[slot] = v
	if fr.top && fr.record {
		fr.seen[slot] = fr.e.join2(fr.seen[slot], v, 0, 0)
	}
	if slot == fr.probe && fr.record {
		fr.probeVal = fr.e.join2(fr.probeVal, v, 0, 0)
	}
}

// get returns the value of slot as seen in block b: an integer narrowed by
// the conditions that dominate b.
func (fr *frame) get(slot, b int) *value.Value {
	if slot < 0 {
		return nil
	}
	v := fr.vals[slot]
	if v == nil {
		return fr.e.bounded("value not computed")
	}
	if v.Kind() != value.KInt || b < 0 {
		return v
	}
	lo, hi := v.Lo(), v.Hi()
	narrowed := false
	for n := 0; b >= 0 && n <= len(fr.f.Blocks); n++ {
		for _, r := range fr.refs[b] {
			if r.slot == slot {
				lo, hi = max(lo, r.lo), min(hi, r.hi)
				narrowed = true
			}
		}
		b = fr.f.Blocks[b].Idom
	}
	if !narrowed || lo == v.Lo() && hi == v.Hi() {
		return v
	}
	if lo > hi { // an infeasible path; keep the value
		return v
	}
	return value.Int(lo, hi)
}

// edgeLive reports whether the edge p→b was taken.
func (fr *frame) edgeLive(p, b int) bool {
	if fr.out[p] == nil {
		return false
	}
	succs := fr.f.Blocks[p].Succs
	for k, s := range succs {
		if s == b && fr.succ[p][k] {
			return true
		}
	}
	return false
}

func (fr *frame) dominates(a, b int) bool { return fr.f.Dominates(a, b) }

// condID interns the decision "the if ending block d took successor k",
// in this function and this calling context.
//
// An if testing a condition-valued boolean (KCond) takes its edges under
// that condition and its complement.
func (fr *frame) condID(d, k int, in *ir.Instr) int {
	t := &fr.e.t
	if v := fr.ifCond[d]; v != nil {
		c, neg := v.Cond()
		if k == 1 {
			neg = !neg
		}
		if !neg {
			return c
		}
		if comp := t.Cond(c).Complement; comp != 0 {
			return comp
		}
	}
	base := fr.f.Name + "#" + strconv.Itoa(d) + ":"
	c0 := t.InternCond(value.Cond{Pos: in.TokenPos(), PosString: in.Pos, Func: fr.f.Name, Key: base + "0@" + fr.ctx})
	c1 := t.InternCond(value.Cond{Pos: in.TokenPos(), PosString: in.Pos, Negated: true, Func: fr.f.Name, Key: base + "1@" + fr.ctx})
	t.PairConds(c0, c1)
	if k == 1 {
		return c1
	}
	return c0
}

// entry joins the states of the live edges into b; nil when none is.
func (fr *frame) entry(b int) *value.Heap {
	var live []int
	for _, p := range fr.f.Blocks[b].Preds {
		if fr.edgeLive(p, b) {
			live = append(live, p)
		}
	}
	if len(live) == 0 {
		return nil
	}
	h, _ := fr.joinTree(b, live, func(p int) (*value.Value, *value.Heap) { return nil, fr.out[p] }, true)
	return h
}

// phi is the value of a φ of block b from its live edges.
func (fr *frame) phi(b int, in *ir.Instr) *value.Value {
	preds := fr.f.Blocks[b].Preds
	var live []int
	for _, p := range preds {
		if fr.edgeLive(p, b) {
			live = append(live, p)
		}
	}
	if len(live) == 0 {
		return fr.e.bounded("unreachable")
	}
	_, v := fr.joinTree(b, live, func(p int) (*value.Value, *value.Heap) {
		i := slices.Index(preds, p)
		return fr.edgeValue(p, b, in.Args[i]), nil
	}, false)
	return v
}

// joinTree joins what the paths from preds bring to b (b < 0: the
// function's returns), following the ifs that separate them: the nearest
// common dominator of the predecessors ends with an if, whose two
// successors split them in two groups, each joined the same way, then
// joined under the if's two conditions. Nested ifs whose join blocks SSA
// merged into one thus give nested optional pieces. Predecessors no if
// separates are alternatives.
func (fr *frame) joinTree(b int, preds []int, leaf func(p int) (*value.Value, *value.Heap), heaps bool) (*value.Heap, *value.Value) {
	e := fr.e
	if len(preds) == 1 {
		v, h := leaf(preds[0])
		return h, v
	}
	d := preds[0]
	for _, p := range preds[1:] {
		d = fr.commonDom(d, p)
	}
	if d >= 0 {
		db := &fr.f.Blocks[d]
		last := &db.Instrs[len(db.Instrs)-1]
		if last.Op == ir.OpIf && len(db.Succs) == 2 && db.Succs[0] != db.Succs[1] {
			var groups [2][]int
			ok := true
			for _, p := range preds {
				k := fr.side(d, b, p)
				if k < 0 {
					ok = false
					break
				}
				groups[k] = append(groups[k], p)
			}
			if ok && len(groups[0]) > 0 && len(groups[1]) > 0 {
				h0, v0 := fr.joinTree(b, groups[0], leaf, heaps)
				h1, v1 := fr.joinTree(b, groups[1], leaf, heaps)
				c0, c1 := fr.condID(d, 0, last), fr.condID(d, 1, last)
				if heaps {
					return e.joinHeaps(h0, h1, c0, c1), nil
				}
				return nil, e.join2(v0, v1, c0, c1)
			}
		}
	}
	var h *value.Heap
	var v *value.Value
	for _, p := range preds {
		pv, ph := leaf(p)
		if heaps {
			h = e.joinHeaps(h, ph, 0, 0)
		} else {
			v = e.join2(v, pv, 0, 0)
		}
	}
	return h, v
}

// side returns which successor of the if ending block d the path from p
// into b (b < 0: a return in p) went through, -1 when that is not known.
func (fr *frame) side(d, b, p int) int {
	db := &fr.f.Blocks[d]
	for k, s := range db.Succs {
		if p == d && s == b {
			return k
		}
		if s != b && fr.dominates(s, p) {
			return k
		}
	}
	return -1
}

// edgeValue is the value of slot on the edge p→b: narrowed by p's
// dominating conditions and by the edge's own condition.
func (fr *frame) edgeValue(p, b, slot int) *value.Value {
	v := fr.get(slot, p)
	if v.Kind() != value.KInt {
		return v
	}
	pb := &fr.f.Blocks[p]
	last := &pb.Instrs[len(pb.Instrs)-1]
	if last.Op != ir.OpIf || pb.Succs[0] == pb.Succs[1] {
		return v
	}
	k := 0
	if pb.Succs[1] == b {
		k = 1
	}
	for _, r := range fr.narrow(p, last.Args[0], k == 0) {
		if r.slot == slot {
			lo, hi := max(v.Lo(), r.lo), min(v.Hi(), r.hi)
			if lo <= hi {
				v = value.Int(lo, hi)
			}
		}
	}
	return v
}

// narrow returns what the comparison in slot cond says of its integer
// operands when it is truth.
func (fr *frame) narrow(b, cond int, truth bool) []refinement {
	in := fr.f.InstrOf(cond)
	if in == nil || in.Op != ir.OpBinOp {
		if in != nil && in.Op == ir.OpUnOp && token.Token(in.X) == token.NOT {
			return fr.narrow(b, in.Args[0], !truth)
		}
		return nil
	}
	op := token.Token(in.X)
	if !truth {
		switch op {
		case token.LSS:
			op = token.GEQ
		case token.LEQ:
			op = token.GTR
		case token.GTR:
			op = token.LEQ
		case token.GEQ:
			op = token.LSS
		case token.EQL:
			op = token.NEQ
		case token.NEQ:
			op = token.EQL
		default:
			return nil
		}
	}
	x, y := fr.get(in.Args[0], b), fr.get(in.Args[1], b)
	if x.Kind() != value.KInt || y.Kind() != value.KInt {
		return nil
	}
	var out []refinement
	add := func(slot int, lo, hi int64) {
		if fr.f.ConstOf(slot) == nil {
			out = append(out, refinement{slot, lo, hi})
		}
	}
	dec := func(n int64) int64 {
		if n == value.NegInf || n == value.PosInf {
			return n
		}
		return n - 1
	}
	inc := func(n int64) int64 {
		if n == value.NegInf || n == value.PosInf {
			return n
		}
		return n + 1
	}
	switch op {
	case token.LSS: // x < y
		add(in.Args[0], value.NegInf, dec(y.Hi()))
		add(in.Args[1], inc(x.Lo()), value.PosInf)
	case token.LEQ:
		add(in.Args[0], value.NegInf, y.Hi())
		add(in.Args[1], x.Lo(), value.PosInf)
	case token.GTR:
		add(in.Args[0], inc(y.Lo()), value.PosInf)
		add(in.Args[1], value.NegInf, dec(x.Hi()))
	case token.GEQ:
		add(in.Args[0], y.Lo(), value.PosInf)
		add(in.Args[1], value.NegInf, x.Hi())
	case token.EQL:
		add(in.Args[0], y.Lo(), y.Hi())
		add(in.Args[1], x.Lo(), x.Hi())
	}
	return out
}

// runBlock interprets block b.
func (fr *frame) runBlock(b int) {
	blk := &fr.f.Blocks[b]
	var h *value.Heap
	var phis []*value.Value
	if hs := fr.hdr[b]; hs != nil {
		h, phis = hs.h, hs.phis
	} else {
		h = fr.entry(b)
	}
	fr.out[b] = nil
	fr.succ[b] = [2]bool{}
	if h == nil {
		return
	}
	// What the conditions of the only predecessor say on this path.
	fr.refs[b] = nil
	if len(blk.Preds) == 1 {
		p := blk.Preds[0]
		pb := &fr.f.Blocks[p]
		if last := &pb.Instrs[len(pb.Instrs)-1]; last.Op == ir.OpIf && pb.Succs[0] != pb.Succs[1] {
			fr.refs[b] = fr.narrow(p, last.Args[0], pb.Succs[0] == b)
		}
	}
	// φs read their edges in parallel.
	n := 0
	for n < len(blk.Instrs) && blk.Instrs[n].Op == ir.OpPhi {
		n++
	}
	if n > 0 {
		vs := make([]*value.Value, n)
		for i := 0; i < n; i++ {
			if phis != nil && i < len(phis) {
				vs[i] = phis[i]
			} else {
				vs[i] = fr.phi(b, &blk.Instrs[i])
			}
		}
		for i := 0; i < n; i++ {
			fr.set(blk.Instrs[i].ID, vs[i])
		}
	}
	for i := n; i < len(blk.Instrs); i++ {
		if !fr.step() {
			return
		}
		h = fr.execAt(b, &blk.Instrs[i], h)
		if h == nil {
			return
		}
	}
	fr.out[b] = h
}

// headerPhis returns the φs of a loop header: their slots and types.
func (fr *frame) headerPhis(h int) []*ir.Instr {
	var out []*ir.Instr
	for i := range fr.f.Blocks[h].Instrs {
		in := &fr.f.Blocks[h].Instrs[i]
		if in.Op != ir.OpPhi {
			break
		}
		out = append(out, in)
	}
	return out
}

// edgesInto joins the states and φ values of the live edges into the loop
// header h from the predecessors back selects (true: back edges).
func (fr *frame) edgesInto(l *ir.Loop, back bool) (*value.Heap, []*value.Value) {
	hb := &fr.f.Blocks[l.Header]
	phis := fr.headerPhis(l.Header)
	var h *value.Heap
	vals := make([]*value.Value, len(phis))
	any := false
	for i, p := range hb.Preds {
		if l.Body[p] != back || !fr.edgeLive(p, l.Header) {
			continue
		}
		any = true
		h = fr.e.joinHeaps(h, fr.out[p], 0, 0)
		for j, in := range phis {
			vals[j] = fr.e.join2(vals[j], fr.edgeValue(p, l.Header, in.Args[i]), 0, 0)
		}
	}
	if !any {
		return nil, nil
	}
	return h, vals
}

// iterate runs the loop's blocks once from the header state (h, phis).
func (fr *frame) iterate(l *ir.Loop, h *value.Heap, phis []*value.Value) {
	fr.hdr[l.Header] = &hdrState{h: h, phis: phis}
	fr.runRegion(l.Items)
	fr.hdr[l.Header] = nil
}

// exitsLive reports whether some edge leaves the loop.
func (fr *frame) exitsLive(l *ir.Loop) bool {
	for b, in := range l.Body {
		if !in || fr.out[b] == nil {
			continue
		}
		for k, s := range fr.f.Blocks[b].Succs {
			if !l.Body[s] && fr.succ[b][k] {
				return true
			}
		}
		if last := fr.f.Blocks[b].Instrs; len(last) > 0 && last[len(last)-1].Op == ir.OpReturn {
			return true
		}
	}
	return false
}

// runLoop interprets a loop: over a known slice element by element;
// otherwise iteration by iteration while each iteration's exit is decided
// (a counted loop, a loop over a known slice without choice); otherwise
// widened.
func (fr *frame) runLoop(l *ir.Loop) {
	h, phis := fr.edgesInto(l, false)
	if h == nil {
		for b, in := range l.Body {
			if in {
				fr.out[b] = nil
			}
		}
		return
	}
	if l.RangeSlice >= 0 && fr.rangeLoop(l, h, phis) {
		return
	}
	for iter := 0; iter < fr.e.b.Unroll; iter++ {
		fr.iterate(l, h, phis)
		if fr.dead {
			return
		}
		bh, bphis := fr.edgesInto(l, true)
		if bh == nil {
			return // the loop ended in this iteration: its exits are in place
		}
		if fr.exitsLive(l) {
			break // this iteration may or may not be the last: widen from it
		}
		h, phis = bh, bphis
	}
	fr.widen(l, h, phis)
}

// rangeLoop runs a range over a known slice once per element. An optional
// element's iteration joins the states with and without it under the
// element's condition; a repeated element's is widened.
func (fr *frame) rangeLoop(l *ir.Loop, h *value.Heap, phis []*value.Value) bool {
	s := fr.vals[l.RangeSlice]
	if s == nil {
		return false
	}
	var items []value.Elem
	switch s.Kind() {
	case value.KNil:
	case value.KSlice:
		items = s.Items()
	case value.KString:
		return false
	default:
		return false
	}
	if len(items) > fr.e.b.Elems {
		return false
	}
	phiIns := fr.headerPhis(l.Header)
	idxPos := -1
	for i, in := range phiIns {
		if in.ID == l.RangeIdx {
			idxPos = i
		}
	}
	if idxPos < 0 {
		return false
	}
	var acc []*value.Heap // exits taken in some iteration (break, return)
	accumulate := func() {
		if acc == nil {
			acc = make([]*value.Heap, len(fr.f.Blocks))
		}
		for b, in := range l.Body {
			if in && fr.out[b] != nil && b != l.Header {
				for k, s := range fr.f.Blocks[b].Succs {
					if !l.Body[s] && fr.succ[b][k] {
						acc[b] = fr.e.joinHeaps(acc[b], fr.out[b], 0, 0)
					}
				}
			}
		}
	}
	saved := fr.elem
	defer func() { fr.elem = saved }()
	if l.RangeIdxRead && treeLoop(items, fr.e.b.Variants) {
		// Each combination of the optional elements runs with its own
		// index, so that a first-element test (i == 0, i > 0) stays
		// decided; the combinations join at the exit under the
		// elements' conditions.
		h, phis = fr.rangeTree(l, items, 0, h, phis, idxPos, -1, accumulate)
		if fr.dead {
			return true
		}
		fr.exitRange(l, h, phis, acc)
		return true
	}
	lo, hi := int64(-1), int64(-1)
	for _, it := range items {
		phis = append([]*value.Value(nil), phis...)
		phis[idxPos] = value.Int(lo, hi)
		fr.elem = &elemOverride{slice: l.RangeSlice, next: l.RangeNext, v: it.V}
		if it.Rep {
			fr.force[l.Header] = 0
			wh, wphis := fr.widen(l, h, phis)
			fr.force[l.Header] = -1
			accumulate()
			if wh == nil {
				return true
			}
			h, phis = wh, wphis
			hi = value.PosInf - 1
			continue
		}
		fr.force[l.Header] = 0
		fr.iterate(l, h, phis)
		fr.force[l.Header] = -1
		if fr.dead {
			return true
		}
		accumulate()
		bh, bphis := fr.edgesInto(l, true)
		switch {
		case bh == nil:
			h = nil
		case len(it.Conds) > 0:
			// With the element only when all its conditions held: the
			// innermost first, each join nesting the previous one.
			ch, cphis := bh, bphis
			for _, c := range it.Conds {
				ch = fr.e.joinHeaps(h, ch, 0, c)
				next := make([]*value.Value, len(phis))
				for i := range phis {
					next[i] = fr.e.join2(phis[i], cphis[i], 0, c)
				}
				cphis = next
			}
			h, phis = ch, cphis
			hi++
		default:
			h, phis = bh, bphis
			lo++
			hi++
		}
		if h == nil {
			break
		}
	}
	fr.elem = nil
	if h != nil {
		phis = append([]*value.Value(nil), phis...)
		phis[idxPos] = value.Int(lo, hi)
	}
	fr.exitRange(l, h, phis, acc)
	return true
}

// exitRange runs the exit of a range loop from the state after its last
// element (h nil: no path gets there) and joins the exits some iteration
// took (acc).
func (fr *frame) exitRange(l *ir.Loop, h *value.Heap, phis []*value.Value, acc []*value.Heap) {
	if h != nil {
		fr.force[l.Header] = 1
		fr.iterate(l, h, phis)
		fr.force[l.Header] = -1
	} else {
		for b, in := range l.Body {
			if in {
				fr.out[b] = nil
			}
		}
	}
	for b, a := range acc {
		if a == nil {
			continue
		}
		fr.out[b] = fr.e.joinHeaps(fr.out[b], a, 0, 0)
		for k, s := range fr.f.Blocks[b].Succs {
			if !l.Body[s] {
				fr.succ[b][k] = true
			}
		}
	}
}

// treeLoop reports whether a range over items runs once per combination
// of its optional elements: no repeated element, and no more combinations
// than the variants a value may hold.
func treeLoop(items []value.Elem, variants int) bool {
	combos := 1
	for _, it := range items {
		if it.Rep {
			return false
		}
		if len(it.Conds) > 0 {
			combos *= 2
			if combos > variants {
				return false
			}
		}
	}
	return combos > 1
}

// rangeTree runs the range loop's iterations for items[j:] from the header
// state (h, phis) whose index is idx, once with and once without each
// optional element, and returns the state after the last element: the
// join of the combinations under each optional element's conditions.
func (fr *frame) rangeTree(l *ir.Loop, items []value.Elem, j int, h *value.Heap, phis []*value.Value, idxPos int, idx int64, accumulate func()) (*value.Heap, []*value.Value) {
	if h == nil || j == len(items) || fr.dead {
		if h != nil {
			phis = append([]*value.Value(nil), phis...)
			phis[idxPos] = value.Int(idx, idx)
		}
		return h, phis
	}
	it := items[j]
	in := append([]*value.Value(nil), phis...)
	in[idxPos] = value.Int(idx, idx)
	fr.elem = &elemOverride{slice: l.RangeSlice, next: l.RangeNext, v: it.V}
	fr.force[l.Header] = 0
	fr.iterate(l, h, in)
	fr.force[l.Header] = -1
	if fr.dead {
		return nil, nil
	}
	accumulate()
	bh, bphis := fr.edgesInto(l, true)
	ph, pphis := fr.rangeTree(l, items, j+1, bh, bphis, idxPos, idx+1, accumulate)
	if len(it.Conds) == 0 {
		return ph, pphis
	}
	ah, aphis := fr.rangeTree(l, items, j+1, h, phis, idxPos, idx, accumulate)
	if fr.dead {
		return nil, nil
	}
	// With the element only when all its conditions held: the innermost
	// first, each join nesting the previous one.
	switch {
	case ph == nil:
		return ah, aphis
	case ah == nil:
		return ph, pphis
	}
	ch, cphis := ph, pphis
	for _, c := range it.Conds {
		ch = fr.e.joinHeaps(ah, ch, 0, c)
		next := make([]*value.Value, len(aphis))
		for i := range aphis {
			next[i] = fr.e.join2(aphis[i], cphis[i], 0, c)
		}
		cphis = next
	}
	return ch, cphis
}
