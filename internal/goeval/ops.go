package goeval

import (
	"go/constant"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval/ir"
	"github.com/ydblint/ydblint/internal/strshape"
)

// constValue is the abstract value of a constant operand.
func (e *Evaluator) constValue(f *ir.Func, c *ir.Const) *Value {
	t := f.TypeAt(c.Type)
	switch c.Kind {
	case ir.ConstNil:
		return e.zero(t, f.Unit(), 0)
	case ir.ConstGlobal:
		return mkPtr(e.globalCell(c.Name, c, f), nil)
	case ir.ConstFunc:
		if fn := e.funcOf(f, c.Func, c.SSAFunc(), c.Name); fn != nil {
			return mkFunc(fn, nil)
		}
		return mkApply(c.Name, nil)
	case ir.ConstBuiltin:
		return e.hole(HoleRuntime, "", c.Name, "builtin used as a value")
	}
	if t != nil && (t.Kind == ir.TString || t.Kind == ir.TBytes) {
		return mkStr(e.lit(c.Str, c.TokenPos(), c.PosString, 0, c.Exact))
	}
	switch c.Val {
	case "true":
		return mkBool(true)
	case "false":
		return mkBool(false)
	}
	if n, err := strconv.ParseInt(c.Val, 10, 64); err == nil {
		return mkIntConst(n)
	}
	if t != nil && (t.Kind == ir.TInt || t.Kind == ir.TUint) {
		return mkInt(negInf, posInf)
	}
	if k := parseConst(c.Val); k != nil {
		return mkConst(k)
	}
	return e.hole(HoleRuntime, "", c.Val, "constant not represented")
}

// parseConst reads a constant.Value.ExactString of a number: an integer,
// a float, or a fraction "a/b".
func parseConst(s string) constant.Value {
	if i := strings.IndexByte(s, '/'); i > 0 {
		a, b := parseConst(s[:i]), parseConst(s[i+1:])
		if a == nil || b == nil || constant.Sign(b) == 0 {
			return nil
		}
		return constant.BinaryOp(a, token.QUO, b)
	}
	if k := constant.MakeFromLiteral(s, token.FLOAT, 0); k.Kind() != constant.Unknown {
		return k
	}
	if strings.HasPrefix(s, "-") {
		if k := parseConst(s[1:]); k != nil {
			return constant.UnaryOp(token.SUB, k, 0)
		}
	}
	return nil
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
func (e *Evaluator) zero(t *ir.Type, u *ir.Unit, depth int) *Value {
	if t == nil {
		return e.hole(HoleRuntime, "", "value", "type not known")
	}
	if isTextBuffer(t.Name) {
		return mkStr(strshape.Empty())
	}
	switch t.Kind {
	case ir.TString:
		return mkStr(strshape.Empty())
	case ir.TInt, ir.TUint:
		return mkIntConst(0)
	case ir.TFloat, ir.TComplex:
		return mkConst(constant.MakeInt64(0))
	case ir.TBool:
		return mkBool(false)
	case ir.TStruct:
		if depth > 6 || len(t.Fields) > e.b.Elems {
			return e.hole(HoleBound, "", t.Name, "struct too deep or too large")
		}
		fields := make([]*Value, len(t.Fields))
		for i, fd := range t.Fields {
			fields[i] = e.zero(typeIn(u, fd.Type), u, depth+1)
		}
		return e.bound(mkStructU(t, u, fields))
	case ir.TArray:
		if t.Len > int64(e.b.Elems) || depth > 6 {
			return e.hole(HoleBound, "", "array", "array too large")
		}
		items := make([]Elem, t.Len)
		for i := range items {
			items[i] = Elem{V: e.zero(typeIn(u, t.Elem), u, depth+1)}
		}
		return e.bound(mkSlice(items))
	case ir.TTuple:
		vs := make([]*Value, len(t.Fields))
		for i, fd := range t.Fields {
			vs[i] = e.zero(typeIn(u, fd.Type), u, depth+1)
		}
		return mkTuple(vs)
	}
	return nilValue
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
func (fr *frame) typed(in *ir.Instr, v *Value) *Value {
	if v == nil {
		return fr.e.bounded("no value")
	}
	t := fr.f.TypeAt(in.Type)
	if t == nil {
		return v
	}
	return fr.e.fit(t, v)
}

func (e *Evaluator) fit(t *ir.Type, v *Value) *Value {
	switch t.Kind {
	case ir.TString:
		if v.kind == KString {
			return v
		}
		if s := e.shapeOf(v); s != nil {
			return e.strValue(s)
		}
		return mkStr(strshape.Hole(e.piece(Piece{Hole: true, Kind: HoleRuntime, Desc: "string", Why: "value of another kind"})))
	case ir.TBytes:
		if v.kind == KString || v.kind == KNil {
			return v
		}
		if s := e.shapeOf(v); s != nil {
			return e.strValue(s)
		}
	case ir.TInt, ir.TUint:
		switch v.kind {
		case KInt:
			return v
		case KUnknown:
			return mkIntHole(negInf, posInf, v.hole)
		case KAlt:
			var out *Value
			for _, x := range v.elems {
				out = e.join2(out, e.fit(t, x), 0, 0)
			}
			return out
		}
		return mkInt(negInf, posInf)
	}
	return v
}

// execAt interprets one instruction of block b from heap h and returns
// the heap after it, nil when the path ends (panic, a call that does not
// return). The pieces it makes carry the instruction's position
// (Piece.Src); an instruction without one (a load or conversion the
// source does not spell) keeps the enclosing call's.
func (fr *frame) execAt(b int, in *ir.Instr, h *heap) *heap {
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
func (e *Evaluator) stampField(v *Value) *Value {
	var ref int
	switch {
	case v == nil:
		return v
	case v.kind == KUnknown:
		ref = v.hole
	case v.kind == KString && v.shape.Kind == strshape.KindHole:
		ref = v.shape.Ref
	default:
		return v
	}
	p := e.Piece(ref)
	if ref <= 0 || p.Kind != HoleField || !e.at.IsValid() && e.atString == "" || p.Src == e.at && p.SrcString == e.atString {
		return v
	}
	p.Src, p.SrcString = e.at, e.atString
	r := e.t.piece(p)
	if fref, ok := e.fieldHoles[ref]; ok {
		e.fieldHoles[r] = fref
	}
	if v.kind == KUnknown {
		return mkUnknown(r)
	}
	return mkStr(strshape.Hole(r))
}

// exec interprets one instruction (execAt).
func (fr *frame) exec(b int, in *ir.Instr, h *heap) *heap {
	e := fr.e
	arg := func(i int) *Value { return fr.get(in.Args[i], b) }
	switch in.Op {
	case ir.OpNop, ir.OpPhi:
	case ir.OpBinOp:
		fr.set(in.ID, fr.typed(in, e.binop(token.Token(in.X), arg(0), arg(1))))
	case ir.OpUnOp:
		fr.set(in.ID, fr.typed(in, e.unop(token.Token(in.X), arg(0))))
	case ir.OpLoad:
		var v *Value
		v, h = fr.load(h, arg(0))
		fr.set(in.ID, fr.typed(in, e.stampField(v)))
	case ir.OpStore:
		h = fr.store(h, arg(0), arg(1))
	case ir.OpAlloc:
		t := fr.f.TypeAt(in.X)
		cell := e.newCell(t, fr.f.Unit(), in.Name)
		h = h.set(cell, e.zero(t, fr.f.Unit(), 0))
		fr.set(in.ID, mkPtr(cell, nil))
	case ir.OpField:
		var v *Value
		v, h = fr.field(h, arg(0), in)
		fr.set(in.ID, fr.typed(in, e.stampField(v)))
	case ir.OpFieldAddr:
		var v *Value
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
			h = h.set(cell, fr.elem.v)
			fr.set(in.ID, mkPtr(cell, nil))
			break
		}
		var v *Value
		v, h = fr.indexAddr(h, arg(0), arg(1))
		fr.set(in.ID, v)
	case ir.OpLookup:
		fr.set(in.ID, fr.typed(in, fr.lookup(h, arg(0), arg(1), in)))
	case ir.OpMapUpdate:
		h = fr.mapUpdate(h, arg(0), arg(1), arg(2))
	case ir.OpMakeMap:
		cell := e.newCell(nil, nil, "map")
		h = h.set(cell, mkMap(nil, nil))
		fr.set(in.ID, mkPtr(cell, nil))
	case ir.OpMakeSlice:
		fr.set(in.ID, fr.makeSlice(in, arg(0)))
	case ir.OpSlice:
		var lo, hi *Value
		if in.Args[1] >= 0 {
			lo = arg(1)
		}
		if in.Args[2] >= 0 {
			hi = arg(2)
		}
		var v *Value
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
		fr.set(in.ID, e.bound(mkIface(in.Name, x, u)))
	case ir.OpTypeAssert:
		v, ok := fr.typeAssert(arg(0), in)
		if in.Aux == 0 && ok != nil && ok.kind == KConst && !constant.BoolVal(ok.c) {
			return nil // the assertion panics
		}
		if in.Aux == 1 {
			fr.set(in.ID, mkTuple([]*Value{v, ok}))
		} else {
			fr.set(in.ID, v)
		}
	case ir.OpExtract:
		fr.set(in.ID, fr.typed(in, e.extract(arg(0), in.X)))
	case ir.OpMakeClosure:
		fn := e.funcOf(fr.f, in.Func, in.SSAFunc(), in.Name)
		bind := make([]*Value, len(in.Args))
		for i := range in.Args {
			bind[i] = arg(i)
		}
		if fn == nil {
			fr.set(in.ID, e.hole(HoleRuntime, "", shortName(in.Name), "closure body not available"))
			break
		}
		if fr.top {
			fr.closures[fn] = &closureSite{h: h, bindings: bind, block: b}
		}
		fr.set(in.ID, e.bound(mkFunc(fn, bind)))
	case ir.OpCall:
		return fr.call(b, in, h)
	case ir.OpDefer:
		args := make([]*Value, len(in.Args))
		for i := range in.Args {
			args[i] = arg(i)
		}
		fr.defers = append(fr.defers, deferred{in: in, args: args})
	case ir.OpGo:
		args := make([]*Value, len(in.Args))
		for i := range in.Args {
			args[i] = arg(i)
		}
		h = fr.invalidate(h, args, "handed to a goroutine")
		if fr.top {
			for _, a := range args {
				if a != nil && a.kind == KFunc && a.fn != nil {
					if site := fr.closures[a.fn]; site != nil {
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
		if c.kind == KCond {
			fr.ifCond[b] = c
		}
		t, f := true, true
		if c.kind == KConst && c.c.Kind() == constant.Bool {
			t = constant.BoolVal(c.c)
			f = !t
		}
		if k := fr.force[b]; k >= 0 {
			t, f = k == 0, k == 1
		}
		fr.succ[b] = [2]bool{t, f}
	case ir.OpJump:
		fr.succ[b] = [2]bool{true, false}
	case ir.OpReturn:
		vals := make([]*Value, len(in.Args))
		for i := range in.Args {
			vals[i] = arg(i)
		}
		fr.rets = append(fr.rets, ret{block: b, vals: vals, h: h})
	case ir.OpPanic:
		return nil
	case ir.OpNext:
		fr.set(in.ID, mkTuple([]*Value{
			e.hole(HoleRuntime, "", "ok", "iteration"),
			e.hole(HoleRuntime, "", "key", "iteration over a map or string"),
			e.hole(HoleRuntime, "", "value", "iteration over a map or string"),
		}))
	case ir.OpUnknown:
		if in.ID >= 0 {
			fr.set(in.ID, fr.typed(in, e.hole(HoleRuntime, "", in.Name, in.Name+" is not interpreted")))
		}
	default:
		if in.ID >= 0 {
			fr.set(in.ID, e.bounded("unknown operation"))
		}
	}
	return h
}

// binop applies a binary operator.
func (e *Evaluator) binop(op token.Token, x, y *Value) *Value {
	if x.kind == KAlt || y.kind == KAlt {
		if op == token.ADD && (x.kind == KString || y.kind == KString) {
			if sx, sy := e.shapeOf(x), e.shapeOf(y); sx != nil && sy != nil {
				return e.strValue(strshape.Concat(e.lim, sx, sy))
			}
		}
		var out *Value
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
		if x.kind == KString || y.kind == KString {
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
		return e.hole(HoleRuntime, "", "comparison", "comparison of values not known")
	}
	if x.kind == KInt && y.kind == KInt {
		return e.intOp(op, x, y)
	}
	if x.kind == KConst && y.kind == KConst {
		switch op {
		case token.LSS, token.LEQ, token.GTR, token.GEQ:
			if x.c.Kind() != constant.Bool && y.c.Kind() != constant.Bool {
				return mkBool(constant.Compare(x.c, op, y.c))
			}
		case token.AND, token.OR, token.XOR:
			if x.c.Kind() == constant.Bool {
				break
			}
			fallthrough
		case token.ADD, token.SUB, token.MUL, token.QUO:
			if op == token.QUO && constant.Sign(y.c) == 0 {
				break
			}
			if x.c.Kind() != constant.Bool && y.c.Kind() != constant.Bool {
				return mkConst(constant.BinaryOp(x.c, op, y.c))
			}
		}
	}
	return e.hole(HoleRuntime, "", op.String(), "operation on values not known")
}

func altsOf(v *Value) []*Value {
	if v.kind == KAlt {
		return v.elems
	}
	return []*Value{v}
}

// equal decides x == y when it can: constants, nil, distinct cells.
func (e *Evaluator) equal(x, y *Value) *Value {
	switch {
	case x.kind == KNil && y.kind == KNil:
		return mkBool(true)
	case x.kind == KNil && (y.kind == KPointer || y.kind == KFunc || y.kind == KInterface || y.kind == KSlice),
		y.kind == KNil && (x.kind == KPointer || x.kind == KFunc || x.kind == KInterface || x.kind == KSlice):
		return mkBool(false)
	case x.kind == KPointer && y.kind == KPointer && x.cell != 0 && y.cell != 0:
		if x.cell != y.cell {
			return mkBool(false)
		}
		if slices.Equal(x.path, y.path) && !slices.Contains(x.path, -1) {
			return mkBool(true)
		}
	case x.kind == KInt && y.kind == KInt:
		if x.lo == x.hi && y.lo == y.hi && x.lo != negInf && x.lo != posInf {
			return mkBool(x.lo == y.lo)
		}
		if x.hi < y.lo || y.hi < x.lo {
			return mkBool(false)
		}
	case x.kind == KString && y.kind == KString:
		a, aok := litText(x.shape)
		b, bok := litText(y.shape)
		if aok && bok {
			return mkBool(a == b)
		}
		if c, ok := optionalCond(y.shape); ok && aok && a == "" {
			return mkCond(c, true)
		}
		if c, ok := optionalCond(x.shape); ok && bok && b == "" {
			return mkCond(c, true)
		}
		if ea, eb := emptyOnly(x.shape), emptyOnly(y.shape); ea && aok || eb && bok {
			// "" against a text that cannot be empty.
			other := y.shape
			if eb && bok {
				other = x.shape
			}
			if minLen(other) > 0 {
				return mkBool(false)
			}
		}
	case x.kind == KConst && y.kind == KConst:
		if (x.c.Kind() == constant.Bool) == (y.c.Kind() == constant.Bool) {
			return mkBool(constant.Compare(x.c, token.EQL, y.c))
		}
	case x.kind == KInterface && y.kind == KInterface:
		if x.name != y.name {
			return mkBool(false)
		}
		return e.equal(x.elems[0], y.elems[0])
	}
	return nil
}

// optionalCond returns c when s is a non-empty text present only under
// condition c (empty otherwise): s == "" is then "not c".
func optionalCond(s *strshape.Shape) (int, bool) {
	var opt *strshape.Shape
	for _, p := range parts(s) {
		switch {
		case p.Kind == strshape.KindOpt && opt == nil:
			opt = p
		case emptyOnly(p):
		default:
			return 0, false
		}
	}
	if opt == nil || minLen(opt.Parts[0]) == 0 {
		return 0, false
	}
	return opt.Cond, true
}

func emptyOnly(s *strshape.Shape) bool {
	t, ok := litText(s)
	return ok && t == ""
}

// minLen is the fewest bytes a string of shape s has.
func minLen(s *strshape.Shape) int {
	switch s.Kind {
	case strshape.KindLit:
		return len(s.Text)
	case strshape.KindCat:
		n := 0
		for _, p := range s.Parts {
			n += minLen(p)
		}
		return n
	case strshape.KindAlt:
		n := -1
		for _, p := range s.Parts {
			if m := minLen(p); n < 0 || m < n {
				n = m
			}
		}
		return max(n, 0)
	case strshape.KindJoin:
		n := 0
		for _, p := range s.Parts[:len(s.Parts)-1] {
			if p.Kind != strshape.KindOpt && p.Kind != strshape.KindRep {
				n += minLen(p)
			}
		}
		return n
	}
	return 0
}

// intOp applies an arithmetic or comparison operator to intervals.
func (e *Evaluator) intOp(op token.Token, x, y *Value) *Value {
	finite := func(v *Value) bool { return v.lo != negInf && v.hi != posInf }
	if r := condCompare(op, x, y); r != nil {
		return r
	}
	switch op {
	case token.LSS:
		if x.hi < y.lo {
			return mkBool(true)
		}
		if x.lo >= y.hi {
			return mkBool(false)
		}
	case token.LEQ:
		if x.hi <= y.lo {
			return mkBool(true)
		}
		if x.lo > y.hi {
			return mkBool(false)
		}
	case token.GTR:
		return e.intOp(token.LSS, y, x)
	case token.GEQ:
		return e.intOp(token.LEQ, y, x)
	case token.ADD, token.SUB:
		if !finite(x) || !finite(y) || abs64(x.lo) > 1<<40 || abs64(x.hi) > 1<<40 || abs64(y.lo) > 1<<40 || abs64(y.hi) > 1<<40 {
			lo, hi := int64(negInf), int64(posInf)
			// Keep a bound on the side both operands bound.
			if op == token.ADD && x.lo != negInf && y.lo != negInf && abs64(x.lo) <= 1<<40 && abs64(y.lo) <= 1<<40 {
				lo = x.lo + y.lo
			}
			if op == token.ADD && x.hi != posInf && y.hi != posInf && abs64(x.hi) <= 1<<40 && abs64(y.hi) <= 1<<40 {
				hi = x.hi + y.hi
			}
			if op == token.SUB && x.lo != negInf && y.hi != posInf && abs64(x.lo) <= 1<<40 && abs64(y.hi) <= 1<<40 {
				lo = x.lo - y.hi
			}
			if op == token.SUB && x.hi != posInf && y.lo != negInf && abs64(x.hi) <= 1<<40 && abs64(y.lo) <= 1<<40 {
				hi = x.hi - y.lo
			}
			return mkInt(lo, hi)
		}
		if op == token.ADD {
			return mkInt(x.lo+y.lo, x.hi+y.hi)
		}
		return mkInt(x.lo-y.hi, x.hi-y.lo)
	case token.MUL, token.QUO, token.REM, token.SHL, token.SHR, token.AND, token.OR, token.XOR, token.AND_NOT:
		if x.lo == x.hi && y.lo == y.hi && finite(x) && finite(y) {
			a, b := constant.MakeInt64(x.lo), constant.MakeInt64(y.lo)
			var r constant.Value
			switch op {
			case token.SHL, token.SHR:
				if y.lo < 0 || y.lo > 62 {
					return mkInt(negInf, posInf)
				}
				r = constant.Shift(a, op, uint(y.lo))
			case token.QUO, token.REM:
				if y.lo == 0 {
					return mkInt(negInf, posInf)
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
				return mkIntConst(n)
			}
		}
		if op == token.REM && y.lo == y.hi && y.lo > 0 && y.lo != posInf && x.lo >= 0 {
			return mkInt(0, y.lo-1)
		}
	}
	if op == token.LSS || op == token.LEQ || op == token.GTR || op == token.GEQ {
		return e.hole(HoleRuntime, "", "comparison", "comparison of values not known")
	}
	return mkInt(negInf, posInf)
}

// condCompare compares a count that is lo, or lo+1 under condition c (the
// length of a slice with one optional element), with a constant between
// the two: the result is the condition.
func condCompare(op token.Token, x, y *Value) *Value {
	if y.cell != 0 && x.cell == 0 {
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
	if x.cell == 0 || x.hi != x.lo+1 || y.cell != 0 || y.lo != y.hi {
		return nil
	}
	k := y.lo
	// "x is the larger value" for each operator.
	var larger bool
	switch {
	case (op == token.GTR || op == token.NEQ) && k == x.lo, op == token.GEQ && k == x.hi:
		larger = true
	case (op == token.LEQ || op == token.EQL) && k == x.lo, op == token.LSS && k == x.hi:
		larger = false
	default:
		return nil
	}
	return mkCond(x.cell, !larger)
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

func (e *Evaluator) unop(op token.Token, x *Value) *Value {
	switch {
	case x.kind == KAlt:
		var out *Value
		for _, a := range x.elems {
			out = e.join2(out, e.unop(op, a), 0, 0)
		}
		return out
	case op == token.NOT && x.kind == KConst && x.c.Kind() == constant.Bool:
		return mkBool(!constant.BoolVal(x.c))
	case op == token.NOT && x.kind == KCond:
		c, neg := x.Cond()
		return mkCond(c, !neg)
	case op == token.SUB && x.kind == KInt:
		lo, hi := int64(negInf), int64(posInf)
		if x.hi != posInf {
			lo = -x.hi
		}
		if x.lo != negInf {
			hi = -x.lo
		}
		return mkInt(lo, hi)
	case op == token.SUB && x.kind == KConst:
		return mkConst(constant.UnaryOp(token.SUB, x.c, 0))
	}
	return e.hole(HoleRuntime, "", op.String(), "operation on a value not known")
}

// convert applies a conversion from type from to type to.
func (e *Evaluator) convert(from, to *ir.Type, x *Value) *Value {
	if to == nil {
		return x
	}
	switch to.Kind {
	case ir.TString:
		if from != nil && (from.Kind == ir.TInt || from.Kind == ir.TUint) {
			if x.kind == KInt && x.lo == x.hi && x.lo >= 0 && x.lo <= 0x10ffff {
				return mkStr(e.litPlain(string(rune(x.lo))))
			}
			return mkStr(e.holeShape(HoleRuntime, "", "string(rune)", "conversion of an integer not known"))
		}
		return x
	case ir.TBytes:
		return x
	case ir.TInt, ir.TUint:
		if x.kind == KInt {
			// A value outside the target's range wraps around: the
			// result is anything the target holds.
			lo, hi := intRange(to)
			if x.lo < lo || x.hi > hi {
				return mkInt(lo, hi)
			}
			return x
		}
		if x.kind == KConst && x.c.Kind() == constant.Float {
			if n, ok := constant.Int64Val(constant.ToInt(x.c)); ok {
				return mkIntConst(n)
			}
		}
		return x
	case ir.TFloat:
		if x.kind == KInt && x.lo == x.hi && x.lo != negInf {
			return mkConst(constant.MakeInt64(x.lo))
		}
		if x.kind == KConst {
			return x
		}
		return e.hole(HoleRuntime, "", "float", "conversion of a value not known")
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
			return 0, posInf
		}
		return 0, 1<<bits - 1
	}
	if bits == 64 {
		return negInf, posInf
	}
	return -(1 << (bits - 1)), 1<<(bits-1) - 1
}

// extract returns element i of a tuple.
func (e *Evaluator) extract(t *Value, i int) *Value {
	switch t.kind {
	case KTuple:
		if i < len(t.elems) {
			return t.elems[i]
		}
	case KAlt:
		var out *Value
		for _, a := range t.elems {
			out = e.join2(out, e.extract(a, i), 0, 0)
		}
		return out
	case KApply:
		if i == 0 {
			return t
		}
		return e.hole(HoleCall, "", shortName(t.name)+"#"+strconv.Itoa(i), "result of a call that is not interpreted")
	case KUnknown:
		return e.hole(HoleRuntime, "", e.Piece(t.hole).Desc+"#"+strconv.Itoa(i), e.Piece(t.hole).Why)
	}
	return e.bounded("not a tuple")
}

// typeAssert returns the value x.(T) and whether the assertion holds (a
// constant when known).
func (fr *frame) typeAssert(x *Value, in *ir.Instr) (*Value, *Value) {
	e := fr.e
	t := fr.f.TypeAt(in.X)
	unknownOK := e.hole(HoleRuntime, "", "ok", "type assertion on a value not known")
	switch x.kind {
	case KInterface:
		if t != nil && t.Kind == ir.TInterface {
			for _, m := range t.Methods {
				if fr.methodName(x, m) == "" && fr.methodFunc(x, m) == nil {
					return unknownOK, unknownOK
				}
			}
			return x, mkBool(true)
		}
		if x.name == in.Name {
			return x.elems[0], mkBool(true)
		}
		return e.zero(t, fr.f.Unit(), 0), mkBool(false)
	case KNil:
		return e.zero(t, fr.f.Unit(), 0), mkBool(false)
	case KAlt:
		var v, ok *Value
		for _, a := range x.elems {
			av, aok := fr.typeAssert(a, in)
			if aok.kind == KConst && !constant.BoolVal(aok.c) {
				ok = e.join2(ok, aok, 0, 0)
				continue
			}
			v = e.join2(v, av, 0, 0)
			ok = e.join2(ok, aok, 0, 0)
		}
		if v == nil {
			return e.zero(t, fr.f.Unit(), 0), mkBool(false)
		}
		if ok != nil && ok.kind == KAlt {
			ok = unknownOK
		}
		return v, ok
	}
	if t != nil {
		return e.fit(t, e.hole(HoleRuntime, "", "type assertion", "type assertion on a value not known")), unknownOK
	}
	return x, unknownOK
}

// makeSlice is make([]T, n): n zero elements when n is a small constant.
func (fr *frame) makeSlice(in *ir.Instr, n *Value) *Value {
	e := fr.e
	t := fr.f.TypeAt(in.Type)
	if t != nil && t.Kind == ir.TBytes {
		if n.kind == KInt && n.lo == 0 && n.hi == 0 {
			return mkStr(strshape.Empty())
		}
		return mkStr(e.holeShape(HoleRuntime, "", "make([]byte, n)", "byte slice of a length not known"))
	}
	if n.kind == KInt && n.lo == n.hi && n.lo >= 0 && n.lo <= int64(e.b.Elems) {
		var et *ir.Type
		if t != nil {
			et = fr.f.TypeAt(t.Elem)
		}
		items := make([]Elem, n.lo)
		for i := range items {
			items[i] = Elem{V: e.zero(et, fr.f.Unit(), 0)}
		}
		return e.bound(mkSlice(items))
	}
	return mkSlice([]Elem{{V: e.hole(HoleRuntime, "", "element", "slice made with a length not known"), Rep: true}})
}
