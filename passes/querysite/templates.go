package querysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"text/template/parse"

	"golang.org/x/tools/go/ssa"
)

// Query text rendered with text/template, as the SDK's examples do:
//
//	var readQuery = template.Must(template.New("read").Parse(`
//	PRAGMA TablePathPrefix("{{ .TablePathPrefix }}");
//	SELECT value FROM decimals;`))
//
//	func render(t *template.Template, data any) string {
//		var buf bytes.Buffer
//		_ = t.Execute(&buf, data)
//		return buf.String()
//	}
//	render(readQuery, templateConfig{TablePathPrefix: prefix})
//
// A template parsed from a constant by template.New(…).Parse (under
// template.Must or not), held in a package var written once or passed
// directly, is executed on the abstraction: its text runs are literal
// pieces mapped into the Go literal, {{ .Field }} is the text of that
// field of a struct data value built in the caller (or a hole keyed by the
// field, which gives the field's identity to a table named through it),
// and every other action ({{if}}, {{range}}, functions) is a hole.
// Templates with custom delimiters, functions or associated templates are
// not followed.

// templateExec recovers the text written by tmpl.Execute(w, data).
func (a *pkgAnalysis) templateExec(tmplV, dataV ssa.Value, c *ctx) (texts, bool) {
	text, hint, fn, ok := a.templateSource(tmplV, c, 0)
	if !ok {
		return texts{}, false
	}
	tr := parse.New("ydblint")
	tr.Mode = parse.SkipFuncCheck
	trees := map[string]*parse.Tree{}
	if _, err := tr.Parse(text, "", "", trees); err != nil || len(trees) > 1 || tr.Root == nil {
		return texts{}, false
	}
	k := constant.MakeString(text)
	fps := a.constPieces(ssa.NewConst(k, types.Typ[types.String]), hint, fn)
	out := single()
	for _, n := range tr.Root.Nodes {
		off := int(n.Position())
		switch n := n.(type) {
		case *parse.TextNode:
			s := string(n.Text)
			sp := slicePieces(fps, off, off+len(s))
			if joined(sp) != s {
				pos, end := token.NoPos, token.NoPos
				if len(sp) > 0 {
					pos, end = sp[0].pos, sp[len(sp)-1].end
				}
				sp = []piece{lit(s, pos, end, false)}
			}
			out = concat(out, single(sp...))
		case *parse.CommentNode:
		case *parse.ActionNode:
			out = concat(out, a.templateAction(n, dataV, fps, off, c))
		default:
			pos, end := piecesRange(slicePieces(fps, off, off+1))
			out = concat(out, single(holePiece("", "template action", pos, end)))
		}
	}
	if unknownPathPrefix(out) {
		return texts{}, false
	}
	return out, true
}

// unknownPathPrefix reports whether a variant sets PRAGMA TablePathPrefix
// from a value with an unknown piece that has no stable identity (an
// unkeyed hole, or a parameter of the function being summarised). Such a
// text would name its tables
// by suffix alone, and the SDK's examples render the same table names
// under different prefixes in different programs of one module (the
// database/sql and native variants of one example): matching them by
// suffix checked writes against another program's table. Precision first:
// the template stays unrecovered.
//
// A parameter of the function being summarised is marked instead
// (piece.identity): the caller's argument decides, at instantiation
// (needsIdentity). The SDK's examples pass the program's package var
// `prefix` to every function that renders a template and to the one that
// creates the tables, so the DDL and the queries name their tables
// through the same keyed hole and match exactly.
func unknownPathPrefix(t texts) bool {
	for _, v := range t.vs {
		for i, p := range v {
			if p.hole || p.param >= 0 || !strings.Contains(p.text, "TablePathPrefix(") {
				continue
			}
			for j := i + 1; j < len(v); j++ {
				q := v[j]
				if q.hole && q.key == "" {
					return true // no identity: only a suffix could match
				}
				if q.param >= 0 {
					v[j].identity = true
				}
				if strings.Contains(q.text, ")") {
					break
				}
			}
		}
	}
	return false
}

func piecesRange(ps []piece) (token.Pos, token.Pos) {
	if len(ps) == 0 {
		return token.NoPos, token.NoPos
	}
	return ps[0].pos, ps[len(ps)-1].end
}

// templateAction is {{ .Field }} of the data, or a hole.
func (a *pkgAnalysis) templateAction(n *parse.ActionNode, dataV ssa.Value, fps []piece, off int, c *ctx) texts {
	pos, end := piecesRange(slicePieces(fps, off, off+len(n.String())))
	hole := single(holePiece("", n.String(), pos, end))
	if n.Pipe == nil || len(n.Pipe.Decl) > 0 || len(n.Pipe.Cmds) != 1 || len(n.Pipe.Cmds[0].Args) != 1 {
		return hole
	}
	f, ok := n.Pipe.Cmds[0].Args[0].(*parse.FieldNode)
	if !ok || len(f.Ident) != 1 {
		return hole
	}
	t, ok := a.dataField(dataV, f.Ident[0], pos, end, c)
	if !ok {
		return hole
	}
	return t
}

// dataField is the text of field name of the struct value v (through
// interface conversion and pointers to a local composite literal): the
// single value stored into it, or a hole keyed by the field.
func (a *pkgAnalysis) dataField(v ssa.Value, name string, pos, end token.Pos, c *ctx) (texts, bool) {
	v, bc, _ := c.resolveBound(v)
	if bc != nil {
		c = bc
	}
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	var alloc *ssa.Alloc
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			alloc, _ = x.X.(*ssa.Alloc)
		}
	case *ssa.Alloc:
		alloc = x
	}
	if alloc == nil || alloc.Referrers() == nil {
		return texts{}, false
	}
	st, ok := types.Unalias(alloc.Type().(*types.Pointer).Elem()).Underlying().(*types.Struct)
	if !ok {
		return texts{}, false
	}
	idx := -1
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			idx = i
		}
	}
	if idx < 0 || !isString(st.Field(idx).Type()) {
		return texts{}, false
	}
	key, desc := fieldKey(alloc.Type(), idx)
	var val ssa.Value
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Field != idx || fa.Referrers() == nil {
			continue
		}
		for _, rr := range *fa.Referrers() {
			switch rr := rr.(type) {
			case *ssa.Store:
				if val != nil {
					return single(holePiece(key, desc, pos, end)), true
				}
				val = rr.Val
			case *ssa.UnOp, *ssa.DebugRef:
			default:
				return single(holePiece(key, desc, pos, end)), true
			}
		}
	}
	if val == nil {
		// Not set: the zero value.
		return single(lit("", pos, end, false)), true
	}
	t := a.text(val, nil, c.in(alloc.Parent()))
	for i, v := range t.vs {
		if len(v) == 1 && v[0].hole && v[0].key == "" && v[0].param < 0 {
			t.vs[i] = variant{holePiece(key, v[0].desc, v[0].pos, v[0].end)}
		}
	}
	return t, true
}

// templateSource finds the constant text a template was parsed from, the
// Go expression holding it and the function that contains it.
func (a *pkgAnalysis) templateSource(v ssa.Value, c *ctx, depth int) (string, ast.Expr, *ssa.Function, bool) {
	if depth > 8 {
		return "", nil, nil, false
	}
	v, bc, _ := c.resolveBound(v)
	if bc != nil {
		c = bc
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		g, ok := x.X.(*ssa.Global)
		if !ok || x.Op != token.MUL {
			return "", nil, nil, false
		}
		if obj, ok := g.Object().(*types.Var); !ok || obj.Pkg() != a.pass.Pkg {
			return "", nil, nil, false
		}
		stores, escaped := a.globalStores(g)
		if escaped || len(stores) != 1 {
			return "", nil, nil, false
		}
		return a.templateSource(stores[0].Val, c.in(stores[0].Parent()), depth+1)
	case *ssa.Extract:
		if x.Index == 0 {
			return a.templateSource(x.Tuple, c, depth+1)
		}
	case *ssa.Call:
		fn := x.Call.StaticCallee()
		if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "text/template" {
			return "", nil, nil, false
		}
		switch fn.Name() {
		case "Must":
			if len(x.Call.Args) == 2 {
				return a.templateSource(x.Call.Args[0], c, depth+1)
			}
		case "Parse":
			if fn.Signature.Recv() == nil || len(x.Call.Args) != 2 || !isTemplateNew(x.Call.Args[0]) {
				return "", nil, nil, false
			}
			k, ok := x.Call.Args[1].(*ssa.Const)
			if !ok || k.Value == nil || k.Value.Kind() != constant.String {
				return "", nil, nil, false
			}
			var hint ast.Expr
			if ce := a.calls[x.Pos()]; ce != nil && len(ce.Args) == 1 {
				hint = ce.Args[0]
			}
			return constant.StringVal(k.Value), hint, x.Parent(), true
		}
	}
	return "", nil, nil, false
}

// isTemplateNew reports whether v is template.New(name): a template with
// the default delimiters, no functions and no associated templates.
func isTemplateNew(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	fn := call.Call.StaticCallee()
	return fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "text/template" && fn.Name() == "New" && fn.Signature.Recv() == nil
}
