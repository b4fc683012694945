package querysite

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval"
	"github.com/ydblint/ydblint/internal/goeval/value"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/srcindex"
	"github.com/ydblint/ydblint/internal/strshape"
)

// noRef is the shape ref of a value that is not a string (a hole the
// evaluator did not make).
const noRef = -2

// evalText recovers the string value v of c.fn with the evaluator: the
// value's shape enumerated into text variants, literal pieces mapped back
// to Go source, holes described, optional pieces marked by the if that
// decides them, and the parameters of c.top as parameter pieces (the
// wrapper's summary instantiates them at its callers).
func (a *pkgAnalysis) evalText(v ssa.Value, hint ast.Expr, c *ctx) texts {
	if k, ok := v.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
		return single(a.constPieces(k, hint, c.fn)...)
	}
	ev := a.evaluator()
	return a.resultText(ev, ev.Value(c.fn, v), hint, v, c)
}

// resultText enumerates the evaluator's result r for the value v (an
// argument, whose method's result r is, for methodText) into text
// variants.
func (a *pkgAnalysis) resultText(ev *goeval.Evaluator, r *goeval.Result, hint ast.Expr, v ssa.Value, c *ctx) texts {
	shape := shapeOf(ev, r.V, 0)
	if !a.keyConditionsMappable(ev, shape, c) {
		// A text chosen by a lookup key that is no parameter of c.top
		// (another function's, a caller's): which entry runs is not
		// known here, and never the union of the table.
		pos, end := exprRange(hint, v)
		key, desc := a.holeInfo(v, hint)
		return single(holePiece(key, desc, pos, end))
	}
	// A loop is read as one copy of its body (strshape.OneCopy): how many
	// times it runs is not known, and zero copies may be a text the
	// program never builds (`WHERE ` with nothing after it when every
	// caller passes a filter).
	en := strshape.Enumerate(ev.Limits(), strshape.OneCopy(ev.Limits(), shape))
	out := texts{truncated: !en.Exhaustive}
	for _, vr := range orderVariants(dropUnsetFields(ev, en.Variants), appendedConds(shape), func(ref int) token.Pos { return ev.Piece(ref).Pos }) {
		if len(en.Variants) > 1 && emptyVariant(vr) {
			continue // a field's zero value, an optional piece left out: no statement
		}
		if len(out.vs) >= maxVariants {
			out.truncated = true
			break
		}
		out.vs = addVariant(out.vs, a.evalVariant(ev, vr, hint, v, c))
	}
	return out
}

// addVariant appends v unless a variant with the same text and holes is
// there already; of the two, the one that records more decisions (marks of
// optional pieces) is kept. An alternative between branches carries no
// condition, so one text can come out of it with and without the marks of
// the optional pieces inside it.
func addVariant(vs []variant, v variant) []variant {
	k := variantText(v)
	for i, w := range vs {
		if variantText(w) == k {
			if countMarks(v) > countMarks(w) {
				vs[i] = v
			}
			return vs
		}
	}
	return append(vs, v)
}

func variantText(v variant) string {
	var b strings.Builder
	for _, p := range v {
		if p.hole {
			b.WriteString("\x00" + p.key + "\x00")
		} else {
			b.WriteString(p.text)
		}
	}
	return b.String()
}

func countMarks(v variant) int {
	n := 0
	for _, p := range v {
		if p.mark != nil {
			n++
		}
	}
	return n
}

// dropUnsetFields leaves out the variants that read a field before any
// store to it (its zero value, Piece.Zero) when others read it stored:
// a field that holds no statement yet is not a query.
func dropUnsetFields(ev *goeval.Evaluator, vs []strshape.Variant) []strshape.Variant {
	var set []strshape.Variant
	for _, vr := range vs {
		if !slices.ContainsFunc(vr.Atoms, func(at strshape.Atom) bool { return !at.Hole && at.Ref >= 0 && ev.Piece(at.Ref).Zero }) {
			set = append(set, vr)
		}
	}
	if len(set) == 0 {
		return vs
	}
	return set
}

// appendedConds are the conditions of the optional pieces of s that are
// text appended under an if (q += x), not elements of a joined list.
func appendedConds(s *strshape.Shape) map[int]bool {
	out := map[int]bool{}
	var walk func(s *strshape.Shape, inJoin bool)
	walk = func(s *strshape.Shape, inJoin bool) {
		if s == nil {
			return
		}
		if s.Kind == strshape.KindOpt && !inJoin {
			out[s.Cond] = true
		}
		// An item optional under `a && b` is an Opt per edge, nested:
		// the inner ones are the list's too.
		inner := s.Kind == strshape.KindJoin || inJoin && s.Kind == strshape.KindOpt
		for _, p := range s.Parts {
			walk(p, inner)
		}
	}
	walk(s, false)
	return out
}

// orderVariants orders variants as the recognisers did: of two variants
// that differ in text appended under an if (conds), the one without it
// first, the later if deciding first (a φ lists the path around the if
// before the path through it). Other alternatives (a variable assigned
// again on a branch, an if and its else) come in source order: by the
// position of the first literal where they part (pos; the evaluator
// joins the branch through the if first). Variants that record different
// decisions otherwise (lists joined from optional elements, the
// representatives of many optional pieces) keep the evaluator's order.
func orderVariants(vs []strshape.Variant, conds map[int]bool, pos func(ref int) token.Pos) []strshape.Variant {
	out := slices.Clone(vs)
	slices.SortStableFunc(out, func(x, y strshape.Variant) int {
		if c := byConds(x, y, conds); c != 0 {
			return c
		}
		if !slices.Equal(x.Present, y.Present) || !slices.Equal(x.Absent, y.Absent) {
			return 0 // optional pieces decide (a representative set)
		}
		return bySource(x, y, pos)
	})
	return out
}

// byConds compares two variants that differ in text appended under an
// if: the one without it first, the later if deciding first.
func byConds(x, y strshape.Variant, conds map[int]bool) int {
	ids := append(append(append(append([]int(nil), x.Present...), x.Absent...), y.Present...), y.Absent...)
	slices.Sort(ids)
	for i := len(ids) - 1; i >= 0; i-- {
		c := ids[i]
		if !conds[c] {
			continue
		}
		xp, yp := slices.Contains(x.Present, c), slices.Contains(y.Present, c)
		xa, ya := slices.Contains(x.Absent, c), slices.Contains(y.Absent, c)
		if (xp || xa) && (yp || ya) && xp != yp {
			if xp {
				return 1
			}
			return -1
		}
	}
	return 0
}

// bySource compares two variants by the position of the first literal
// where they part, 0 when either has none there.
func bySource(x, y strshape.Variant, pos func(ref int) token.Pos) int {
	for i := 0; i < len(x.Atoms) && i < len(y.Atoms); i++ {
		ax, ay := x.Atoms[i], y.Atoms[i]
		if ax == ay {
			continue
		}
		if ax.Hole || ay.Hole {
			return 0
		}
		px, py := pos(ax.Ref), pos(ay.Ref)
		if !px.IsValid() || !py.IsValid() {
			return 0
		}
		return cmp.Compare(px, py)
	}
	return 0
}

func emptyVariant(vr strshape.Variant) bool {
	for _, at := range vr.Atoms {
		if at.Hole || at.Text != "" {
			return false
		}
	}
	return true
}

// shapeOf is the string shape of an abstract value: alternatives of
// strings are alternatives, an interface its dynamic value, anything else
// a hole.
func shapeOf(ev *goeval.Evaluator, v *value.Value, depth int) *strshape.Shape {
	if v == nil || depth > maxDepth {
		return strshape.Hole(noRef)
	}
	switch v.Kind() {
	case value.KString:
		return v.Shape()
	case value.KUnknown:
		return strshape.Hole(v.Hole())
	case value.KInterface:
		return shapeOf(ev, v.Dynamic(), depth+1)
	case value.KAlt:
		var parts []*strshape.Shape
		for _, x := range v.Elems() {
			parts = append(parts, shapeOf(ev, x, depth+1))
		}
		return strshape.Alt(ev.Limits(), parts...)
	}
	return strshape.Hole(noRef)
}

// evalVariant turns one enumerated variant into pieces.
func (a *pkgAnalysis) evalVariant(ev *goeval.Evaluator, vr strshape.Variant, hint ast.Expr, v ssa.Value, c *ctx) variant {
	var out variant
	whole := len(vr.Atoms) == 1
	for _, id := range vr.Present {
		if ch := a.evalChoice(ev, id, true); ch != nil {
			out = append(out, piece{param: -1, mark: ch})
		}
	}
	for _, id := range vr.Absent {
		if ch := a.evalChoice(ev, id, false); ch != nil {
			out = append(out, piece{param: -1, mark: ch})
		}
	}
	for _, at := range vr.Atoms {
		if at.Hole {
			if t, ok := a.callersText(ev.Piece(at.Ref), whole, c); ok {
				out = append(out, t...)
				continue
			}
			out = append(out, a.evalHole(ev, at.Ref, whole, hint, v, c))
			continue
		}
		if at.Text == "" {
			continue
		}
		out = append(out, a.evalLit(ev, at, whole, hint, c)...)
	}
	return out
}

// callersText is the text every caller passes for the parameter of
// another function that the hole p stands for (paramArgText), when that
// parameter has no identity of its own: the folder a helper joins a table
// name to, built once by its only caller. As the recognisers read a
// parameter spliced into text.
func (a *pkgAnalysis) callersText(p value.Piece, whole bool, c *ctx) (variant, bool) {
	param := a.paramAt(p)
	if whole || param == nil || c.top != nil && param.Parent() == c.top || a.paramKey(param) != "" {
		return nil, false
	}
	t, ok := a.paramArgText(param, c)
	if !ok || len(t.vs) != 1 || t.truncated {
		return nil, false
	}
	return t.vs[0], true
}

// evalHole is a hole piece; a parameter of c.top is a parameter piece.
func (a *pkgAnalysis) evalHole(ev *goeval.Evaluator, ref int, whole bool, hint ast.Expr, v ssa.Value, c *ctx) piece {
	if call, ok := v.(*ssa.Call); ok && hint == nil && a.src.Call(call.Pos()) != nil {
		hint = a.src.Call(call.Pos()) // a call's own expression describes its result
	}
	pos, end := token.NoPos, token.NoPos
	if whole {
		pos, end = exprRange(hint, v)
	}
	p := ev.Piece(ref)
	if p.Kind == value.HoleKeyEq {
		// A condition, not text (goeval keysplit.go): the variant is
		// this key's entry of a lookup table, built when the wrapper's
		// parameter equals it; resultText made sure it is c.top's.
		// Placed at the call that picked the entry, as the entry's text
		// of another package is (evalLit), so that instantiate moves
		// both to the key a caller passes (atKey).
		k, _ := a.keyEqParam(p, c)
		if e := a.src.ExprAt(p.Src); e != nil {
			pos, end = e.Pos(), e.End()
		}
		return piece{param: k, keyEq: p.Equals, pos: pos, end: end, desc: "lookup key"}
	}
	if p.Kind == value.HoleParam && p.Method != "" {
		return a.methodPiece(p, pos, end, c)
	}
	arg := a.splicedArg(p)
	if arg != nil && !whole {
		pos, end = arg.Pos(), arg.End()
	}
	if p.Kind == value.HoleParam && p.Deref {
		// The string a *string parameter of c.top points to (the
		// function only reads through it): a deref parameter piece,
		// which each caller instantiates with its argument's pointee.
		if param := a.topParam(p, c); param != nil && isStringPointer(param.Type()) {
			return piece{param: c.paramIndex(param), deref: true, pos: pos, end: end, desc: "*" + param.Name()}
		}
		return holePiece("", "*"+p.Desc, pos, end)
	}
	if param := a.topParam(p, c); p.Kind == value.HoleParam && param != nil {
		if k := c.paramIndex(param); isString(param.Type()) {
			pc := piece{param: k, pos: pos, end: end, desc: param.Name(), key: a.paramKey(param)}
			if pc.key == "" {
				if t, ok := a.paramArgText(param, c); ok {
					pc.arg = t.vs[0]
				}
			}
			return pc
		}
	}
	if param := a.paramAt(p); param != nil && !whole {
		// Another function's parameter (a caller's, a constructor's):
		// placed at its declaration and keyed by the value every caller
		// passes, as paramHole; at the argument that spliced it when
		// one did.
		if arg != nil {
			return a.paramHole(param, pos, end)
		}
		return a.paramHole(param, param.Pos(), param.Pos())
	}
	if whole && p.Kind == value.HoleField && p.Key != "" && p.Src.IsValid() {
		// A field read as what was stored into it, itself a field of a
		// value not known here (a constructor's cfg.Path): the stored
		// field's key, which the DDL reading it through the same struct
		// shares, as the recognisers keyed a field by what it holds.
		if e := a.src.ExprAt(p.Src); e != nil {
			return holePiece(p.Key, types.ExprString(e), e.Pos(), e.End())
		}
	}
	if whole || ref == noRef {
		// The hole is the value itself: described as the site's argument,
		// keyed by what the argument names (a field, a variable) or else
		// by the evaluator's key of the value (path.Join(db.Name()) is the
		// database root).
		key, desc := a.holeInfo(v, hint)
		if key == "" && ref != noRef && isDatabaseNameKey(p.Key) {
			key = schema.DatabaseRootKey
		}
		if param := a.paramAt(p); key == "" && param != nil {
			// Another function's parameter read through a closure's
			// capture or a local cell (a helper's prefix read in the
			// closure it hands a retrier): keyed by the value every
			// caller passes (paramKey), as the parameter itself is.
			key = a.paramKey(param)
		}
		return holePiece(key, desc, pos, end)
	}
	key := p.Key
	if isDatabaseNameKey(key) {
		key = schema.DatabaseRootKey
	}
	desc := p.Desc
	e := a.src.ExprAt(p.Src)
	if arg == nil && (e == nil || !within(e, c.fn)) {
		// Made out of the site's sight (a variable a closure captured,
		// a call inside another function): placed at and described by
		// the operand of the site's concatenation that holds it, as
		// the user spliced it (tableName).
		if op := a.spliceOperand(ev, ref, v, hint, c); op != nil {
			e = op
		}
	}
	if e != nil {
		// Described as the expression that made it, as the recognisers
		// did: s.tablePath, not the evaluator's *s.tablePath.
		desc, pos, end = types.ExprString(e), e.Pos(), e.End()
	}
	if arg != nil {
		// A formatted operand: placed at the argument expression, where a
		// reader (yqlinject) finds what was spliced; described by where
		// it comes from when known (path.Base(cfg.Path), not the local
		// base).
		pos, end = arg.Pos(), arg.End()
		if e == nil {
			desc = types.ExprString(arg)
		}
	}
	return holePiece(key, desc, pos, end)
}

// spliceOperand is the operand of the concatenation v (the site's value,
// spelled hint in c.fn when known) whose value is the hole ref alone; nil
// when no operand is.
func (a *pkgAnalysis) spliceOperand(ev *goeval.Evaluator, ref int, v ssa.Value, hint ast.Expr, c *ctx) ast.Expr {
	var found ast.Expr
	var walk func(v ssa.Value, h ast.Expr, depth int)
	walk = func(v ssa.Value, h ast.Expr, depth int) {
		if found != nil || depth > maxDepth {
			return
		}
		if h != nil {
			h = ast.Unparen(h)
		}
		if b, ok := v.(*ssa.BinOp); ok && b.Op == token.ADD && isString(b.Type()) {
			var hx, hy ast.Expr
			if be, ok := h.(*ast.BinaryExpr); ok && be.Op == token.ADD {
				hx, hy = be.X, be.Y
			}
			walk(b.X, hx, depth+1)
			walk(b.Y, hy, depth+1)
			return
		}
		if _, ok := v.(*ssa.Const); ok {
			return
		}
		if h == nil {
			// A call whose arguments SSA does not spell one by one
			// (database/sql's variadic args): the operand by its
			// position.
			if h = a.src.ExprAt(v.Pos()); h == nil {
				return
			}
		}
		if s := shapeOf(ev, ev.Value(c.fn, v).V, 0); s != nil && s.Kind == strshape.KindHole && s.Ref == ref {
			found = h
		}
	}
	walk(v, hint, 0)
	return found
}

// within reports whether e is spelled in fn's body (a closure's own, not
// the function that made it).
func within(e ast.Expr, fn *ssa.Function) bool {
	syn := fn.Syntax()
	return syn != nil && syn.Pos() <= e.Pos() && e.End() <= syn.End()
}

// splicedArg is the argument expression of the call that spliced the
// hole p into text (value.Piece.At, Arg: a formatted operand), nil when
// none or when the call's arguments are not spelled one by one.
func (a *pkgAnalysis) splicedArg(p value.Piece) ast.Expr {
	if !p.At.IsValid() || p.Arg <= 0 {
		return nil
	}
	ce := a.src.Call(p.At)
	if ce == nil || ce.Ellipsis.IsValid() || p.Arg > len(ce.Args) {
		return nil
	}
	return ce.Args[p.Arg-1]
}

// keyEqParam returns the index among c's parameters of the parameter a
// HoleKeyEq piece conditions on, when it is a parameter of c.top.
func (a *pkgAnalysis) keyEqParam(p value.Piece, c *ctx) (int, bool) {
	param := a.topParam(p, c)
	if param == nil {
		return -1, false
	}
	return c.paramIndex(param), true
}

// keyConditionsMappable reports whether every HoleKeyEq piece of s
// conditions on a parameter of c.top.
func (a *pkgAnalysis) keyConditionsMappable(ev *goeval.Evaluator, s *strshape.Shape, c *ctx) bool {
	if s == nil {
		return true
	}
	if s.Kind == strshape.KindHole {
		if p := ev.Piece(s.Ref); p.Kind == value.HoleKeyEq {
			_, ok := a.keyEqParam(p, c)
			return ok
		}
	}
	for _, x := range s.Parts {
		if !a.keyConditionsMappable(ev, x, c) {
			return false
		}
	}
	return true
}

// methodPiece is a HoleParam piece with a Method: the text a method of a
// parameter of c.top returns (a helper rendering the query its interface
// parameter holds) is a parameter piece naming the method, which each
// caller instantiates on the value it passes (methodText). Of any other
// function's parameter, it is a hole.
func (a *pkgAnalysis) methodPiece(p value.Piece, pos, end token.Pos, c *ctx) piece {
	desc := p.Desc + "." + p.Method + "(…)"
	if param := a.topParam(p, c); param != nil {
		return piece{param: c.paramIndex(param), pos: pos, end: end, desc: desc, method: p.Method, methodArgs: p.MethodArgs}
	}
	return holePiece("", desc, pos, end)
}

// methodText is the text of a method piece at a caller that passes arg:
// the evaluator calls the method on the value arg holds there (its
// dynamic type and fields, the memory at the call), as siteText reads
// a string argument. A PRAGMA TablePathPrefix from a value without
// identity gives the piece's hole, as there.
func (a *pkgAnalysis) methodText(arg ssa.Value, p piece, hint ast.Expr, c *ctx) texts {
	hole := single(holePiece("", p.desc, p.pos, p.end))
	fn := arg.Parent()
	if fn == nil {
		return hole
	}
	ev := a.evaluator()
	r := ev.Invoke(fn, argAtCall(ev, fn, arg), p.method, p.methodArgs)
	t := a.resultText(ev, r, hint, arg, c)
	if unknownPathPrefix(t) || t.truncated || len(t.vs) == 0 {
		return hole
	}
	return t
}

// argAtCall is the evaluator's value of arg with the memory at the one
// call that passes it (the wrapper's): at the end of fn, that call may
// have written what arg points to, and a helper not interpreted makes it
// unknown. With no such single call, the value at the end of fn.
func argAtCall(ev *goeval.Evaluator, fn *ssa.Function, arg ssa.Value) *goeval.Result {
	var call ssa.CallInstruction
	idx := -1
	for _, ref := range *arg.Referrers() {
		c, ok := ref.(ssa.CallInstruction)
		if !ok {
			continue
		}
		for i, x := range c.Common().Args {
			if x == arg {
				if call != nil && call != c {
					return ev.Value(fn, arg)
				}
				call, idx = c, i
			}
		}
	}
	if call == nil {
		return ev.Value(fn, arg)
	}
	args := ev.Args(call)
	// Args puts an interface call's receiver or a dynamic call's function
	// value first.
	if c := call.Common(); c.IsInvoke() {
		idx++
	} else if _, ok := c.Value.(*ssa.Function); !ok {
		if _, ok := c.Value.(*ssa.Builtin); !ok {
			idx++
		}
	}
	if idx >= len(args) {
		return ev.Value(fn, arg)
	}
	return args[idx]
}

// evalLit maps a literal atom back to Go source: through the string
// literal the evaluator found it in, else as the constant it is.
func (a *pkgAnalysis) evalLit(ev *goeval.Evaluator, at strshape.Atom, whole bool, hint ast.Expr, c *ctx) []piece {
	p := ev.Piece(at.Ref)
	if p.Pos.IsValid() {
		if bl := a.src.StringLitAt(p.Pos - 1); bl != nil {
			return slicePieces(stringLitPieces(bl), p.Off, p.Off+len(at.Text))
		}
	}
	if !p.Pos.IsValid() {
		if spec := a.embedSpecAt(p.Src); spec != nil {
			// A //go:embed file's text: no Go literal holds it, so it
			// is placed at the variable's declaration.
			return []piece{lit(at.Text, spec.Pos(), spec.End(), false)}
		}
	}
	if whole && hint != nil {
		if tv, ok := a.pass.TypesInfo.Types[hint]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == at.Text {
			if ps, ok := a.decompose(hint, 0); ok && joined(ps) == at.Text {
				return ps
			}
		}
	}
	cands := a.src.FuncStrings(c.fn.Syntax())[at.Text]
	if len(cands) == 0 {
		cands = a.src.PackageStrings()[at.Text]
	}
	if len(cands) > 1 && hint != nil {
		// A constant used more than once in the function: the one inside
		// the site's argument, when only one is.
		var in []ast.Expr
		for _, e := range cands {
			if hint.Pos() <= e.Pos() && e.End() <= hint.End() {
				in = append(in, e)
			}
		}
		if len(in) == 1 {
			cands = in
		}
	}
	if len(cands) == 1 {
		if ps, ok := a.decompose(cands[0], 0); ok && joined(ps) == at.Text {
			return ps
		}
		return []piece{lit(at.Text, cands[0].Pos(), cands[0].End(), false)}
	}
	if len(cands) == 0 && len(at.Text) >= minContainedLit {
		// A piece of a constant the evaluator could not place (a
		// template's text between actions, parsed from a folded
		// concatenation): the one constant expression of the function,
		// else of the package, holding it exactly once.
		if e := srcindex.Containing(a.src.FuncStrings(c.fn.Syntax()), at.Text); e != nil {
			return a.containedPieces(e, at)
		}
		if e := srcindex.Containing(a.src.PackageStrings(), at.Text); e != nil {
			return a.containedPieces(e, at)
		}
	}
	if call, ok := a.src.ExprAt(p.Src).(*ast.CallExpr); ok {
		// Text a call made: a piece of a constant argument (a format
		// named by a constant) when it occurs there once, else the
		// call's range (path.Join's "/").
		for _, arg := range call.Args {
			tv, ok := a.pass.TypesInfo.Types[arg]
			if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
				continue
			}
			val := constant.StringVal(tv.Value)
			if strings.Count(val, at.Text) != 1 {
				continue
			}
			if ps, ok := a.decompose(arg, 0); ok && joined(ps) == val {
				i := strings.Index(val, at.Text)
				return slicePieces(ps, i, i+len(at.Text))
			}
		}
		return []piece{lit(at.Text, call.Pos(), call.End(), false)}
	}
	return []piece{lit(at.Text, token.NoPos, token.NoPos, false)}
}

// minContainedLit is the shortest text srcindex.Containing places: a shorter
// one (path.Join's "/", a separator) occurs in too many constants to tell
// which one made it.
const minContainedLit = 8

// containedPieces is text at's pieces inside the constant expression e,
// which holds it once.
func (a *pkgAnalysis) containedPieces(e ast.Expr, at strshape.Atom) []piece {
	tv := a.pass.TypesInfo.Types[e]
	val := constant.StringVal(tv.Value)
	if ps, ok := a.decompose(e, 0); ok && joined(ps) == val {
		i := strings.Index(val, at.Text)
		return slicePieces(ps, i, i+len(at.Text))
	}
	return []piece{lit(at.Text, e.Pos(), e.End(), false)}
}

// evalChoice is the site.Choice of an evaluator condition: the if whose
// condition holds its position (one choice per if, whatever the calling
// context).
func (a *pkgAnalysis) evalChoice(ev *goeval.Evaluator, id int, present bool) *site.Choice {
	cond := ev.Cond(id)
	if !cond.Pos.IsValid() {
		return nil
	}
	ch := &site.Choice{ID: int(cond.Pos), Present: present, Negated: cond.Negated, Pos: cond.Pos, End: cond.Pos, When: "condition"}
	if e := a.enclosingIfCond(cond.Pos); e != nil {
		ch.ID, ch.Pos, ch.End, ch.When = int(e.Pos()), e.Pos(), e.End(), types.ExprString(e)
	}
	return ch
}

// goevalShortName is goeval's short spelling of a function's full name, in
// which it says whose parameter a hole is.
func goevalShortName(name string) string {
	b := make([]byte, 0, len(name))
	seg := 0
	for i := 0; i < len(name); i++ {
		ch := name[i]
		if ch == '/' {
			b = b[:seg]
			continue
		}
		b = append(b, ch)
		switch ch {
		case '(', '*', '[', ']', '{', '}', ',', ' ':
			seg = len(b)
		}
	}
	return string(b)
}

// siteText is the text of a value a query site reads: a direct site's
// text or table path, a wrapper's argument for its text parameter
// (instantiateText), an argument every caller of a helper passes
// (paramArgText). It is the evaluator's (evalText), without the variants
// no known call of the site's function builds (reachableVariants).
func (a *pkgAnalysis) siteText(v ssa.Value, hint ast.Expr, c *ctx) texts {
	all := a.evalText(v, hint, c)
	neu, known := knownPathPrefixes(all)
	if !known {
		// Every variant sets PRAGMA TablePathPrefix from a value without
		// identity (a test's folder from t.Name()): its tables are
		// matched by suffix, as in any text whose prefix is a hole.
		// Where some variant's prefix has identity, those variants are
		// the text (a store's own folder beside a request's bucket).
		neu = all
	}
	return a.reachableVariants(neu, v, hint, c)
}

// keylessHole reports whether a hole of t has no key.
func keylessHole(t texts) bool {
	for _, v := range t.vs {
		for _, p := range v {
			if p.hole && p.key == "" {
				return true
			}
		}
	}
	return false
}

// keepsIdentity reports whether the evaluator's text neu keeps what the
// keyed holes of old identify; local is the prefix of the keys of the
// package's own fields, which the evaluator reads as the values stored
// into them (evalenv's store index, goeval's resolveField) where the recognisers leave
// a hole keyed by the field.
//   - Where old holds text not recovered at all (a keyless hole), neu must
//     keep each of its keys but those of local fields (a table name per
//     writer, recovered as text) and may add holes of its own (a
//     table-path prefix read from the same field around a list the
//     evaluator built).
//   - Where each variant of old is one keyed hole (a query kept in a
//     field), a statement names its tables in its own text.
//   - Elsewhere neu holds no hole without a key, and no key old lacks
//     unless it read a local field old left a hole (the path a
//     constructor stored, itself keyed by the value it came from: Store.Key,
//     the exported field another package filled). A key that is new
//     otherwise is a keyed value spelled another way (a package variable
//     read as the path.Join that last assigned it, path.Join(db.Name(),
//     prefix)), which the DDL naming the variable does not share.
func keepsIdentity(neu, old texts, local string) bool {
	if keylessHole(old) {
		return keepsHoleKeys(neu, withoutLocalFields(old, local))
	}
	if wholeHoles(old) && statements(neu) {
		return true
	}
	if keylessHole(neu) {
		return false
	}
	return keepsHoleKeys(old, neu) || readsLocalField(neu, old, local)
}

// readsLocalField reports whether old has a hole keyed by a local field
// (prefix local) that neu, which read it, no longer has.
func readsLocalField(neu, old texts, local string) bool {
	keys := holeKeys(neu)
	for k := range holeKeys(old) {
		if strings.HasPrefix(k, local) && !keys[k] {
			return true
		}
	}
	return false
}

// wholeHoles reports whether each variant of t is one hole.
func wholeHoles(t texts) bool {
	for _, v := range t.vs {
		if len(v) != 1 || !v[0].hole {
			return false
		}
	}
	return len(t.vs) > 0
}

// statements reports whether each variant of t holds literal text with a
// space in it: a statement, where a name or a path has none.
func statements(t texts) bool {
	for _, v := range t.vs {
		spaced := false
		for _, p := range v {
			spaced = spaced || !p.hole && strings.ContainsAny(p.text, " \t\n")
		}
		if !spaced {
			return false
		}
	}
	return len(t.vs) > 0
}

// withoutLocalFields is t without the holes keyed by a field of a struct
// type of the package (prefix "field:<package path>."): the evaluator reads
// such a field as the values stored into it (evalenv's store index), so a text that
// recovers it as literal text has not lost its identity.
func withoutLocalFields(t texts, prefix string) texts {
	out := texts{vs: make([]variant, len(t.vs)), truncated: t.truncated}
	for i, v := range t.vs {
		for _, p := range v {
			if !p.hole || !strings.HasPrefix(p.key, prefix) {
				out.vs[i] = append(out.vs[i], p)
			}
		}
	}
	return out
}

// keepsHoleKeys reports whether neu holds a hole of each key a hole of
// old has.
func keepsHoleKeys(neu, old texts) bool {
	keys := holeKeys(neu)
	for k := range holeKeys(old) {
		if !keys[k] {
			return false
		}
	}
	return true
}

// holeKeys is the set of keys of t's holes.
func holeKeys(t texts) map[string]bool {
	out := map[string]bool{}
	for _, v := range t.vs {
		for _, p := range v {
			if p.hole && p.key != "" {
				out[p.key] = true
			}
		}
	}
	return out
}

// topParam is the parameter of c.top (receiver excluded) that the
// HoleParam, HoleKeyEq or method piece p stands for; nil when p is
// another function's.
func (a *pkgAnalysis) topParam(p value.Piece, c *ctx) *ssa.Parameter {
	if c.top == nil || p.Why != "parameter of "+goevalShortName(c.top.String()) || p.Param >= len(c.top.Params) {
		return nil
	}
	if param := c.top.Params[p.Param]; c.paramIndex(param) >= 0 {
		return param
	}
	return nil
}

// paramAt is the parameter a HoleParam piece stands for, found by its
// declaration (Piece.Src); nil for other pieces, and for the pointee of
// a parameter (Piece.Deref), which is not the parameter's value.
func (a *pkgAnalysis) paramAt(p value.Piece) *ssa.Parameter {
	if p.Kind != value.HoleParam || p.Deref || !p.Src.IsValid() {
		return nil
	}
	if a.paramsAt == nil {
		a.paramsAt = map[token.Pos]*ssa.Parameter{}
		for _, fn := range a.funcs {
			for _, q := range fn.Params {
				if q.Pos().IsValid() {
					a.paramsAt[q.Pos()] = q
				}
			}
		}
	}
	return a.paramsAt[p.Src]
}
