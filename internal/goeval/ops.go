package goeval

import (
	"go/constant"
	"go/token"
	"slices"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval/ir"
	"github.com/ydblint/ydblint/internal/goeval/value"
	"github.com/ydblint/ydblint/internal/strshape"
)

// constValue is the abstract value of a constant operand.
func (e *Evaluator) constValue(f *ir.Func, c *ir.Const) *value.Value {
	t := f.TypeAt(c.Type)
	switch c.Kind {
	case ir.ConstNil:
		return e.zero(t, f.Unit(), 0)
	case ir.ConstGlobal:
		return value.Ptr(e.globalCell(c.Name, c, f), nil)
	case ir.ConstFunc:
		if fn := e.funcOf(f, c.Func, c.SSAFunc(), c.Name); fn != nil {
			return value.Func(fn, nil)
		}
		return value.Apply(c.Name, nil)
	case ir.ConstBuiltin:
		return e.hole(value.HoleRuntime, "", c.Name, "builtin used as a value")
	}
	if t != nil && (t.Kind == ir.TString || t.Kind == ir.TBytes) {
		return value.Str(e.lit(c.Str, c.TokenPos(), c.PosString, 0, c.Exact))
	}
	switch c.Val {
	case "true":
		return value.Bool(true)
	case "false":
		return value.Bool(false)
	}
	if n, err := strconv.ParseInt(c.Val, 10, 64); err == nil {
		return value.IntConst(n)
	}
	if t != nil && (t.Kind == ir.TInt || t.Kind == ir.TUint) {
		return value.Int(value.NegInf, value.PosInf)
	}
	if k := ir.ParseConst(c.Val); k != nil {
		return value.Const(k)
	}
	return e.hole(value.HoleRuntime, "", c.Val, "constant not represented")
}

// funcOf returns the lowered function a call, closure or function value
// names: embedded in f's unit, else the SSA function when Env allows its
// body, else a summary.
func (e *Evaluator) funcOf(f *ir.Func, embedded int, sf *ssa.Function, name string) *ir.Func {
	if embedded > 0 && embedded <= len(f.Unit().Funcs) {
		return f.Unit().Funcs[embedded-1]
	}
	if sf != nil && (sf.Parent() != nil && len(sf.Blocks) > 0 || e.env.Body(sf)) {
		return e.lowerLocal(sf)
	}
	return e.lookup(name)
}

// zero is the zero value of t. strings.Builder and bytes.Buffer are
// strings: their contents.
func (e *Evaluator) zero(t *ir.Type, u *ir.Unit, depth int) *value.Value {
	if t == nil {
		return e.hole(value.HoleRuntime, "", "value", "type not known")
	}
	if isTextBuffer(t.Name) {
		return value.Str(strshape.Empty())
	}
	switch t.Kind {
	case ir.TString:
		return value.Str(strshape.Empty())
	case ir.TInt, ir.TUint:
		return value.IntConst(0)
	case ir.TFloat, ir.TComplex:
		return value.Const(constant.MakeInt64(0))
	case ir.TBool:
		return value.Bool(false)
	case ir.TStruct:
		if depth > 6 || len(t.Fields) > e.b.Elems {
			return e.hole(value.HoleBound, "", t.Name, "struct too deep or too large")
		}
		fields := make([]*value.Value, len(t.Fields))
		for i, fd := range t.Fields {
			fields[i] = e.zero(typeIn(u, fd.Type), u, depth+1)
		}
		return e.bound(value.Struct(t, u, fields))
	case ir.TArray:
		if t.Len > int64(e.b.Elems) || depth > 6 {
			return e.hole(value.HoleBound, "", "array", "array too large")
		}
		items := make([]value.Elem, t.Len)
		for i := range items {
			items[i] = value.Elem{V: e.zero(typeIn(u, t.Elem), u, depth+1)}
		}
		return e.bound(value.Slice(items))
	case ir.TTuple:
		vs := make([]*value.Value, len(t.Fields))
		for i, fd := range t.Fields {
			vs[i] = e.zero(typeIn(u, fd.Type), u, depth+1)
		}
		return value.Tuple(vs)
	}
	return e.nilValue
}

func typeIn(u *ir.Unit, t int) *ir.Type {
	if u == nil || t < 0 || t >= len(u.Types) {
		return nil
	}
	return &u.Types[t]
}

func isTextBuffer(name string) bool { return name == "strings.Builder" || name == "bytes.Buffer" }

// typed makes v fit the static type of in's result: a string is a shape,
// an integer an interval.
func (fr *frame) typed(in *ir.Instr, v *value.Value) *value.Value {
	if v == nil {
		return fr.e.bounded("no value")
	}
	t := fr.f.TypeAt(in.Type)
	if t == nil {
		return v
	}
	return fr.e.fit(t, v)
}

func (e *Evaluator) fit(t *ir.Type, v *value.Value) *value.Value {
	switch t.Kind {
	case ir.TString:
		if v.Kind() == value.KString {
			return v
		}
		if s := e.shapeOf(v); s != nil {
			return e.strValue(s)
		}
		return value.Str(strshape.Hole(e.piece(value.Piece{Hole: true, Kind: value.HoleRuntime, Desc: "string", Why: "value of another kind"})))
	case ir.TBytes:
		if v.Kind() == value.KString || v.Kind() == value.KNil {
			return v
		}
		if s := e.shapeOf(v); s != nil {
			return e.strValue(s)
		}
	case ir.TInt, ir.TUint:
		switch v.Kind() {
		case value.KInt:
			return v
		case value.KUnknown:
			return value.IntHole(value.NegInf, value.PosInf, v.Hole())
		case value.KAlt:
			var out *value.Value
			for _, x := range v.Elems() {
				out = e.join2(out, e.fit(t, x), 0, 0)
			}
			return out
		}
		return value.Int(value.NegInf, value.PosInf)
	}
	return v
}

// execAt interprets one instruction of block b from heap h and returns
// the heap after it, nil when the path ends (panic, a call that does not
// return). The pieces it makes carry the instruction's position
// (Piece.Src); an instruction without one (a load or conversion the
// source does not spell) keeps the enclosing call's.
func (fr *frame) execAt(b int, in *ir.Instr, h *value.Heap) *value.Heap {
	e := fr.e
	at, atString, local, foreign := e.at, e.atString, e.local, e.foreign
	if in.TokenPos().IsValid() || in.Pos != "" {
		e.at, e.atString = in.TokenPos(), in.Pos
	}
	e.foreign = !fr.home()
	if !e.foreign && in.TokenPos().IsValid() {
		e.local = in.TokenPos()
	}
	h = fr.exec(b, in, h)
	e.at, e.atString, e.local, e.foreign = at, atString, local, foreign
	return h
}

// home reports whether fr interprets code of the package whose function
// the outermost top-level evaluation started from (not a summary, not a
// body of another package).
func (fr *frame) home() bool {
	s := fr.f.SSA()
	if s == nil || len(fr.e.topStack) == 0 {
		return false
	}
	t := fr.e.topStack[0].f.SSA()
	return t != nil && s.Pkg == t.Pkg
}

// stampField gives a field hole read here the position of this read
// (Piece.Src): a struct the evaluator does not know is materialised once,
// at its first use, and each read of a field is its own place in the
// source.
func (e *Evaluator) stampField(v *value.Value) *value.Value {
	var ref int
	switch {
	case v == nil:
		return v
	case v.Kind() == value.KUnknown:
		ref = v.Hole()
	case v.Kind() == value.KString && v.Shape().Kind == strshape.KindHole:
		ref = v.Shape().Ref
	default:
		return v
	}
	p := e.Piece(ref)
	if ref <= 0 || p.Kind != value.HoleField || !e.at.IsValid() && e.atString == "" || p.Src == e.at && p.SrcString == e.atString {
		return v
	}
	p.Src, p.SrcString = e.at, e.atString
	r := e.t.Intern(p)
	if fref, ok := e.fieldHoles[ref]; ok {
		e.fieldHoles[r] = fref
	}
	if v.Kind() == value.KUnknown {
		return value.Unknown(r)
	}
	return value.Str(strshape.Hole(r))
}

// exec interprets one instruction (execAt).
func (fr *frame) exec(b int, in *ir.Instr, h *value.Heap) *value.Heap {
	e := fr.e
	arg := func(i int) *value.Value { return fr.get(in.Args[i], b) }
	switch in.Op {
	case ir.OpNop, ir.OpPhi:
	case ir.OpBinOp:
		fr.set(in.ID, fr.typed(in, e.binop(token.Token(in.X), arg(0), arg(1))))
	case ir.OpUnOp:
		fr.set(in.ID, fr.typed(in, e.unop(token.Token(in.X), arg(0))))
	case ir.OpLoad:
		var v *value.Value
		v, h = fr.load(h, arg(0))
		if d := fr.f.InstrOf(in.Args[0]); d != nil && d.Op == ir.OpFieldAddr {
			v = e.fieldIdentity(v, d.Name)
		}
		fr.set(in.ID, fr.typed(in, e.stampField(v)))
	case ir.OpStore:
		h = fr.store(h, arg(0), arg(1))
	case ir.OpAlloc:
		t := fr.f.TypeAt(in.X)
		cell := e.newCell(t, fr.f.Unit(), in.Name)
		h = h.Set(cell, e.zero(t, fr.f.Unit(), 0))
		fr.set(in.ID, value.Ptr(cell, nil))
	case ir.OpField:
		var v *value.Value
		v, h = fr.field(h, arg(0), in)
		fr.set(in.ID, fr.typed(in, e.stampField(e.fieldIdentity(v, in.Name))))
	case ir.OpFieldAddr:
		var v *value.Value
		v, h = fr.fieldAddr(h, arg(0), in)
		fr.set(in.ID, v)
	case ir.OpIndex:
		if fr.elem != nil && in.Args[0] == fr.elem.slice && in.Args[1] == fr.elem.next {
			fr.set(in.ID, fr.typed(in, fr.elem.v))
			break
		}
		fr.set(in.ID, fr.typed(in, e.index(arg(0), arg(1))))
	case ir.OpIndexAddr:
		if fr.elem != nil && in.Args[0] == fr.elem.slice && in.Args[1] == fr.elem.next {
			cell := e.newCell(nil, nil, "range element")
			h = h.Set(cell, fr.elem.v)
			fr.set(in.ID, value.Ptr(cell, nil))
			break
		}
		var v *value.Value
		v, h = fr.indexAddr(h, arg(0), arg(1))
		fr.set(in.ID, v)
	case ir.OpLookup:
		fr.set(in.ID, fr.typed(in, fr.lookup(h, arg(0), arg(1), in)))
	case ir.OpMapUpdate:
		h = fr.mapUpdate(h, arg(0), arg(1), arg(2))
	case ir.OpMakeMap:
		cell := e.newCell(nil, nil, "map")
		h = h.Set(cell, value.Map(nil, nil))
		fr.set(in.ID, value.Ptr(cell, nil))
	case ir.OpMakeSlice:
		fr.set(in.ID, fr.makeSlice(in, arg(0)))
	case ir.OpSlice:
		var lo, hi *value.Value
		if in.Args[1] >= 0 {
			lo = arg(1)
		}
		if in.Args[2] >= 0 {
			hi = arg(2)
		}
		var v *value.Value
		v, h = fr.slice(h, arg(0), lo, hi)
		fr.set(in.ID, fr.typed(in, v))
	case ir.OpConvert:
		fr.set(in.ID, fr.typed(in, e.convert(fr.f.TypeAt(in.X), fr.f.TypeAt(in.Type), arg(0))))
	case ir.OpMakeInterface:
		x := arg(0)
		var u *ir.Unit
		if len(fr.f.Unit().Methods) > 0 {
			u = fr.f.Unit()
		}
		fr.set(in.ID, e.bound(value.Iface(in.Name, x, u)))
	case ir.OpTypeAssert:
		v, ok := fr.typeAssert(arg(0), in)
		if in.Aux == 0 && ok != nil && ok.Kind() == value.KConst && !constant.BoolVal(ok.Constant()) {
			return nil // the assertion panics
		}
		if in.Aux == 1 {
			fr.set(in.ID, value.Tuple([]*value.Value{v, ok}))
		} else {
			fr.set(in.ID, v)
		}
	case ir.OpExtract:
		fr.set(in.ID, fr.typed(in, e.extract(arg(0), in.X)))
	case ir.OpMakeClosure:
		fn := e.funcOf(fr.f, in.Func, in.SSAFunc(), in.Name)
		bind := make([]*value.Value, len(in.Args))
		for i := range in.Args {
			bind[i] = arg(i)
		}
		if fn == nil {
			fr.set(in.ID, e.hole(value.HoleRuntime, "", value.ShortName(in.Name), "closure body not available"))
			break
		}
		if fr.top {
			fr.closures[fn] = &closureSite{h: h, bindings: bind, block: b}
		}
		fr.set(in.ID, e.bound(value.Func(fn, bind)))
	case ir.OpCall:
		return fr.call(b, in, h)
	case ir.OpDefer:
		args := make([]*value.Value, len(in.Args))
		for i := range in.Args {
			args[i] = arg(i)
		}
		fr.defers = append(fr.defers, deferred{in: in, args: args})
	case ir.OpGo:
		args := make([]*value.Value, len(in.Args))
		for i := range in.Args {
			args[i] = arg(i)
		}
		h = fr.invalidate(h, args, "handed to a goroutine")
		if fr.top {
			for _, a := range args {
				if a != nil && a.Kind() == value.KFunc && a.Fn() != nil {
					if site := fr.closures[a.Fn()]; site != nil {
						site.async = true
					}
				}
			}
		}
	case ir.OpRunDefers:
		for i := len(fr.defers) - 1; i >= 0 && h != nil; i-- {
			d := fr.defers[i]
			_, h = fr.dispatch(b, d.in, d.args, h)
		}
		fr.defers = nil
		if h == nil {
			return nil
		}
	case ir.OpIf:
		c := arg(0)
		fr.ifCond[b] = nil
		if c.Kind() == value.KCond {
			fr.ifCond[b] = c
		}
		t, f := true, true
		if c.Kind() == value.KConst && c.Constant().Kind() == constant.Bool {
			t = constant.BoolVal(c.Constant())
			f = !t
		}
		if k := fr.force[b]; k >= 0 {
			t, f = k == 0, k == 1
		}
		fr.succ[b] = [2]bool{t, f}
	case ir.OpJump:
		fr.succ[b] = [2]bool{true, false}
	case ir.OpReturn:
		vals := make([]*value.Value, len(in.Args))
		for i := range in.Args {
			vals[i] = arg(i)
		}
		fr.rets = append(fr.rets, ret{block: b, vals: vals, h: h})
	case ir.OpPanic:
		return nil
	case ir.OpNext:
		fr.set(in.ID, value.Tuple([]*value.Value{
			e.hole(value.HoleRuntime, "", "ok", "iteration"),
			e.hole(value.HoleRuntime, "", "key", "iteration over a map or string"),
			e.hole(value.HoleRuntime, "", "value", "iteration over a map or string"),
		}))
	case ir.OpUnknown:
		if in.ID >= 0 {
			fr.set(in.ID, fr.typed(in, e.hole(value.HoleRuntime, "", in.Name, in.Name+" is not interpreted")))
		}
	default:
		if in.ID >= 0 {
			fr.set(in.ID, e.bounded("unknown operation"))
		}
	}
	return h
}

// binop applies a binary operator.
func (e *Evaluator) binop(op token.Token, x, y *value.Value) *value.Value {
	if x.Kind() == value.KAlt || y.Kind() == value.KAlt {
		if op == token.ADD && (x.Kind() == value.KString || y.Kind() == value.KString) {
			if sx, sy := e.shapeOf(x), e.shapeOf(y); sx != nil && sy != nil {
				return e.strValue(strshape.Concat(e.lim, sx, sy))
			}
		}
		var out *value.Value
		xs, ys := altsOf(x), altsOf(y)
		if len(xs)*len(ys) > e.b.Variants {
			return e.bounded("more alternatives than the variant bound")
		}
		for _, a := range xs {
			for _, b := range ys {
				out = e.join2(out, e.binop(op, a, b), 0, 0)
			}
		}
		return out
	}
	switch op {
	case token.ADD:
		if x.Kind() == value.KString || y.Kind() == value.KString {
			sx, sy := e.shapeOf(x), e.shapeOf(y)
			if sx != nil && sy != nil {
				return e.strValue(strshape.Concat(e.lim, sx, sy))
			}
		}
	case token.EQL, token.NEQ:
		if r := e.equal(x, y); r != nil {
			if op == token.NEQ {
				return e.unop(token.NOT, r)
			}
			return r
		}
		return e.hole(value.HoleRuntime, "", "comparison", "comparison of values not known")
	}
	if x.Kind() == value.KInt && y.Kind() == value.KInt {
		return e.intOp(op, x, y)
	}
	if x.Kind() == value.KConst && y.Kind() == value.KConst {
		switch op {
		case token.LSS, token.LEQ, token.GTR, token.GEQ:
			if x.Constant().Kind() != constant.Bool && y.Constant().Kind() != constant.Bool {
				return value.Bool(constant.Compare(x.Constant(), op, y.Constant()))
			}
		case token.AND, token.OR, token.XOR:
			if x.Constant().Kind() == constant.Bool {
				break
			}
			fallthrough
		case token.ADD, token.SUB, token.MUL, token.QUO:
			if op == token.QUO && constant.Sign(y.Constant()) == 0 {
				break
			}
			if x.Constant().Kind() != constant.Bool && y.Constant().Kind() != constant.Bool {
				return value.Const(constant.BinaryOp(x.Constant(), op, y.Constant()))
			}
		}
	}
	return e.hole(value.HoleRuntime, "", op.String(), "operation on values not known")
}

func altsOf(v *value.Value) []*value.Value {
	if v.Kind() == value.KAlt {
		return v.Elems()
	}
	return []*value.Value{v}
}

// equal decides x == y when it can: constants, nil, distinct cells.
func (e *Evaluator) equal(x, y *value.Value) *value.Value {
	switch {
	case x.Kind() == value.KNil && y.Kind() == value.KNil:
		return value.Bool(true)
	case x.Kind() == value.KNil && (y.Kind() == value.KPointer || y.Kind() == value.KFunc || y.Kind() == value.KInterface || y.Kind() == value.KSlice),
		y.Kind() == value.KNil && (x.Kind() == value.KPointer || x.Kind() == value.KFunc || x.Kind() == value.KInterface || x.Kind() == value.KSlice):
		return value.Bool(false)
	case x.Kind() == value.KPointer && y.Kind() == value.KPointer && x.Cell() != 0 && y.Cell() != 0:
		if x.Cell() != y.Cell() {
			return value.Bool(false)
		}
		if slices.Equal(x.Path(), y.Path()) && !slices.Contains(x.Path(), -1) {
			return value.Bool(true)
		}
	case x.Kind() == value.KInt && y.Kind() == value.KInt:
		if x.Lo() == x.Hi() && y.Lo() == y.Hi() && x.Lo() != value.NegInf && x.Lo() != value.PosInf {
			return value.Bool(x.Lo() == y.Lo())
		}
		if x.Hi() < y.Lo() || y.Hi() < x.Lo() {
			return value.Bool(false)
		}
	case x.Kind() == value.KString && y.Kind() == value.KString:
		a, aok := value.LitText(x.Shape())
		b, bok := value.LitText(y.Shape())
		if aok && bok {
			return value.Bool(a == b)
		}
		if c, ok := optionalCond(y.Shape()); ok && aok && a == "" {
			return value.CondValue(c, true)
		}
		if c, ok := optionalCond(x.Shape()); ok && bok && b == "" {
			return value.CondValue(c, true)
		}
		if ea, eb := emptyOnly(x.Shape()), emptyOnly(y.Shape()); ea && aok || eb && bok {
			// "" against a text that cannot be empty.
			other := y.Shape()
			if eb && bok {
				other = x.Shape()
			}
			if strshape.MinLen(other) > 0 {
				return value.Bool(false)
			}
		}
	case x.Kind() == value.KConst && y.Kind() == value.KConst:
		if (x.Constant().Kind() == constant.Bool) == (y.Constant().Kind() == constant.Bool) {
			return value.Bool(constant.Compare(x.Constant(), token.EQL, y.Constant()))
		}
	case x.Kind() == value.KInterface && y.Kind() == value.KInterface:
		if x.Ident() != y.Ident() {
			return value.Bool(false)
		}
		return e.equal(x.Elems()[0], y.Elems()[0])
	}
	return nil
}

// optionalCond returns c when s is a non-empty text present only under
// condition c (empty otherwise): s == "" is then "not c".
func optionalCond(s *strshape.Shape) (int, bool) {
	var opt *strshape.Shape
	for _, p := range value.Parts(s) {
		switch {
		case p.Kind == strshape.KindOpt && opt == nil:
			opt = p
		case emptyOnly(p):
		default:
			return 0, false
		}
	}
	if opt == nil || strshape.MinLen(opt.Parts[0]) == 0 {
		return 0, false
	}
	return opt.Cond, true
}

func emptyOnly(s *strshape.Shape) bool {
	t, ok := value.LitText(s)
	return ok && t == ""
}

// intOp applies an arithmetic or comparison operator to intervals.
func (e *Evaluator) intOp(op token.Token, x, y *value.Value) *value.Value {
	finite := func(v *value.Value) bool { return v.Lo() != value.NegInf && v.Hi() != value.PosInf }
	if r := condCompare(op, x, y); r != nil {
		return r
	}
	switch op {
	case token.LSS:
		if x.Hi() < y.Lo() {
			return value.Bool(true)
		}
		if x.Lo() >= y.Hi() {
			return value.Bool(false)
		}
	case token.LEQ:
		if x.Hi() <= y.Lo() {
			return value.Bool(true)
		}
		if x.Lo() > y.Hi() {
			return value.Bool(false)
		}
	case token.GTR:
		return e.intOp(token.LSS, y, x)
	case token.GEQ:
		return e.intOp(token.LEQ, y, x)
	case token.ADD, token.SUB:
		if !finite(x) || !finite(y) || abs64(x.Lo()) > 1<<40 || abs64(x.Hi()) > 1<<40 || abs64(y.Lo()) > 1<<40 || abs64(y.Hi()) > 1<<40 {
			lo, hi := int64(value.NegInf), int64(value.PosInf)
			// Keep a bound on the side both operands bound.
			if op == token.ADD && x.Lo() != value.NegInf && y.Lo() != value.NegInf && abs64(x.Lo()) <= 1<<40 && abs64(y.Lo()) <= 1<<40 {
				lo = x.Lo() + y.Lo()
			}
			if op == token.ADD && x.Hi() != value.PosInf && y.Hi() != value.PosInf && abs64(x.Hi()) <= 1<<40 && abs64(y.Hi()) <= 1<<40 {
				hi = x.Hi() + y.Hi()
			}
			if op == token.SUB && x.Lo() != value.NegInf && y.Hi() != value.PosInf && abs64(x.Lo()) <= 1<<40 && abs64(y.Hi()) <= 1<<40 {
				lo = x.Lo() - y.Hi()
			}
			if op == token.SUB && x.Hi() != value.PosInf && y.Lo() != value.NegInf && abs64(x.Hi()) <= 1<<40 && abs64(y.Lo()) <= 1<<40 {
				hi = x.Hi() - y.Lo()
			}
			return value.Int(lo, hi)
		}
		if op == token.ADD {
			return value.Int(x.Lo()+y.Lo(), x.Hi()+y.Hi())
		}
		return value.Int(x.Lo()-y.Hi(), x.Hi()-y.Lo())
	case token.MUL, token.QUO, token.REM, token.SHL, token.SHR, token.AND, token.OR, token.XOR, token.AND_NOT:
		if x.Lo() == x.Hi() && y.Lo() == y.Hi() && finite(x) && finite(y) {
			a, b := constant.MakeInt64(x.Lo()), constant.MakeInt64(y.Lo())
			var r constant.Value
			switch op {
			case token.SHL, token.SHR:
				if y.Lo() < 0 || y.Lo() > 62 {
					return value.Int(value.NegInf, value.PosInf)
				}
				r = constant.Shift(a, op, uint(y.Lo()))
			case token.QUO, token.REM:
				if y.Lo() == 0 {
					return value.Int(value.NegInf, value.PosInf)
				}
				if op == token.QUO {
					r = constant.BinaryOp(a, token.QUO_ASSIGN, b) // integer division
				} else {
					r = constant.BinaryOp(a, token.REM, b)
				}
			default:
				r = constant.BinaryOp(a, op, b)
			}
			if n, ok := constant.Int64Val(r); ok {
				return value.IntConst(n)
			}
		}
		if op == token.REM && y.Lo() == y.Hi() && y.Lo() > 0 && y.Lo() != value.PosInf && x.Lo() >= 0 {
			return value.Int(0, y.Lo()-1)
		}
	}
	if op == token.LSS || op == token.LEQ || op == token.GTR || op == token.GEQ {
		return e.hole(value.HoleRuntime, "", "comparison", "comparison of values not known")
	}
	return value.Int(value.NegInf, value.PosInf)
}

// condCompare compares a count that is lo, or lo+1 under condition c (the
// length of a slice with one optional element), with a constant between
// the two: the result is the condition.
func condCompare(op token.Token, x, y *value.Value) *value.Value {
	if y.Cell() != 0 && x.Cell() == 0 {
		switch op {
		case token.LSS:
			op = token.GTR
		case token.GTR:
			op = token.LSS
		case token.LEQ:
			op = token.GEQ
		case token.GEQ:
			op = token.LEQ
		}
		x, y = y, x
	}
	if x.Cell() == 0 || x.Hi() != x.Lo()+1 || y.Cell() != 0 || y.Lo() != y.Hi() {
		return nil
	}
	k := y.Lo()
	// "x is the larger value" for each operator.
	var larger bool
	switch {
	case (op == token.GTR || op == token.NEQ) && k == x.Lo(), op == token.GEQ && k == x.Hi():
		larger = true
	case (op == token.LEQ || op == token.EQL) && k == x.Lo(), op == token.LSS && k == x.Hi():
		larger = false
	default:
		return nil
	}
	return value.CondValue(x.Cell(), !larger)
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

func (e *Evaluator) unop(op token.Token, x *value.Value) *value.Value {
	switch {
	case x.Kind() == value.KAlt:
		var out *value.Value
		for _, a := range x.Elems() {
			out = e.join2(out, e.unop(op, a), 0, 0)
		}
		return out
	case op == token.NOT && x.Kind() == value.KConst && x.Constant().Kind() == constant.Bool:
		return value.Bool(!constant.BoolVal(x.Constant()))
	case op == token.NOT && x.Kind() == value.KCond:
		c, neg := x.Cond()
		return value.CondValue(c, !neg)
	case op == token.SUB && x.Kind() == value.KInt:
		lo, hi := int64(value.NegInf), int64(value.PosInf)
		if x.Hi() != value.PosInf {
			lo = -x.Hi()
		}
		if x.Lo() != value.NegInf {
			hi = -x.Lo()
		}
		return value.Int(lo, hi)
	case op == token.SUB && x.Kind() == value.KConst:
		return value.Const(constant.UnaryOp(token.SUB, x.Constant(), 0))
	}
	return e.hole(value.HoleRuntime, "", op.String(), "operation on a value not known")
}

// convert applies a conversion from type from to type to.
func (e *Evaluator) convert(from, to *ir.Type, x *value.Value) *value.Value {
	if to == nil {
		return x
	}
	switch to.Kind {
	case ir.TString:
		if from != nil && (from.Kind == ir.TInt || from.Kind == ir.TUint) {
			if x.Kind() == value.KInt && x.Lo() == x.Hi() && x.Lo() >= 0 && x.Lo() <= 0x10ffff {
				return value.Str(e.litPlain(string(rune(x.Lo()))))
			}
			return value.Str(e.holeShape(value.HoleRuntime, "", "string(rune)", "conversion of an integer not known"))
		}
		return x
	case ir.TBytes:
		return x
	case ir.TInt, ir.TUint:
		if x.Kind() == value.KInt {
			// A value outside the target's range wraps around: the
			// result is anything the target holds.
			lo, hi := intRange(to)
			if x.Lo() < lo || x.Hi() > hi {
				return value.Int(lo, hi)
			}
			return x
		}
		if x.Kind() == value.KConst && x.Constant().Kind() == constant.Float {
			if n, ok := constant.Int64Val(constant.ToInt(x.Constant())); ok {
				return value.IntConst(n)
			}
		}
		return x
	case ir.TFloat:
		if x.Kind() == value.KInt && x.Lo() == x.Hi() && x.Lo() != value.NegInf {
			return value.Const(constant.MakeInt64(x.Lo()))
		}
		if x.Kind() == value.KConst {
			return x
		}
		return e.hole(value.HoleRuntime, "", "float", "conversion of a value not known")
	}
	return x
}

// intRange is the range of an integer type, within the domain's int64.
func intRange(t *ir.Type) (int64, int64) {
	bits := t.Bits
	if bits <= 0 || bits > 64 {
		bits = 64
	}
	if t.Kind == ir.TUint {
		if bits == 64 {
			return 0, value.PosInf
		}
		return 0, 1<<bits - 1
	}
	if bits == 64 {
		return value.NegInf, value.PosInf
	}
	return -(1 << (bits - 1)), 1<<(bits-1) - 1
}

// extract returns element i of a tuple.
func (e *Evaluator) extract(t *value.Value, i int) *value.Value {
	switch t.Kind() {
	case value.KTuple:
		if i < len(t.Elems()) {
			return t.Elems()[i]
		}
	case value.KAlt:
		var out *value.Value
		for _, a := range t.Elems() {
			out = e.join2(out, e.extract(a, i), 0, 0)
		}
		return out
	case value.KApply:
		if i == 0 {
			return t
		}
		return e.hole(value.HoleCall, "", value.ShortName(t.Ident())+"#"+strconv.Itoa(i), "result of a call that is not interpreted")
	case value.KUnknown:
		return e.hole(value.HoleRuntime, "", e.Piece(t.Hole()).Desc+"#"+strconv.Itoa(i), e.Piece(t.Hole()).Why)
	}
	return e.bounded("not a tuple")
}

// typeAssert returns the value x.(T) and whether the assertion holds (a
// constant when known).
func (fr *frame) typeAssert(x *value.Value, in *ir.Instr) (*value.Value, *value.Value) {
	e := fr.e
	t := fr.f.TypeAt(in.X)
	unknownOK := e.hole(value.HoleRuntime, "", "ok", "type assertion on a value not known")
	switch x.Kind() {
	case value.KInterface:
		if t != nil && t.Kind == ir.TInterface {
			for _, m := range t.Methods {
				if fr.methodName(x, m) == "" && fr.methodFunc(x, m) == nil {
					return unknownOK, unknownOK
				}
			}
			return x, value.Bool(true)
		}
		if x.Ident() == in.Name {
			return x.Elems()[0], value.Bool(true)
		}
		return e.zero(t, fr.f.Unit(), 0), value.Bool(false)
	case value.KNil:
		return e.zero(t, fr.f.Unit(), 0), value.Bool(false)
	case value.KAlt:
		var v, ok *value.Value
		for _, a := range x.Elems() {
			av, aok := fr.typeAssert(a, in)
			if aok.Kind() == value.KConst && !constant.BoolVal(aok.Constant()) {
				ok = e.join2(ok, aok, 0, 0)
				continue
			}
			v = e.join2(v, av, 0, 0)
			ok = e.join2(ok, aok, 0, 0)
		}
		if v == nil {
			return e.zero(t, fr.f.Unit(), 0), value.Bool(false)
		}
		if ok != nil && ok.Kind() == value.KAlt {
			ok = unknownOK
		}
		return v, ok
	}
	if t != nil {
		return e.fit(t, e.hole(value.HoleRuntime, "", "type assertion", "type assertion on a value not known")), unknownOK
	}
	return x, unknownOK
}

// makeSlice is make([]T, n): n zero elements when n is a small constant.
func (fr *frame) makeSlice(in *ir.Instr, n *value.Value) *value.Value {
	e := fr.e
	t := fr.f.TypeAt(in.Type)
	if t != nil && t.Kind == ir.TBytes {
		if n.Kind() == value.KInt && n.Lo() == 0 && n.Hi() == 0 {
			return value.Str(strshape.Empty())
		}
		return value.Str(e.holeShape(value.HoleRuntime, "", "make([]byte, n)", "byte slice of a length not known"))
	}
	if n.Kind() == value.KInt && n.Lo() == n.Hi() && n.Lo() >= 0 && n.Lo() <= int64(e.b.Elems) {
		var et *ir.Type
		if t != nil {
			et = fr.f.TypeAt(t.Elem)
		}
		items := make([]value.Elem, n.Lo())
		for i := range items {
			items[i] = value.Elem{V: e.zero(et, fr.f.Unit(), 0)}
		}
		return e.bound(value.Slice(items))
	}
	return value.Slice([]value.Elem{{V: e.hole(value.HoleRuntime, "", "element", "slice made with a length not known"), Rep: true}})
}
