package goeval

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/goeval/ir"
	"github.com/ydblint/ydblint/internal/goeval/value"
	"github.com/ydblint/ydblint/internal/strshape"
)

// call interprets a call instruction.
func (fr *frame) call(b int, in *ir.Instr, h *value.Heap) *value.Heap {
	args := make([]*value.Value, len(in.Args))
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
func (fr *frame) dispatch(b int, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
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
func (fr *frame) callValue(fv *value.Value, args []*value.Value, h *value.Heap, in *ir.Instr) (*value.Value, *value.Heap) {
	e := fr.e
	switch fv.Kind() {
	case value.KFunc:
		if fv.Fn() == nil {
			return fr.external(fv.Ident(), args, h, in)
		}
		if r, h2, ok := fr.intrinsic(fv.Fn().Name, in, args, h); ok {
			return r, h2
		}
		return fr.callFunc(fv.Fn(), fv.Fn().Name, args, fv.Elems(), h, in)
	case value.KAlt:
		return fr.each(fv.Elems(), h, func(a *value.Value, h *value.Heap) (*value.Value, *value.Heap) { return fr.callValue(a, args, h, in) })
	case value.KNil:
		return nil, nil // calling nil panics
	case value.KApply:
		if len(fv.Elems()) == 0 {
			// A function of another package used as a value.
			if r, h2, ok := fr.intrinsic(fv.Ident(), in, args, h); ok {
				return r, h2
			}
		}
		return fr.external(fv.Ident(), args, h, in)
	}
	return fr.external("func value "+shortLabel(e, fv), args, h, in)
}

func shortLabel(e *Evaluator, v *value.Value) string {
	if v.Kind() == value.KUnknown {
		return e.Piece(v.Hole()).Label()
	}
	return v.Kind().String()
}

// each runs f on every alternative, from the same heap, and joins the
// results and heaps.
func (fr *frame) each(alts []*value.Value, h *value.Heap, f func(*value.Value, *value.Heap) (*value.Value, *value.Heap)) (*value.Value, *value.Heap) {
	var out *value.Value
	var oh *value.Heap
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
func (fr *frame) invoke(iface, method string, recv *value.Value, args []*value.Value, h *value.Heap, in *ir.Instr) (*value.Value, *value.Heap) {
	e := fr.e
	switch recv.Kind() {
	case value.KInterface:
		all := append([]*value.Value{recv.Elems()[0]}, args...)
		if fn := fr.methodFunc(recv, method); fn != nil {
			return fr.callFunc(fn, fn.Name, all, nil, h, in)
		}
		name := fr.methodName(recv, method)
		if name == "" {
			name = "(" + recv.Ident() + ")." + method
		}
		if r, h2, ok := fr.intrinsic(name, in, all, h); ok {
			return r, h2
		}
		return fr.callFunc(e.lookup(name), name, all, nil, h, in)
	case value.KAlt:
		return fr.each(recv.Elems(), h, func(a *value.Value, h *value.Heap) (*value.Value, *value.Heap) {
			return fr.invoke(iface, method, a, args, h, in)
		})
	case value.KNil:
		return nil, nil
	}
	impls := e.env.Implementations(iface, method)
	if len(impls) == 0 || len(impls) > e.b.Impls {
		if v, h2, ok := fr.paramMethod(method, recv, args, h, in); ok {
			return v, h2
		}
		return fr.external("("+iface+")."+method, append([]*value.Value{recv}, args...), h, in)
	}
	var fns []*value.Value
	for _, name := range impls {
		fn := e.lookup(name)
		if fn == nil {
			return fr.external("("+iface+")."+method, append([]*value.Value{recv}, args...), h, in)
		}
		fns = append(fns, value.Func(fn, nil))
	}
	return fr.each(fns, h, func(f *value.Value, h *value.Heap) (*value.Value, *value.Heap) {
		r := e.hole(value.HoleRuntime, "", "receiver of "+value.ShortName(f.Fn().Name), "interface receiver not known")
		return fr.callFunc(f.Fn(), f.Fn().Name, append([]*value.Value{r}, args...), nil, h, in)
	})
}

// paramMethod is a string-returning method called on a parameter of the
// function evaluated whose dynamic type is not known here, when Env
// reports no implementations to try (or too many): a HoleParam
// piece naming the method (Piece.Method), which each caller that passes
// a value of a known type instantiates (Invoke), as it instantiates a
// string parameter. ok is false for any other call.
func (fr *frame) paramMethod(method string, recv *value.Value, args []*value.Value, h *value.Heap, in *ir.Instr) (*value.Value, *value.Heap, bool) {
	e := fr.e
	if recv.Kind() != value.KUnknown || recv.Hole() <= 0 || in == nil {
		return nil, nil, false
	}
	q := e.Piece(recv.Hole())
	if q.Kind != value.HoleParam || q.Method != "" || q.Deref {
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
	p := value.Piece{Hole: true, Kind: value.HoleParam, Desc: q.Desc, Why: q.Why, Param: q.Param, Method: method, MethodArgs: len(args), Src: q.Src, SrcString: q.SrcString}
	text := value.Str(strshape.Hole(e.piece(p)))
	if rest == nil && fr.f.TypeAt(in.Type).Kind != ir.TTuple {
		return text, h, true
	}
	vs := []*value.Value{text}
	for i, rt := range rest {
		vs = append(vs, e.fit(orOther(rt), e.hole(value.HoleCall, "", value.ShortName(method)+"#"+strconv.Itoa(i+1), "result of a call that is not interpreted")))
	}
	return value.Tuple(vs), h, true
}

// methodFunc finds the method of an interface value's dynamic type among
// the methods its unit embeds.
func (fr *frame) methodFunc(recv *value.Value, method string) *ir.Func {
	if u := recv.Unit(); u != nil {
		for _, m := range u.Methods {
			if m.Recv == recv.Ident() && m.Name == method {
				return u.Funcs[m.Func]
			}
		}
	}
	return nil
}

func (fr *frame) methodName(recv *value.Value, method string) string {
	return fr.e.env.Method(recv.Ident(), method)
}

// callFunc interprets a call of fn (nil: not available) with arguments
// args and, for a closure, its captured values.
func (fr *frame) callFunc(fn *ir.Func, name string, args, free []*value.Value, h *value.Heap, in *ir.Instr) (*value.Value, *value.Heap) {
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
		var out *value.Value
		var oh *value.Heap
		for _, a := range alts {
			args2, h2 := slices.Clone(args), h
			if cell {
				h2 = h.Set(args[i].Cell(), a)
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
		pure = pure && !value.HasPointer(a)
	}
	for _, a := range free {
		pure = pure && !value.HasPointer(a)
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
	if memo != "" && !cf.wroteG && !cf.readG && (v == nil || !value.HasPointer(v)) {
		e.memo[memo] = &memoEntry{v: v}
	}
	if h2 == nil {
		return nil, nil
	}
	if v == nil {
		v = value.Tuple(nil)
	}
	return v, h2
}

type memoEntry struct{ v *value.Value }

// splitArg finds an argument that is one of several composite values (a
// pointer to a cell holding one of several structs counts): its index,
// the alternatives, and whether they are the cell's contents. -1 when
// there is none.
func (fr *frame) splitArg(args []*value.Value, h *value.Heap) (int, []*value.Value, bool) {
	composite := func(vs []*value.Value) bool {
		if len(vs) < 2 || len(vs) > fr.e.b.Variants {
			return false
		}
		for _, v := range vs {
			switch v.Kind() {
			case value.KStruct, value.KPointer, value.KInterface, value.KFunc, value.KSlice, value.KMap, value.KTuple:
			default:
				return false
			}
		}
		return true
	}
	for i, a := range args {
		switch {
		case a.Kind() == value.KAlt && composite(a.Elems()):
			return i, a.Elems(), false
		case a.Kind() == value.KInterface && a.Elems()[0].Kind() == value.KAlt && composite(a.Elems()[0].Elems()):
			var alts []*value.Value
			for _, x := range a.Elems()[0].Elems() {
				alts = append(alts, value.Iface(a.Ident(), x, a.Unit()))
			}
			return i, alts, false
		case a.Kind() == value.KPointer && a.Cell() != 0 && len(a.Path()) == 0:
			if c, ok := h.Get(a.Cell()); ok && c.Kind() == value.KAlt && composite(c.Elems()) {
				return i, c.Elems(), true
			}
		}
	}
	return -1, nil, false
}

// result joins the frame's returns: values and heaps. Two returns decided
// by one if are joined under its conditions.
func (fr *frame) result() (*value.Value, *value.Heap) {
	rets := fr.rets
	if len(rets) == 0 {
		return nil, nil
	}
	val := func(r ret) *value.Value {
		switch len(r.vals) {
		case 0:
			return value.Tuple(nil)
		case 1:
			return r.vals[0]
		}
		return value.Tuple(r.vals)
	}
	if len(rets) == 1 {
		return val(rets[0]), rets[0].h
	}
	blocks := make([]int, len(rets))
	for i, r := range rets {
		blocks[i] = r.block
	}
	leaf := func(b int) (*value.Value, *value.Heap) {
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
func (fr *frame) opaque(name string, args []*value.Value, h *value.Heap, why string) (*value.Value, *value.Heap) {
	h = fr.invalidate(h, args, why)
	return fr.e.hole(value.HoleBound, "", value.ShortName(name)+"(…)", why), h
}

// external is a call of a function whose body is not interpreted: an
// application the consumers can read (parameter constructors, options),
// a string hole keyed by the function and its keyed arguments, and the
// memory its arguments reach becomes unknown (it may write it).
func (fr *frame) external(name string, args []*value.Value, h *value.Heap, in *ir.Instr) (*value.Value, *value.Heap) {
	e := fr.e
	if fr.top && fr.record && in != nil {
		for _, a := range args {
			if a.Kind() == value.KFunc && a.Fn() != nil {
				b := -1
				if in.ID >= 0 && fr.f.Defs()[in.ID].Block >= 0 {
					b = fr.f.Defs()[in.ID].Block
				}
				fr.closures[a.Fn()] = &closureSite{h: h, bindings: a.Elems(), block: b}
			}
		}
	}
	h = fr.invalidate(h, args, "handed to "+value.ShortName(name))
	var t *ir.Type
	if in != nil {
		t = fr.f.TypeAt(in.Type)
	}
	app := e.bound(value.Apply(name, args))
	if app.Kind() != value.KApply {
		app = e.hole(value.HoleCall, "", value.ShortName(name)+"(…)", "result of a call that is not interpreted")
	}
	if t == nil {
		return app, h
	}
	if t.Kind == ir.TTuple {
		vs := make([]*value.Value, len(t.Fields))
		for i, fd := range t.Fields {
			if i == 0 {
				vs[i] = e.fit(orOther(fr.f.TypeAt(fd.Type)), app)
				continue
			}
			vs[i] = e.fit(orOther(fr.f.TypeAt(fd.Type)), e.hole(value.HoleCall, "", value.ShortName(name)+"#"+strconv.Itoa(i), "result of a call that is not interpreted"))
		}
		return value.Tuple(vs), h
	}
	return e.fit(t, app), h
}

// invalidate makes unknown the cells the values reach: a callee that is
// not interpreted may have written them.
func (fr *frame) invalidate(h *value.Heap, args []*value.Value, why string) *value.Heap {
	e := fr.e
	seen := map[int]bool{}
	seenPath := map[string]bool{}
	var walk func(v *value.Value)
	walk = func(v *value.Value) {
		if v == nil {
			return
		}
		if v.Kind() == value.KPointer && v.Cell() != 0 && !seen[v.Cell()] && !seenPath[fmt.Sprint(v.Cell(), v.Path())] {
			seenPath[fmt.Sprint(v.Cell(), v.Path())] = true
			c, ok := h.Get(v.Cell())
			if ok {
				if c.Kind() == value.KTemplate {
					return // templates are read-only once parsed
				}
				// Through &x.f only x.f can be written.
				part := e.getPath(c, v.Path())
				if len(v.Path()) == 0 {
					seen[v.Cell()] = true
				}
				walk(part)
				desc := e.cells[v.Cell()].desc
				if len(v.Path()) > 0 {
					desc += ".…"
				}
				h = h.Set(v.Cell(), e.setPath(c, v.Path(), e.hole(value.HoleCall, "", desc, why)))
			}
		}
		if v.Kind() == value.KFunc && v.Fn() != nil && len(v.Elems()) == v.Fn().NFree {
			for i, x := range v.Elems() {
				if x != nil && x.Kind() == value.KPointer && x.Cell() != 0 && v.Fn().FreeOnlyLoaded(i) {
					// The closure only reads this captured variable:
					// whoever runs it cannot assign it, only write what
					// its value reaches.
					if c, ok := h.Get(x.Cell()); ok {
						walk(e.getPath(c, x.Path()))
					}
					continue
				}
				walk(x)
			}
			return
		}
		for _, x := range v.Elems() {
			walk(x)
		}
		for _, it := range v.Items() {
			walk(it.V)
		}
	}
	for _, a := range args {
		walk(a)
	}
	return h
}

// builtin interprets a call of a builtin function.
func (fr *frame) builtin(in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
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
		return value.Int(0, value.PosInf), h
	case "min", "max":
		var out *value.Value
		for _, a := range args {
			if a.Kind() != value.KInt {
				return fr.typed(in, e.hole(value.HoleRuntime, "", in.Name, "operand not known")), h
			}
			if out == nil {
				out = a
				continue
			}
			if in.Name == "min" {
				out = value.Int(min(out.Lo(), a.Lo()), min(out.Hi(), a.Hi()))
			} else {
				out = value.Int(max(out.Lo(), a.Lo()), max(out.Hi(), a.Hi()))
			}
		}
		return out, h
	case "ssa:wrapnilchk":
		return args[0], h
	case "delete":
		if len(args) == 2 && args[0].Kind() == value.KPointer {
			c, h2 := fr.load(h, args[0])
			if c.Kind() == value.KMap {
				if ks := e.keyString(args[1]); ks != "" {
					i := slices.Index(c.Keys(), ks)
					if i >= 0 {
						return value.Tuple(nil), fr.store(h2, args[0], value.Map(slices.Delete(slices.Clone(c.Keys()), i, i+1), slices.Delete(slices.Clone(c.Elems()), i, i+1)))
					}
					return value.Tuple(nil), h2
				}
			}
			return value.Tuple(nil), fr.store(h2, args[0], e.hole(value.HoleRuntime, "", "map", "entry deleted with a key not known"))
		}
		return value.Tuple(nil), h
	case "print", "println":
		return value.Tuple(nil), h
	case "copy", "clear":
		return value.Int(0, value.PosInf), fr.invalidate(h, args[:1], in.Name)
	}
	return fr.typed(in, e.hole(value.HoleRuntime, "", in.Name, "builtin "+in.Name+" is not interpreted")), h
}

// appendValues is append(s, xs...), xs a slice (or a string for bytes).
func (e *Evaluator) appendValues(s, xs *value.Value) *value.Value {
	if s.Kind() == value.KString || xs.Kind() == value.KString && s.Kind() != value.KSlice {
		ss, sx := e.shapeOf(s), e.shapeOf(xs)
		if s.Kind() == value.KNil {
			ss = strshape.Empty()
		}
		if ss != nil && sx != nil {
			return e.strValue(strshape.Concat(e.lim, ss, sx))
		}
		return value.Str(e.holeShape(value.HoleRuntime, "", "bytes", "bytes appended from a value not known"))
	}
	var items []value.Elem
	switch s.Kind() {
	case value.KNil:
	case value.KSlice:
		items = slices.Clone(s.Items())
	case value.KAlt:
		var out *value.Value
		for _, a := range s.Elems() {
			out = e.join2(out, e.appendValues(a, xs), 0, 0)
		}
		return out
	default:
		items = []value.Elem{{V: e.hole(value.HoleRuntime, "", "element", "elements of a slice not known"), Rep: true}}
	}
	switch xs.Kind() {
	case value.KNil:
	case value.KSlice:
		items = append(items, xs.Items()...)
	default:
		items = append(items, value.Elem{V: e.hole(value.HoleRuntime, "", "element", "elements of a slice not known"), Rep: true})
	}
	if len(items) > e.b.Elems {
		return e.bounded("slice longer than the element bound")
	}
	return e.bound(value.Slice(items))
}

// length is len(x).
func (e *Evaluator) length(fr *frame, h *value.Heap, x *value.Value) *value.Value {
	switch x.Kind() {
	case value.KNil:
		return value.IntConst(0)
	case value.KSlice:
		lo, hi := int64(0), int64(0)
		cond, optional := 0, 0
		for _, it := range x.Items() {
			if len(it.Conds) == 1 && !it.Rep && it.Self == 0 {
				cond = it.Conds[0]
				optional++
			}
			switch {
			case it.Rep || it.Self != 0:
				hi = value.PosInf
			case len(it.Conds) > 0:
				if hi != value.PosInf {
					hi++
				}
			default:
				lo++
				if hi != value.PosInf {
					hi++
				}
			}
		}
		if optional == 1 && hi == lo+1 {
			return value.IntCond(lo, cond) // lo+1 exactly when the optional element is there
		}
		return value.Int(lo, hi)
	case value.KString:
		if t, ok := value.LitText(x.Shape()); ok {
			return value.IntConst(int64(len(t)))
		}
		return value.Int(int64(strshape.MinLen(x.Shape())), value.PosInf)
	case value.KPointer:
		c, _ := fr.load(h, x)
		if c.Kind() == value.KMap {
			return value.IntConst(int64(len(c.Keys())))
		}
		return e.length(fr, h, c)
	case value.KAlt:
		var out *value.Value
		for _, a := range x.Elems() {
			out = e.join2(out, e.length(fr, h, a), 0, 0)
		}
		return out
	}
	return value.Int(0, value.PosInf)
}

// digest writes a key of v for memoisation: every distinction the
// evaluator makes, so that two values with the same digest are the same.
func (e *Evaluator) digest(b *strings.Builder, v *value.Value) {
	if v == nil {
		b.WriteString("_")
		return
	}
	b.WriteString(v.Kind().String())
	switch v.Kind() {
	case value.KUnknown:
		b.WriteString(strconv.Itoa(v.Hole()))
	case value.KString:
		b.WriteString(v.Shape().String())
		shapeRefs(b, v.Shape())
	case value.KInt:
		fmt.Fprintf(b, "[%d,%d,%d,%d]", v.Lo(), v.Hi(), v.Hole(), v.Cell())
	case value.KCond:
		fmt.Fprintf(b, "%d,%d", v.Cell(), v.Hi())
	case value.KConst:
		b.WriteString(v.Constant().ExactString())
	case value.KFunc:
		fmt.Fprintf(b, "%p", v.Fn())
	case value.KInterface:
		fmt.Fprintf(b, "%s%p", v.Ident(), v.Unit())
	case value.KApply, value.KStruct:
		b.WriteString(v.Ident())
	case value.KMap:
		b.WriteString(strings.Join(v.Keys(), ","))
	case value.KSlice:
		b.WriteString("[")
		for _, it := range v.Items() {
			fmt.Fprintf(b, "%v%v%d:", it.Conds, it.Rep, it.Self)
			e.digest(b, it.V)
			b.WriteString(";")
		}
		b.WriteString("]")
	}
	if len(v.Elems()) > 0 {
		b.WriteString("(")
		for _, x := range v.Elems() {
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
