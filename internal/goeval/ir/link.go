package ir

import (
	"go/token"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/ssacell"
)

// link computes what the interpreter needs beyond the encoded IR: where
// each value is defined, the reverse postorder, the natural loops and the
// region tree. It runs after lowering and after decoding a summary, and
// validates the IR (a decoded summary is data from another process): a
// function whose IR is inconsistent is marked bad and never interpreted.
// Relink returns a linked copy of a summary's unit, nil when a function
// is missing. The unit itself is not modified (several passes may share
// an imported fact).
func (u *Unit) Relink() *Unit {
	c := &Unit{Types: u.Types, Methods: u.Methods, Globals: u.Globals}
	for _, f := range u.Funcs {
		if f == nil {
			return nil
		}
		g := *f
		g.def, g.order, g.loops, g.bad, g.slots, g.ssa = nil, nil, nil, "", nil, nil
		c.Funcs = append(c.Funcs, &g)
	}
	c.link()
	return c
}

func (u *Unit) link() {
	if u.linked {
		return
	}
	u.linked = true
	for _, f := range u.Funcs {
		f.unit = u
		if f.bad == "" {
			f.bad = f.link(len(u.Funcs), len(u.Types))
		}
	}
	for _, m := range u.Methods {
		if m.Func < 0 || m.Func >= len(u.Funcs) {
			u.Methods = nil
			break
		}
	}
}

func (f *Func) link(nfuncs, ntypes int) string {
	nb := len(f.Blocks)
	if nb == 0 {
		return "no body"
	}
	if f.NParams < 0 || f.NFree < 0 || f.ConstBase < f.NParams+f.NFree || f.ConstBase+len(f.Consts) != f.NValues {
		return "inconsistent value slots"
	}
	okType := func(t int) bool { return t >= -1 && t < ntypes }
	for _, c := range f.Consts {
		if !okType(c.Type) || c.Func < 0 || c.Func > nfuncs {
			return "inconsistent constant"
		}
	}
	f.def = make([]DefSite, f.NValues)
	for i := range f.def {
		f.def[i] = DefSite{-1, -1}
	}
	for bi := range f.Blocks {
		b := &f.Blocks[bi]
		if b.Idom < -1 || b.Idom >= nb {
			return "inconsistent dominator"
		}
		for _, p := range b.Preds {
			if p < 0 || p >= nb {
				return "inconsistent predecessor"
			}
		}
		for _, s := range b.Succs {
			if s < 0 || s >= nb {
				return "inconsistent successor"
			}
		}
		if len(b.Instrs) == 0 {
			return "empty block"
		}
		for ii := range b.Instrs {
			in := &b.Instrs[ii]
			if in.ID >= f.NValues || in.ID < -1 || !okType(in.Type) || in.Func < 0 || in.Func > nfuncs {
				return "inconsistent instruction"
			}
			for _, a := range in.Args {
				if a < -1 || a >= f.NValues {
					return "inconsistent operand"
				}
			}
			if in.Op == OpPhi && len(in.Args) != len(b.Preds) {
				return "inconsistent phi"
			}
			if in.ID >= 0 {
				if f.def[in.ID].Block >= 0 || in.ID < f.NParams+f.NFree || in.ID >= f.ConstBase {
					return "value defined twice"
				}
				f.def[in.ID] = DefSite{bi, ii}
			}
		}
		switch last := b.Instrs[len(b.Instrs)-1]; last.Op {
		case OpIf:
			if len(b.Succs) != 2 || len(last.Args) != 1 {
				return "inconsistent if"
			}
		case OpJump:
			if len(b.Succs) != 1 {
				return "inconsistent jump"
			}
		case OpReturn, OpPanic:
		default:
			return "block without terminator"
		}
	}
	// Reverse postorder from the entry.
	post := make([]int, 0, nb)
	seen := make([]bool, nb)
	type frame struct{ b, next int }
	stack := []frame{{0, 0}}
	seen[0] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		succs := f.Blocks[top.b].Succs
		if top.next < len(succs) {
			s := succs[top.next]
			top.next++
			if !seen[s] {
				seen[s] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		post = append(post, top.b)
		stack = stack[:len(stack)-1]
	}
	rpo := make([]int, 0, len(post))
	for i := len(post) - 1; i >= 0; i-- {
		rpo = append(rpo, post[i])
	}
	rpoIdx := make([]int, nb)
	for i := range rpoIdx {
		rpoIdx[i] = -1
	}
	for i, b := range rpo {
		rpoIdx[b] = i
	}
	// Dominator tree numbering: a dominates b when b's interval lies in
	// a's, in constant time (deeply nested ifs make the idom chains long).
	children := make([][]int, nb)
	for b := 1; b < nb; b++ {
		if d := f.Blocks[b].Idom; d >= 0 && seen[b] {
			children[d] = append(children[d], b)
		}
	}
	f.domPre, f.domPost = make([]int32, nb), make([]int32, nb)
	for i := range f.domPre {
		f.domPre[i], f.domPost[i] = -1, -1
	}
	var clock int32
	type dframe struct{ b, next int }
	dstack := []dframe{{0, 0}}
	f.domPre[0] = clock
	clock++
	for len(dstack) > 0 {
		top := &dstack[len(dstack)-1]
		if top.next < len(children[top.b]) {
			c := children[top.b][top.next]
			top.next++
			if f.domPre[c] >= 0 {
				return "inconsistent dominator tree"
			}
			f.domPre[c] = clock
			clock++
			dstack = append(dstack, dframe{c, 0})
			continue
		}
		f.domPost[top.b] = clock
		clock++
		dstack = dstack[:len(dstack)-1]
	}
	dominates := f.Dominates
	// Natural loops, by header.
	byHeader := map[int]*Loop{}
	var headers []int
	for _, b := range rpo {
		for _, s := range f.Blocks[b].Succs {
			if rpoIdx[s] > rpoIdx[b] {
				continue
			}
			if !dominates(s, b) {
				return "irreducible control flow"
			}
			l := byHeader[s]
			if l == nil {
				l = &Loop{Header: s, Body: make([]bool, nb), RangeSlice: -1, RangeIdx: -1, RangeNext: -1, RangeLen: -1}
				l.Body[s] = true
				byHeader[s] = l
				headers = append(headers, s)
			}
			l.Back = append(l.Back, b)
			work := []int{b}
			for len(work) > 0 {
				x := work[len(work)-1]
				work = work[:len(work)-1]
				if l.Body[x] {
					continue
				}
				l.Body[x] = true
				for _, p := range f.Blocks[x].Preds {
					if rpoIdx[p] >= 0 {
						work = append(work, p)
					}
				}
			}
		}
	}
	sort.Ints(headers)
	f.inLoop = make([]bool, nb)
	for _, h := range headers {
		f.loops = append(f.loops, byHeader[h])
		for b, in := range byHeader[h].Body {
			f.inLoop[b] = f.inLoop[b] || in
		}
	}
	loopOf := func(h int) *Loop { return byHeader[h] }
	var region func(in func(int) bool, self int) []Item
	region = func(in func(int) bool, self int) []Item {
		var items []Item
		taken := make([]bool, nb)
		for _, b := range rpo {
			if !in(b) || taken[b] {
				continue
			}
			if l := loopOf(b); l != nil && b != self {
				for x := range l.Body {
					if l.Body[x] {
						taken[x] = true
					}
				}
				items = append(items, Item{Block: b, Loop: l})
				continue
			}
			taken[b] = true
			items = append(items, Item{Block: b})
		}
		return items
	}
	f.order = region(func(b int) bool { return rpoIdx[b] >= 0 }, -1)
	for _, h := range headers {
		l := byHeader[h]
		l.Items = region(func(b int) bool { return l.Body[b] }, h)
		f.tagRange(l)
	}
	return ""
}

// tagRange recognises the SSA of `for i, x := range s` over a slice:
//
//	header: idx = φ(-1, next); next = idx + 1; c = next < n; if c …
//
// with n = len(s) defined outside the loop.
func (f *Func) tagRange(l *Loop) {
	b := &f.Blocks[l.Header]
	last := b.Instrs[len(b.Instrs)-1]
	if last.Op != OpIf {
		return // for { … }: the header jumps
	}
	cmp := f.InstrOf(last.Args[0])
	if cmp == nil || cmp.Op != OpBinOp || token.Token(cmp.X) != token.LSS || len(cmp.Args) != 2 {
		return
	}
	add := f.InstrOf(cmp.Args[0])
	if add == nil || add.Op != OpBinOp || token.Token(add.X) != token.ADD || f.def[add.ID].Block != l.Header {
		return
	}
	phi := f.InstrOf(add.Args[0])
	if phi == nil || phi.Op != OpPhi || f.def[phi.ID].Block != l.Header || f.constInt(add.Args[1]) != "1" {
		return
	}
	for i, p := range b.Preds {
		if l.Body[p] {
			if phi.Args[i] != add.ID {
				return
			}
		} else if f.constInt(phi.Args[i]) != "-1" {
			return
		}
	}
	n := f.InstrOf(cmp.Args[1])
	if n == nil || n.Op != OpCall || n.Mode != CallBuiltin || n.Name != "len" || len(n.Args) != 1 || l.Body[f.def[n.ID].Block] {
		return
	}
	l.RangeSlice, l.RangeIdx, l.RangeNext, l.RangeLen = n.Args[0], phi.ID, add.ID, n.ID
	l.RangeIdxRead = f.readsIndex(l, phi, add, cmp)
}

// readsIndex reports whether the body of the range loop l reads its index
// (next = idx+1) for anything but the loop's own test, the back edge and
// the element read s[next]: a test such as `i == 0` that tells elements
// apart by position.
func (f *Func) readsIndex(l *Loop, phi, add, cmp *Instr) bool {
	for b, in := range l.Body {
		if !in {
			continue
		}
		for k := range f.Blocks[b].Instrs {
			x := &f.Blocks[b].Instrs[k]
			if x == phi || x == add || x == cmp {
				continue
			}
			for j, a := range x.Args {
				if a != add.ID && a != phi.ID {
					continue
				}
				if j == 1 && len(x.Args) == 2 && x.Args[0] == l.RangeSlice && (x.Op == OpIndex || x.Op == OpIndexAddr) {
					continue
				}
				return true
			}
		}
	}
	return false
}

// Dominates reports whether block a dominates block b.
func (f *Func) Dominates(a, b int) bool {
	if a == b {
		return true
	}
	if a < 0 || b < 0 || f.domPre[a] < 0 || f.domPre[b] < 0 {
		return false
	}
	return f.domPre[a] <= f.domPre[b] && f.domPost[b] <= f.domPost[a]
}

// InstrOf returns the instruction defining slot v, nil for parameters,
// free variables and constants.
func (f *Func) InstrOf(v int) *Instr {
	if v < 0 || v >= len(f.def) || f.def[v].Block < 0 {
		return nil
	}
	d := f.def[v]
	return &f.Blocks[d.Block].Instrs[d.Instr]
}

// ConstOf returns the constant in slot v, nil when v is not a constant.
func (f *Func) ConstOf(v int) *Const {
	if v < f.ConstBase || v >= f.ConstBase+len(f.Consts) {
		return nil
	}
	return &f.Consts[v-f.ConstBase]
}

func (f *Func) constInt(v int) string {
	c := f.ConstOf(v)
	if c == nil || c.Kind != ConstValue {
		return ""
	}
	return c.Val
}

// Slot returns the value slot of an SSA value of the function.
func (f *Func) Slot(v ssa.Value) (int, bool) {
	s, ok := f.slots[v]
	return s, ok
}

// FreeOnlyLoaded reports whether f uses its free variable i (a captured
// variable's address) only to load it: no store, no call, no phi it flows
// into, and in this process the closures it makes with it only load it
// too (ssacell.Uses follows the captures: a table name read by the t.Run
// closures nested in a test). A function that cannot be interpreted says
// no.
func (f *Func) FreeOnlyLoaded(i int) bool {
	if f.bad != "" || i < 0 || i >= f.NFree {
		return false
	}
	if fn := f.SSA(); fn != nil && i < len(fn.FreeVars) {
		return ssacell.Uses(fn.FreeVars[i], func(_ ssa.Value, in ssa.Instruction) bool {
			u, ok := in.(*ssa.UnOp)
			return ok && u.Op == token.MUL
		})
	}
	return f.slotOnlyLoaded(f.NParams + i)
}

// ParamOnlyLoaded reports whether f uses its parameter i (a pointer) only
// to load through it: no store through it, no call, no phi it flows into,
// and in this process the closures that capture it only load through it
// too (ssacell.OnlyReadThrough). The value it points to is then, wherever
// f reads it, the one f was given (Piece.Deref). A function that cannot be
// interpreted says no.
func (f *Func) ParamOnlyLoaded(i int) bool {
	if f.bad != "" || i < 0 || i >= f.NParams {
		return false
	}
	if fn := f.SSA(); fn != nil && i < len(fn.Params) {
		return ssacell.OnlyReadThrough(fn.Params[i])
	}
	return f.slotOnlyLoaded(i)
}

// slotOnlyLoaded reports whether every instruction of f that uses slot
// (a parameter or free variable, without SSA: a summary's) loads through
// it.
func (f *Func) slotOnlyLoaded(slot int) bool {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for j, a := range in.Args {
				if a == slot && (in.Op != OpLoad || j != 0) {
					return false
				}
			}
		}
	}
	return true
}

// TypeAt returns entry t of f's type table, nil for -1.
func (f *Func) TypeAt(t int) *Type {
	if t < 0 || t >= len(f.unit.Types) {
		return nil
	}
	return &f.unit.Types[t]
}
