package goeval

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/goeval/ir"
	"github.com/ydblint/ydblint/internal/strshape"
)

// call interprets a call instruction.
func (fr *frame) call(b int, in *ir.Instr, h *heap) *heap {
	args := make([]*Value, len(in.Args))
	for i, a := range in.Args {
		args[i] = fr.get(a, b)
	}
	if fr.top && fr.record && in.ID >= 0 {
		fr.snaps[in.ID] = fr.e.joinHeaps(fr.snaps[in.ID], h, 0, 0)
	}
	v, h2 := fr.dispatch(b, in, args, h)
	if h2 == nil {
		return nil
	}
	if in.ID >= 0 {
		fr.set(in.ID, fr.typed(in, v))
	}
	return h2
}

// dispatch runs the call in with arguments args (the callee value or
// receiver first for dynamic and interface calls).
func (fr *frame) dispatch(b int, in *ir.Instr, args []*Value, h *heap) (*Value, *heap) {
	switch in.Mode {
	case ir.CallBuiltin:
		return fr.builtin(in, args, h)
	case ir.CallStatic:
		if r, h2, ok := fr.intrinsic(in.Name, in, args, h); ok {
			return r, h2
		}
		fn := fr.e.funcOf(fr.f, in.Func, in.SSAFunc(), in.Name)
		return fr.callFunc(fn, in.Name, args, nil, h, in)
	case ir.CallDynamic:
		return fr.callValue(args[0], args[1:], h, in)
	case ir.CallInvoke:
		return fr.invoke(in.Iface, in.Name, args[0], args[1:], h, in)
	}
	return fr.e.bounded("unknown call"), h
}

// callValue calls a function value.
func (fr *frame) callValue(fv *Value, args []*Value, h *heap, in *ir.Instr) (*Value, *heap) {
	e := fr.e
	switch fv.kind {
	case KFunc:
		if fv.fn == nil {
			return fr.external(fv.name, args, h, in)
		}
		if r, h2, ok := fr.intrinsic(fv.fn.Name, in, args, h); ok {
			return r, h2
		}
		return fr.callFunc(fv.fn, fv.fn.Name, args, fv.elems, h, in)
	case KAlt:
		return fr.each(fv.elems, h, func(a *Value, h *heap) (*Value, *heap) { return fr.callValue(a, args, h, in) })
	case KNil:
		return nil, nil // calling nil panics
	case KApply:
		if len(fv.elems) == 0 {
			// A function of another package used as a value.
			if r, h2, ok := fr.intrinsic(fv.name, in, args, h); ok {
				return r, h2
			}
		}
		return fr.external(fv.name, args, h, in)
	}
	return fr.external("func value "+shortLabel(e, fv), args, h, in)
}

func shortLabel(e *Evaluator, v *Value) string {
	if v.kind == KUnknown {
		return e.Piece(v.hole).Label()
	}
	return v.kind.String()
}

// each runs f on every alternative, from the same heap, and joins the
// results and heaps.
func (fr *frame) each(alts []*Value, h *heap, f func(*Value, *heap) (*Value, *heap)) (*Value, *heap) {
	var out *Value
	var oh *heap
	for _, a := range alts {
		v, h2 := f(a, h)
		if h2 == nil {
			continue
		}
		out = fr.e.join2(out, v, 0, 0)
		oh = fr.e.joinHeaps(oh, h2, 0, 0)
	}
	return out, oh
}

// invoke is an interface call: devirtualised from the dynamic type that
// reached the receiver, else tried on every implementation Env reports.
func (fr *frame) invoke(iface, method string, recv *Value, args []*Value, h *heap, in *ir.Instr) (*Value, *heap) {
	e := fr.e
	switch recv.kind {
	case KInterface:
		all := append([]*Value{recv.elems[0]}, args...)
		if fn := fr.methodFunc(recv, method); fn != nil {
			return fr.callFunc(fn, fn.Name, all, nil, h, in)
		}
		name := fr.methodName(recv, method)
		if name == "" {
			name = "(" + recv.name + ")." + method
		}
		if r, h2, ok := fr.intrinsic(name, in, all, h); ok {
			return r, h2
		}
		return fr.callFunc(e.lookup(name), name, all, nil, h, in)
	case KAlt:
		return fr.each(recv.elems, h, func(a *Value, h *heap) (*Value, *heap) { return fr.invoke(iface, method, a, args, h, in) })
	case KNil:
		return nil, nil
	}
	impls := e.env.Implementations(iface, method)
	if len(impls) == 0 || len(impls) > e.b.Impls {
		if v, h2, ok := fr.paramMethod(method, recv, args, h, in); ok {
			return v, h2
		}
		return fr.external("("+iface+")."+method, append([]*Value{recv}, args...), h, in)
	}
	var fns []*Value
	for _, name := range impls {
		fn := e.lookup(name)
		if fn == nil {
			return fr.external("("+iface+")."+method, append([]*Value{recv}, args...), h, in)
		}
		fns = append(fns, mkFunc(fn, nil))
	}
	return fr.each(fns, h, func(f *Value, h *heap) (*Value, *heap) {
		r := e.hole(HoleRuntime, "", "receiver of "+shortName(f.fn.Name), "interface receiver not known")
		return fr.callFunc(f.fn, f.fn.Name, append([]*Value{r}, args...), nil, h, in)
	})
}

// paramMethod is a string-returning method called on a parameter of the
// function evaluated whose dynamic type is not known here, when Env
// reports no implementations to try (or too many): a HoleParam
// piece naming the method (Piece.Method), which each caller that passes
// a value of a known type instantiates (Invoke), as it instantiates a
// string parameter. ok is false for any other call.
func (fr *frame) paramMethod(method string, recv *Value, args []*Value, h *heap, in *ir.Instr) (*Value, *heap, bool) {
	e := fr.e
	if recv.kind != KUnknown || recv.hole <= 0 || in == nil {
		return nil, nil, false
	}
	q := e.Piece(recv.hole)
	if q.Kind != HoleParam || q.Method != "" {
		return nil, nil, false
	}
	// The string result: the method's only one, or its first (a
	// FormatQuery returning the text and an error).
	t := fr.f.TypeAt(in.Type)
	var rest []*ir.Type
	if t != nil && t.Kind == ir.TTuple && len(t.Fields) > 0 {
		for _, fd := range t.Fields[1:] {
			rest = append(rest, fr.f.TypeAt(fd.Type))
		}
		t = fr.f.TypeAt(t.Fields[0].Type)
	}
	if t == nil || t.Kind != ir.TString {
		return nil, nil, false
	}
	h = fr.invalidate(h, args, "handed to "+method)
	p := Piece{Hole: true, Kind: HoleParam, Desc: q.Desc, Why: q.Why, Param: q.Param, Method: method, MethodArgs: len(args), Src: q.Src, SrcString: q.SrcString}
	text := mkStr(strshape.Hole(e.piece(p)))
	if rest == nil && fr.f.TypeAt(in.Type).Kind != ir.TTuple {
		return text, h, true
	}
	vs := []*Value{text}
	for i, rt := range rest {
		vs = append(vs, e.fit(orOther(rt), e.hole(HoleCall, "", shortName(method)+"#"+strconv.Itoa(i+1), "result of a call that is not interpreted")))
	}
	return mkTuple(vs), h, true
}

// methodFunc finds the method of an interface value's dynamic type among
// the methods its unit embeds.
func (fr *frame) methodFunc(recv *Value, method string) *ir.Func {
	if u := recv.unit; u != nil {
		for _, m := range u.Methods {
			if m.Recv == recv.name && m.Name == method {
				return u.Funcs[m.Func]
			}
		}
	}
	return nil
}

func (fr *frame) methodName(recv *Value, method string) string {
	return fr.e.env.Method(recv.name, method)
}

// callFunc interprets a call of fn (nil: not available) with arguments
// args and, for a closure, its captured values.
func (fr *frame) callFunc(fn *ir.Func, name string, args, free []*Value, h *heap, in *ir.Instr) (*Value, *heap) {
	e := fr.e
	if fn == nil || fn.Bad() != "" {
		return fr.external(name, args, h, in)
	}
	if fr.depth+1 > e.b.Depth {
		return fr.opaque(name, args, h, "call depth bound reached")
	}
	if slices.Contains(e.stack, fn) {
		return fr.opaque(name, args, h, "recursive call")
	}
	if len(args) != fn.NParams || len(free) != fn.NFree {
		return fr.external(name, args, h, in)
	}
	if i, alts, cell := fr.splitArg(args, h); i >= 0 {
		// One call per alternative of a composite argument, so that the
		// callee reads the components of one value together.
		var out *Value
		var oh *heap
		for _, a := range alts {
			args2, h2 := slices.Clone(args), h
			if cell {
				h2 = h.set(args[i].cell, a)
			} else {
				args2[i] = a
			}
			v, hh := fr.callFunc(fn, name, args2, free, h2, in)
			if hh == nil {
				continue
			}
			out = e.join2(out, v, 0, 0)
			oh = e.joinHeaps(oh, hh, 0, 0)
		}
		return out, oh
	}
	if v, h2, ok := fr.keySplit(fn, name, args, free, h, in); ok {
		return v, h2
	}
	memo := ""
	pure := e.absentKey == nil
	for _, a := range args {
		pure = pure && !hasPointer(a)
	}
	for _, a := range free {
		pure = pure && !hasPointer(a)
	}
	if pure {
		var b strings.Builder
		fmt.Fprintf(&b, "%p(", fn)
		for _, a := range append(slices.Clone(args), free...) {
			e.digest(&b, a)
			b.WriteByte(',')
		}
		memo = b.String()
		if r, ok := e.memo[memo]; ok {
			if r.v == nil {
				return nil, nil
			}
			return r.v, h
		}
	}
	ctx := fr.ctx + "/" + strconv.Itoa(fr.depth) + ":" + fr.f.Name + "@" + strconv.Itoa(in.ID)
	if memo != "" {
		if c, ok := e.memoCtx[memo]; ok {
			ctx = c
		} else {
			e.memoSeq++
			ctx = "m" + strconv.Itoa(e.memoSeq)
			e.memoCtx[memo] = ctx
		}
	}
	cf := e.newFrame(fn, ctx, fr.depth+1)
	copy(cf.vals, args)
	copy(cf.vals[fn.NParams:], free)
	e.stack = append(e.stack, fn)
	cf.run(h)
	e.stack = e.stack[:len(e.stack)-1]
	if cf.dead {
		fr.abort(cf.why)
		return e.bounded(cf.why), h
	}
	v, h2 := cf.result()
	fr.wroteG = fr.wroteG || cf.wroteG
	fr.readG = fr.readG || cf.readG
	// A call that reads or writes a package variable others may write
	// depends on more than its arguments.
	if memo != "" && !cf.wroteG && !cf.readG && (v == nil || !hasPointer(v)) {
		e.memo[memo] = &memoEntry{v: v}
	}
	if h2 == nil {
		return nil, nil
	}
	if v == nil {
		v = mkTuple(nil)
	}
	return v, h2
}

type memoEntry struct{ v *Value }

// splitArg finds an argument that is one of several composite values (a
// pointer to a cell holding one of several structs counts): its index,
// the alternatives, and whether they are the cell's contents. -1 when
// there is none.
func (fr *frame) splitArg(args []*Value, h *heap) (int, []*Value, bool) {
	composite := func(vs []*Value) bool {
		if len(vs) < 2 || len(vs) > fr.e.b.Variants {
			return false
		}
		for _, v := range vs {
			switch v.kind {
			case KStruct, KPointer, KInterface, KFunc, KSlice, KMap, KTuple:
			default:
				return false
			}
		}
		return true
	}
	for i, a := range args {
		switch {
		case a.kind == KAlt && composite(a.elems):
			return i, a.elems, false
		case a.kind == KInterface && a.elems[0].kind == KAlt && composite(a.elems[0].elems):
			var alts []*Value
			for _, x := range a.elems[0].elems {
				alts = append(alts, mkIface(a.name, x, a.unit))
			}
			return i, alts, false
		case a.kind == KPointer && a.cell != 0 && len(a.path) == 0:
			if c, ok := h.get(a.cell); ok && c.kind == KAlt && composite(c.elems) {
				return i, c.elems, true
			}
		}
	}
	return -1, nil, false
}

// result joins the frame's returns: values and heaps. Two returns decided
// by one if are joined under its conditions.
func (fr *frame) result() (*Value, *heap) {
	rets := fr.rets
	if len(rets) == 0 {
		return nil, nil
	}
	val := func(r ret) *Value {
		switch len(r.vals) {
		case 0:
			return mkTuple(nil)
		case 1:
			return r.vals[0]
		}
		return mkTuple(r.vals)
	}
	if len(rets) == 1 {
		return val(rets[0]), rets[0].h
	}
	blocks := make([]int, len(rets))
	for i, r := range rets {
		blocks[i] = r.block
	}
	leaf := func(b int) (*Value, *heap) {
		for _, r := range rets {
			if r.block == b {
				return val(r), r.h
			}
		}
		return nil, nil
	}
	h, _ := fr.joinTree(-1, blocks, leaf, true)
	_, v := fr.joinTree(-1, blocks, leaf, false)
	return v, h
}

func (fr *frame) commonDom(a, b int) int {
	x := a
	for n := 0; x >= 0 && n <= len(fr.f.Blocks); n++ {
		if fr.dominates(x, b) {
			return x
		}
		x = fr.f.Blocks[x].Idom
	}
	return -1
}

// opaque is a call that is not interpreted because of a bound: its
// result is a hole saying so, and what it could reach is unknown.
func (fr *frame) opaque(name string, args []*Value, h *heap, why string) (*Value, *heap) {
	h = fr.invalidate(h, args, why)
	return fr.e.hole(HoleBound, "", shortName(name)+"(…)", why), h
}

// external is a call of a function whose body is not interpreted: an
// application the consumers can read (parameter constructors, options),
// a string hole keyed by the function and its keyed arguments, and the
// memory its arguments reach becomes unknown (it may write it).
func (fr *frame) external(name string, args []*Value, h *heap, in *ir.Instr) (*Value, *heap) {
	e := fr.e
	if fr.top && fr.record && in != nil {
		for _, a := range args {
			if a.kind == KFunc && a.fn != nil {
				b := -1
				if in.ID >= 0 && fr.f.Defs()[in.ID].Block >= 0 {
					b = fr.f.Defs()[in.ID].Block
				}
				fr.closures[a.fn] = &closureSite{h: h, bindings: a.elems, block: b}
			}
		}
	}
	h = fr.invalidate(h, args, "handed to "+shortName(name))
	var t *ir.Type
	if in != nil {
		t = fr.f.TypeAt(in.Type)
	}
	app := e.bound(mkApply(name, args))
	if app.kind != KApply {
		app = e.hole(HoleCall, "", shortName(name)+"(…)", "result of a call that is not interpreted")
	}
	if t == nil {
		return app, h
	}
	if t.Kind == ir.TTuple {
		vs := make([]*Value, len(t.Fields))
		for i, fd := range t.Fields {
			if i == 0 {
				vs[i] = e.fit(orOther(fr.f.TypeAt(fd.Type)), app)
				continue
			}
			vs[i] = e.fit(orOther(fr.f.TypeAt(fd.Type)), e.hole(HoleCall, "", shortName(name)+"#"+strconv.Itoa(i), "result of a call that is not interpreted"))
		}
		return mkTuple(vs), h
	}
	return e.fit(t, app), h
}

// invalidate makes unknown the cells the values reach: a callee that is
// not interpreted may have written them.
func (fr *frame) invalidate(h *heap, args []*Value, why string) *heap {
	e := fr.e
	seen := map[int]bool{}
	seenPath := map[string]bool{}
	var walk func(v *Value)
	walk = func(v *Value) {
		if v == nil {
			return
		}
		if v.kind == KPointer && v.cell != 0 && !seen[v.cell] && !seenPath[fmt.Sprint(v.cell, v.path)] {
			seenPath[fmt.Sprint(v.cell, v.path)] = true
			c, ok := h.get(v.cell)
			if ok {
				if c.kind == KTemplate {
					return // templates are read-only once parsed
				}
				// Through &x.f only x.f can be written.
				part := e.getPath(c, v.path)
				if len(v.path) == 0 {
					seen[v.cell] = true
				}
				walk(part)
				desc := e.cells[v.cell].desc
				if len(v.path) > 0 {
					desc += ".…"
				}
				h = h.set(v.cell, e.setPath(c, v.path, e.hole(HoleCall, "", desc, why)))
			}
		}
		if v.kind == KFunc && v.fn != nil && len(v.elems) == v.fn.NFree {
			for i, x := range v.elems {
				if x != nil && x.kind == KPointer && x.cell != 0 && v.fn.FreeOnlyLoaded(i) {
					// The closure only reads this captured variable:
					// whoever runs it cannot assign it, only write what
					// its value reaches.
					if c, ok := h.get(x.cell); ok {
						walk(e.getPath(c, x.path))
					}
					continue
				}
				walk(x)
			}
			return
		}
		for _, x := range v.elems {
			walk(x)
		}
		for _, it := range v.items {
			walk(it.V)
		}
	}
	for _, a := range args {
		walk(a)
	}
	return h
}

// builtin interprets a call of a builtin function.
func (fr *frame) builtin(in *ir.Instr, args []*Value, h *heap) (*Value, *heap) {
	e := fr.e
	switch in.Name {
	case "append":
		if len(args) != 2 {
			return e.bounded("append"), h
		}
		return e.appendValues(args[0], args[1]), h
	case "len":
		return e.length(fr, h, args[0]), h
	case "cap":
		return mkInt(0, posInf), h
	case "min", "max":
		var out *Value
		for _, a := range args {
			if a.kind != KInt {
				return fr.typed(in, e.hole(HoleRuntime, "", in.Name, "operand not known")), h
			}
			if out == nil {
				out = a
				continue
			}
			if in.Name == "min" {
				out = mkInt(min(out.lo, a.lo), min(out.hi, a.hi))
			} else {
				out = mkInt(max(out.lo, a.lo), max(out.hi, a.hi))
			}
		}
		return out, h
	case "ssa:wrapnilchk":
		return args[0], h
	case "delete":
		if len(args) == 2 && args[0].kind == KPointer {
			c, h2 := fr.load(h, args[0])
			if c.kind == KMap {
				if ks := e.keyString(args[1]); ks != "" {
					i := slices.Index(c.keys, ks)
					if i >= 0 {
						return mkTuple(nil), fr.store(h2, args[0], mkMap(slices.Delete(slices.Clone(c.keys), i, i+1), slices.Delete(slices.Clone(c.elems), i, i+1)))
					}
					return mkTuple(nil), h2
				}
			}
			return mkTuple(nil), fr.store(h2, args[0], e.hole(HoleRuntime, "", "map", "entry deleted with a key not known"))
		}
		return mkTuple(nil), h
	case "print", "println":
		return mkTuple(nil), h
	case "copy", "clear":
		return mkInt(0, posInf), fr.invalidate(h, args[:1], in.Name)
	}
	return fr.typed(in, e.hole(HoleRuntime, "", in.Name, "builtin "+in.Name+" is not interpreted")), h
}

// appendValues is append(s, xs...), xs a slice (or a string for bytes).
func (e *Evaluator) appendValues(s, xs *Value) *Value {
	if s.kind == KString || xs.kind == KString && s.kind != KSlice {
		ss, sx := e.shapeOf(s), e.shapeOf(xs)
		if s.kind == KNil {
			ss = strshape.Empty()
		}
		if ss != nil && sx != nil {
			return e.strValue(strshape.Concat(e.lim, ss, sx))
		}
		return mkStr(e.holeShape(HoleRuntime, "", "bytes", "bytes appended from a value not known"))
	}
	var items []Elem
	switch s.kind {
	case KNil:
	case KSlice:
		items = slices.Clone(s.items)
	case KAlt:
		var out *Value
		for _, a := range s.elems {
			out = e.join2(out, e.appendValues(a, xs), 0, 0)
		}
		return out
	default:
		items = []Elem{{V: e.hole(HoleRuntime, "", "element", "elements of a slice not known"), Rep: true}}
	}
	switch xs.kind {
	case KNil:
	case KSlice:
		items = append(items, xs.items...)
	default:
		items = append(items, Elem{V: e.hole(HoleRuntime, "", "element", "elements of a slice not known"), Rep: true})
	}
	if len(items) > e.b.Elems {
		return e.bounded("slice longer than the element bound")
	}
	return e.bound(mkSlice(items))
}

// length is len(x).
func (e *Evaluator) length(fr *frame, h *heap, x *Value) *Value {
	switch x.kind {
	case KNil:
		return mkIntConst(0)
	case KSlice:
		lo, hi := int64(0), int64(0)
		cond, optional := 0, 0
		for _, it := range x.items {
			if len(it.Conds) == 1 && !it.Rep && it.self == 0 {
				cond = it.Conds[0]
				optional++
			}
			switch {
			case it.Rep || it.self != 0:
				hi = posInf
			case len(it.Conds) > 0:
				if hi != posInf {
					hi++
				}
			default:
				lo++
				if hi != posInf {
					hi++
				}
			}
		}
		if optional == 1 && hi == lo+1 {
			return mkIntCond(lo, cond) // lo+1 exactly when the optional element is there
		}
		return mkInt(lo, hi)
	case KString:
		if t, ok := litText(x.shape); ok {
			return mkIntConst(int64(len(t)))
		}
		return mkInt(int64(minLen(x.shape)), posInf)
	case KPointer:
		c, _ := fr.load(h, x)
		if c.kind == KMap {
			return mkIntConst(int64(len(c.keys)))
		}
		return e.length(fr, h, c)
	case KAlt:
		var out *Value
		for _, a := range x.elems {
			out = e.join2(out, e.length(fr, h, a), 0, 0)
		}
		return out
	}
	return mkInt(0, posInf)
}

// digest writes a key of v for memoisation: every distinction the
// evaluator makes, so that two values with the same digest are the same.
func (e *Evaluator) digest(b *strings.Builder, v *Value) {
	if v == nil {
		b.WriteString("_")
		return
	}
	b.WriteString(v.kind.String())
	switch v.kind {
	case KUnknown:
		b.WriteString(strconv.Itoa(v.hole))
	case KString:
		b.WriteString(v.shape.String())
		shapeRefs(b, v.shape)
	case KInt:
		fmt.Fprintf(b, "[%d,%d,%d,%d]", v.lo, v.hi, v.hole, v.cell)
	case KCond:
		fmt.Fprintf(b, "%d,%d", v.cell, v.hi)
	case KConst:
		b.WriteString(v.c.ExactString())
	case KFunc:
		fmt.Fprintf(b, "%p", v.fn)
	case KInterface:
		fmt.Fprintf(b, "%s%p", v.name, v.unit)
	case KApply, KStruct:
		b.WriteString(v.name)
	case KMap:
		b.WriteString(strings.Join(v.keys, ","))
	case KSlice:
		b.WriteString("[")
		for _, it := range v.items {
			fmt.Fprintf(b, "%v%v%d:", it.Conds, it.Rep, it.self)
			e.digest(b, it.V)
			b.WriteString(";")
		}
		b.WriteString("]")
	}
	if len(v.elems) > 0 {
		b.WriteString("(")
		for _, x := range v.elems {
			e.digest(b, x)
			b.WriteString(",")
		}
		b.WriteString(")")
	}
}

func shapeRefs(b *strings.Builder, s *strshape.Shape) {
	if s.Kind == strshape.KindLit || s.Kind == strshape.KindHole {
		b.WriteString("#" + strconv.Itoa(s.Ref))
	}
	for _, p := range s.Parts {
		shapeRefs(b, p)
	}
}
