package querysite

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/yql"
)

// piece is one piece of recovered text: literal bytes, an unknown hole, or
// (while summarising a wrapper) a reference to one of its parameters.
type piece struct {
	text      string
	param     int  // ≥ 0: parameter of ctx.top (receiver excluded)
	deref     bool // with param: the string the *string parameter points to
	hole      bool
	key, desc string
	pos, end  token.Pos
	exact     bool // text maps byte for byte onto Go source from pos
	// mark, on an empty piece, records an optional piece's presence in
	// this variant (choices.go).
	mark *site.Choice
	// identity, on a param piece, says the argument must have a stable
	// identity (no unkeyed hole) or the variant is not recovered: a
	// template's PRAGMA TablePathPrefix (pathprefix.go, needsIdentity).
	identity bool
	// keyEq, on an empty param piece, is a condition rather than text:
	// the variant holds only when the argument of parameter param is the
	// constant keyEq (constant.Value.ExactString). A lookup helper indexed
	// by a parameter of the function being summarised gives one variant
	// per key, each with its condition (goeval keysplit.go, evalHole);
	// instantiate keeps the variants whose condition the caller's argument
	// meets.
	keyEq string
	// arg, on a param piece, is the text every caller passes for the
	// parameter (paramkey.go, paramArgText): what the piece reads as at
	// a site of the function's own, where it is not instantiated.
	arg variant
	// method, on a param piece, says the piece is the text that method of
	// the argument returns (called with methodArgs more arguments), not
	// the argument: a helper that renders the query its interface
	// parameter holds (qb.FormatQuery(ctx)). A caller instantiates it
	// with the evaluator on the value it passes (methodText).
	method     string
	methodArgs int
}

type variant []piece

// texts is a bounded set of text variants; truncated says some were
// left out.
type texts struct {
	vs        []variant
	truncated bool
}

func lit(s string, pos, end token.Pos, exact bool) piece {
	return piece{text: s, param: -1, pos: pos, end: end, exact: exact}
}

func holePiece(key, desc string, pos, end token.Pos) piece {
	return piece{param: -1, hole: true, key: key, desc: desc, pos: pos, end: end}
}

func single(ps ...piece) texts { return texts{vs: []variant{ps}} }

func concat(x, y texts) texts {
	out := texts{truncated: x.truncated || y.truncated}
	for _, a := range x.vs {
		for _, b := range y.vs {
			if !consistent(a, b) {
				continue
			}
			if len(out.vs) >= maxVariants {
				out.truncated = true
				return out
			}
			v := make(variant, 0, len(a)+len(b))
			v = append(append(v, a...), b...)
			out.vs = append(out.vs, v)
		}
	}
	return out
}

func union(x, y texts) texts {
	out := texts{truncated: x.truncated || y.truncated}
	out.vs = append(out.vs, x.vs...)
	for _, v := range y.vs {
		if len(out.vs) >= maxVariants {
			out.truncated = true
			break
		}
		out.vs = append(out.vs, v)
	}
	return out
}

// hasParam reports whether any variant refers to a parameter of ctx.top.
func (t texts) hasParam() bool {
	for _, v := range t.vs {
		for _, p := range v {
			if p.param >= 0 {
				return true
			}
		}
	}
	return false
}

// onlyParam returns k when the text is exactly parameter k.
func (t texts) onlyParam() int {
	if len(t.vs) == 1 && len(t.vs[0]) == 1 && t.vs[0][0].param >= 0 && !t.vs[0][0].deref && t.vs[0][0].method == "" {
		return t.vs[0][0].param
	}
	return -1
}

// ctx is the tracing context: fn is the function whose instructions are
// being read, top the declared function whose parameters become parameter
// pieces (nil: parameters are holes).
type ctx struct {
	fn       *ssa.Function
	top      *ssa.Function
	depth    int
	visiting map[ssa.Value]bool
	// binds maps the parameters of helpers being inlined (paramsinline.go)
	// to the caller's arguments.
	binds map[*ssa.Parameter]bound
}

func (c *ctx) in(fn *ssa.Function) *ctx {
	cc := *c
	cc.fn = fn
	cc.depth++
	return &cc
}

func (c *ctx) deeper() *ctx {
	cc := *c
	cc.depth++
	return &cc
}

// paramIndex returns the index of p among top's parameters (receiver
// excluded), or -1.
func (c *ctx) paramIndex(p *ssa.Parameter) int {
	if c.top == nil || p.Parent() != c.top {
		return -1
	}
	recv := 0
	if c.top.Signature.Recv() != nil {
		recv = 1
	}
	for i, q := range c.top.Params {
		if q == p {
			return i - recv
		}
	}
	return -1
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func exprRange(e ast.Expr, v ssa.Value) (token.Pos, token.Pos) {
	if e != nil {
		return e.Pos(), e.End()
	}
	if v != nil {
		return v.Pos(), v.Pos()
	}
	return token.NoPos, token.NoPos
}

// globalStores lists the stores to g in this package, and whether g's
// address is used otherwise (then its value is not known).
func (a *pkgAnalysis) globalStores(g *ssa.Global) ([]*ssa.Store, bool) {
	if !a.storesOK {
		a.storesOK = true
		a.stores = map[*ssa.Global][]*ssa.Store{}
		escaped := map[*ssa.Global]bool{}
		for _, fn := range a.funcs {
			for _, b := range a.prog.Blocks(fn) {
				for _, instr := range b.Instrs {
					if st, ok := instr.(*ssa.Store); ok {
						if gl, ok := st.Addr.(*ssa.Global); ok {
							a.stores[gl] = append(a.stores[gl], st)
						}
						if gl, ok := st.Val.(*ssa.Global); ok {
							escaped[gl] = true
						}
						continue
					}
					if u, ok := instr.(*ssa.UnOp); ok && u.Op == token.MUL {
						continue
					}
					var ops [8]*ssa.Value
					for _, op := range instr.Operands(ops[:0]) {
						if gl, ok := (*op).(*ssa.Global); ok {
							escaped[gl] = true
						}
					}
				}
			}
		}
		for gl := range escaped {
			if _, ok := a.stores[gl]; !ok {
				a.stores[gl] = nil
			}
		}
		a.escapedGlobals = escaped
	}
	// A function whose body querysite does not see may write g (ssaprog).
	return a.stores[g], a.escapedGlobals[g] || a.prog.UnknownUse(g.Object())
}

// holeInfo gives the stable identity (Hole.Key) and a description of an
// unknown value.
func (a *pkgAnalysis) holeInfo(v ssa.Value, hint ast.Expr) (key, desc string) {
	if hint != nil {
		desc = types.ExprString(hint)
	}
	key, d := valueKey(v)
	if desc == "" {
		desc = d
	}
	return key, desc
}

// valueKey returns "field:pkg.Type.name", "var:pkg.name" or
// "call:pkg.Func" for values with an identity that is the same wherever
// they are used, with a short description.
func valueKey(v ssa.Value) (string, string) {
	switch v := v.(type) {
	case *ssa.UnOp:
		if v.Op != token.MUL {
			break
		}
		switch x := v.X.(type) {
		case *ssa.FieldAddr:
			if k, d := fieldKey(x.X.Type(), x.Field); k != "" {
				return k, d
			}
		case *ssa.Global:
			if x.Pkg != nil {
				return "var:" + x.Pkg.Pkg.Path() + "." + x.Name(), x.Name()
			}
		case *ssa.FreeVar:
			// A local variable read through its cell (a closure's
			// capture): no identity, described by its name.
			return "", x.Name()
		case *ssa.Alloc:
			return "", x.Comment
		}
	case *ssa.Field:
		return fieldKey(v.X.Type(), v.Field)
	case *ssa.Call:
		if k, d := databaseNameKey(v.Common()); k != "" {
			return k, d
		}
		if callee := v.Call.StaticCallee(); callee != nil && callee.Signature.Recv() == nil && callee.Signature.Params().Len() == 0 && callee.Pkg != nil && callee.Parent() == nil {
			return "call:" + callee.Pkg.Pkg.Path() + "." + callee.Name(), callee.Name() + "()"
		}
	case *ssa.ChangeType:
		return valueKey(v.X)
	case *ssa.MakeInterface:
		return valueKey(v.X)
	case *ssa.Parameter:
		return "", v.Name()
	}
	return "", ""
}

func fieldKey(t types.Type, field int) (string, string) {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok {
		return "", ""
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok || field >= st.NumFields() || n.Obj().Pkg() == nil {
		return "", ""
	}
	name := st.Field(field).Name()
	return "field:" + n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + name, n.Obj().Name() + "." + name
}

// constPieces maps a string constant back to Go source: through the hint
// expression when it is this constant, else through the only maximal
// constant expression with this value in the function's syntax.
func (a *pkgAnalysis) constPieces(c *ssa.Const, hint ast.Expr, fn *ssa.Function) []piece {
	s := constant.StringVal(c.Value)
	if hint != nil {
		if tv, ok := a.pass.TypesInfo.Types[hint]; ok && tv.Value != nil && constant.Compare(tv.Value, token.EQL, c.Value) {
			if ps, ok := a.decompose(hint, 0); ok && joined(ps) == s {
				return ps
			}
			return []piece{lit(s, hint.Pos(), hint.End(), false)}
		}
	}
	if fn != nil {
		if cands := a.src.FuncStrings(fn.Syntax())[s]; len(cands) == 1 {
			if ps, ok := a.decompose(cands[0], 0); ok && joined(ps) == s {
				return ps
			}
			return []piece{lit(s, cands[0].Pos(), cands[0].End(), false)}
		}
	}
	return []piece{lit(s, token.NoPos, token.NoPos, false)}
}

func joined(ps []piece) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(p.text)
	}
	return b.String()
}

// decompose splits a constant string expression into pieces with
// positions: literals (exact where no escapes), named constants (followed
// to their declaration in this package), + and conversions.
func (a *pkgAnalysis) decompose(e ast.Expr, depth int) ([]piece, bool) {
	if depth > maxDepth {
		return nil, false
	}
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			return stringLitPieces(e), true
		}
	case *ast.Ident:
		if c, ok := a.pass.TypesInfo.Uses[e].(*types.Const); ok {
			if d := a.src.ConstInit(c); d != nil {
				if ps, ok := a.decompose(d, depth+1); ok {
					return ps, true
				}
			}
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			x, ok1 := a.decompose(e.X, depth+1)
			y, ok2 := a.decompose(e.Y, depth+1)
			if ok1 && ok2 {
				return append(x, y...), true
			}
		}
	case *ast.CallExpr:
		if len(e.Args) == 1 {
			if tv, ok := a.pass.TypesInfo.Types[e.Fun]; ok && tv.IsType() {
				return a.decompose(e.Args[0], depth+1)
			}
		}
	}
	tv, ok := a.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return nil, false
	}
	return []piece{lit(constant.StringVal(tv.Value), e.Pos(), e.End(), false)}, true
}

// stringLitPieces maps a string literal byte for byte: raw literals and
// escape-free runs of interpreted literals are exact; each escape sequence
// is one inexact piece covering its source bytes.
func stringLitPieces(l *ast.BasicLit) []piece {
	v := l.Value
	if len(v) < 2 {
		return nil
	}
	body := v[1 : len(v)-1]
	base := l.Pos() + 1
	if v[0] == '`' {
		if strings.Contains(body, "\r") {
			return []piece{lit(strings.ReplaceAll(body, "\r", ""), l.Pos(), l.End(), false)}
		}
		return []piece{lit(body, base, base+token.Pos(len(body)), true)}
	}
	var out []piece
	for i := 0; i < len(body); {
		if body[i] != '\\' {
			j := i
			for j < len(body) && body[j] != '\\' {
				j++
			}
			out = append(out, lit(body[i:j], base+token.Pos(i), base+token.Pos(j), true))
			i = j
			continue
		}
		value, multibyte, tail, err := strconv.UnquoteChar(body[i:], '"')
		if err != nil {
			return []piece{lit(body, l.Pos(), l.End(), false)}
		}
		n := len(body) - i - len(tail)
		var dec []byte
		if value < utf8.RuneSelf || !multibyte {
			dec = []byte{byte(value)}
		} else {
			dec = utf8.AppendRune(nil, value)
		}
		out = append(out, lit(string(dec), base+token.Pos(i), base+token.Pos(i+n), false))
		i += n
	}
	return out
}

// slicePieces returns the pieces covering bytes [start, end) of their
// concatenation. Exact pieces are cut precisely; inexact ones keep their
// whole source range.
func slicePieces(ps []piece, start, end int) []piece {
	var out []piece
	off := 0
	for _, p := range ps {
		n := len(p.text)
		lo, hi := max(start, off), min(end, off+n)
		if lo < hi {
			q := p
			q.text = p.text[lo-off : hi-off]
			if p.exact {
				q.pos = p.pos + token.Pos(lo-off)
				q.end = p.pos + token.Pos(hi-off)
			}
			out = append(out, q)
		}
		off += n
	}
	return out
}

func hintAt(hints []ast.Expr, i int) ast.Expr {
	if i < len(hints) {
		return hints[i]
	}
	return nil
}

func variantsFromFact(vs []factVariant, pos, end token.Pos) []variant {
	var out []variant
	for _, fv := range vs {
		var v variant
		for _, p := range fv.Pieces {
			switch {
			case p.Param >= 0:
				v = append(v, piece{param: p.Param, deref: p.Deref, desc: p.Desc, pos: pos, end: end, identity: p.Identity, keyEq: p.KeyEq, method: p.Method, methodArgs: p.MethodArgs})
			case p.Hole:
				v = append(v, holePiece(p.Key, p.Desc, pos, end))
			default:
				v = append(v, lit(p.Text, pos, end, false))
			}
		}
		out = append(out, v)
	}
	return out
}

// instantiateText replaces the parameter pieces of a wrapper's query text
// or table path template with the evaluator's text of the corresponding
// arguments (siteText; what a *string argument points to, pointeeArgText;
// what an argument's method returns, methodText).
func (a *pkgAnalysis) instantiateText(tmpl []variant, truncated bool, args []ssa.Value, hints []ast.Expr, c *ctx) texts {
	out := texts{truncated: truncated}
	cache := map[string]texts{}
	for _, v := range tmpl {
		acc := single()
		for pi := 0; pi < len(v); pi++ {
			p := v[pi] // by index: atKey may move the rest of v
			if p.param < 0 {
				acc = concat(acc, single(p))
				continue
			}
			if p.keyEq != "" {
				cond, keep, known := a.keyCondition(p, args, c)
				if !known {
					return single(holePiece("", "text chosen by a lookup key that is not a constant", p.pos, p.end))
				}
				if !keep {
					acc = texts{}
					break
				}
				if len(cond.vs) == 1 && len(cond.vs[0]) == 0 {
					v = atKey(v, p, hintAt(hints, p.param))
				}
				acc = concat(acc, cond)
				continue
			}
			if p.param >= len(args) {
				acc = concat(acc, single(holePiece("", p.desc, p.pos, p.end)))
				continue
			}
			ck := fmt.Sprintf("%d/%t/%s", p.param, p.deref, p.method)
			t, ok := cache[ck]
			if !ok {
				if p.method != "" {
					t = a.methodText(args[p.param], p, hintAt(hints, p.param), c.deeper())
				} else if p.deref {
					t = a.pointeeArgText(args[p.param], hintAt(hints, p.param), c.deeper())
				} else {
					t = a.siteText(args[p.param], hintAt(hints, p.param), c.deeper())
				}
				cache[ck] = t
			}
			if p.identity {
				var without string
				if t, without = needsIdentity(t); without != "" {
					// The whole variant: only its tables' suffixes
					// would be known.
					acc = single(holePiece("", "PRAGMA TablePathPrefix of a template from "+without+", a value without identity", p.pos, p.end))
					break
				}
			}
			acc = concat(acc, t)
		}
		out = union(out, acc)
	}
	return out
}

// needsIdentity checks the argument text t of a parameter piece that must
// have a stable identity: t's parameter pieces inherit the requirement (the
// caller is itself summarised); an unkeyed hole in any variant is returned
// by its description, and the caller does not recover the text
// (pathprefix.go, unknownPathPrefix).
func needsIdentity(t texts) (texts, string) {
	out := texts{truncated: t.truncated}
	for _, v := range t.vs {
		nv := make(variant, 0, len(v))
		for _, q := range v {
			if q.hole && q.key == "" {
				if q.desc == "" {
					return texts{}, "a Go value"
				}
				return texts{}, q.desc
			}
			if q.param >= 0 {
				q.identity = true
			}
			nv = append(nv, q)
		}
		out.vs = append(out.vs, nv)
	}
	return out, ""
}

// withoutIdentity is v, or one hole when v is a site's own text (not
// instantiated at a caller) with a parameter piece that needed an identity
// and got none (needsIdentity, paramkey.go).
func withoutIdentity(v variant) variant {
	for _, p := range v {
		if p.param >= 0 && p.identity && p.key == "" && p.arg == nil {
			return variant{holePiece("", "PRAGMA TablePathPrefix of a template from "+p.desc+", a value without identity", p.pos, p.end)}
		}
	}
	return v
}

// withArgs replaces the parameter pieces that every caller fills with the
// same text by that text, at a site of the function's own.
func withArgs(v variant) variant {
	n := 0
	for _, p := range v {
		if p.param >= 0 && p.arg != nil {
			n++
		}
	}
	if n == 0 {
		return v
	}
	out := make(variant, 0, len(v)+n)
	for _, p := range v {
		if p.param >= 0 && p.arg != nil {
			out = append(out, p.arg...)
			continue
		}
		out = append(out, p)
	}
	return out
}

// toText turns a variant into the contract's Text: literal pieces become
// YQL bytes with segments, holes become yql.HoleName(i).
func toText(v variant, fallback, fallbackEnd token.Pos) *site.Text {
	t := &site.Text{Fallback: fallback, FallbackEnd: fallbackEnd}
	var b strings.Builder
	addSeg := func(off, n int, pos, end token.Pos, exact bool) {
		if n == 0 || !pos.IsValid() {
			return
		}
		if k := len(t.Segments); k > 0 {
			last := &t.Segments[k-1]
			if exact && last.Exact && last.Off+last.Len == off && last.Pos+token.Pos(last.Len) == pos {
				last.Len += n
				last.End = pos + token.Pos(n)
				return
			}
		}
		t.Segments = append(t.Segments, site.Segment{Off: off, Len: n, Pos: pos, End: end, Exact: exact})
	}
	t.Choices = choicesOf(v)
	v = withoutIdentity(v)
	v = withArgs(v)
	for _, p := range v {
		off := b.Len()
		if p.hole || p.param >= 0 {
			name := yql.HoleName(len(t.Holes))
			t.Holes = append(t.Holes, site.Hole{Key: p.key, Desc: p.desc, Pos: p.pos, End: p.end})
			b.WriteString(name)
			addSeg(off, len(name), p.pos, p.end, false)
			continue
		}
		b.WriteString(p.text)
		addSeg(off, len(p.text), p.pos, p.end, p.exact)
	}
	t.YQL = b.String()
	return t
}
