package intrinsic

import (
	"go/constant"
	"go/token"
	htmltemplate "html/template"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/template/parse"

	"github.com/ydblint/ydblint/internal/goeval/ir"
	"github.com/ydblint/ydblint/internal/goeval/value"
	"github.com/ydblint/ydblint/internal/strshape"
)

// Templates. template.New makes a cell holding a KTemplate; Parse of a
// constant text parses it (text/template/parse, function names not
// checked) and adds its trees ({{define}} included); Execute runs the
// tree on the abstract data: a text run is a literal piece mapped into
// the Go literal, {{.F}} the field of the data, {{if}} an optional piece
// (or alternatives with {{else}}) unless the condition is known, {{range}}
// the body per element of a known slice or a loop, {{template}} the named
// tree; a function call (other than print, printf, not, and, or, eq, ne,
// len) is a hole. html/template escapes the literal text of the data the
// way its text context does; a template with markup (< or >) has every
// action a hole, its contexts not being modelled.

func tmplNew(html bool) Fn {
	return func(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
		name, ok := value.LitText(str(e, args[0]))
		t := &value.Template{Name: name, HTML: html}
		if !ok {
			t.Bad = "template name not known"
		}
		cell := e.NewCell(nil, nil, "template "+name)
		return value.Ptr(cell, nil), h.Set(cell, value.TemplateValue(t))
	}
}

// tmplOf loads the template a *Template points to.
func tmplOf(fr Host, h *value.Heap, p *value.Value) (*value.Template, *value.Heap) {
	v, h := fr.Load(h, p)
	if v.Kind() != value.KTemplate {
		return nil, h
	}
	return v.Template(), h
}

func tmplMust(fr Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	return args[0], h
}

func tmplSame(fr Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	return args[0], h
}

func tmplName(fr Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	t, h := tmplOf(fr, h, args[0])
	if t == nil || t.Bad != "" {
		return value.Str(fr.HoleShape(value.HoleRuntime, "", "template name", "template not known")), h
	}
	return value.Str(fr.LitPlain(t.Name)), h
}

// tmplUpdate applies f to the template p points to and returns p.
func tmplUpdate(fr Host, h *value.Heap, p *value.Value, f func(*value.Template)) (*value.Value, *value.Heap) {
	t, h := tmplOf(fr, h, p)
	if t == nil {
		return p, h
	}
	c := t.Clone()
	f(c)
	return p, fr.Store(h, p, value.TemplateValue(c))
}

func tmplFuncs(fr Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	return tmplUpdate(fr, h, args[0], func(t *value.Template) { t.Funcs = true })
}

func tmplDelims(fr Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	l, ok1 := value.LitText(str(fr, args[1]))
	r, ok2 := value.LitText(str(fr, args[2]))
	return tmplUpdate(fr, h, args[0], func(t *value.Template) {
		if !ok1 || !ok2 {
			t.Bad = "delimiters not known"
		}
		t.Delims = [2]string{l, r}
	})
}

// tmplParse parses a constant text into the template.
func tmplParse(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	text := str(e, args[1])
	var b strings.Builder
	var segs []value.TemplateSeg
	ok := true
	for _, p := range value.Parts(text) {
		if p.Kind != strshape.KindLit {
			ok = false
			break
		}
		segs = append(segs, value.TemplateSeg{Start: b.Len(), Ref: p.Ref})
		b.WriteString(p.Text)
	}
	p, h := tmplUpdate(e, h, args[0], func(t *value.Template) {
		if t.Bad != "" {
			return
		}
		if !ok {
			t.Bad = "template text not known"
			return
		}
		tr := parse.New(t.Name)
		tr.Mode = parse.SkipFuncCheck
		set := map[string]*parse.Tree{}
		if _, err := tr.Parse(b.String(), t.Delims[0], t.Delims[1], set); err != nil {
			t.Bad = "template does not parse: " + err.Error()
			return
		}
		names := make([]string, 0, len(set))
		for n := range set {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			nt := value.NamedTree{Name: n, Tree: set[n], Text: b.String(), Segs: segs}
			if i := slices.IndexFunc(t.Trees, func(x value.NamedTree) bool { return x.Name == n }); i >= 0 {
				t.Trees[i] = nt
			} else {
				t.Trees = append(t.Trees, nt)
			}
		}
		sort.Slice(t.Trees, func(i, j int) bool { return t.Trees[i].Name < t.Trees[j].Name })
	})
	t := e.Func().TypeAt(in.Type)
	if t != nil && t.Kind == ir.TTuple {
		return value.Tuple([]*value.Value{p, value.Nil()}), h
	}
	return p, h
}

// tmplExecute runs Execute(w, data) or ExecuteTemplate(w, name, data).
func tmplExecute(named bool) Fn {
	return func(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
		t, h := tmplOf(e, h, args[0])
		w := args[1]
		data := args[len(args)-1]
		var out *strshape.Shape
		switch {
		case t == nil:
			out = e.HoleShape(value.HoleRuntime, "", "template output", "template not known")
		case t.Bad != "":
			out = e.HoleShape(value.HoleRuntime, "", "template output", t.Bad)
		default:
			name := t.Name
			if named {
				n, ok := value.LitText(str(e, args[2]))
				if !ok {
					out = e.HoleShape(value.HoleRuntime, "", "template output", "template name not known")
				}
				name = n
			}
			if out == nil {
				x := &tmplExec{e: e, t: t, h: h}
				out = x.run(name, data)
				h = x.h
			}
		}
		if buf := textBuffer(w); buf != nil {
			h = bufAppend(e, h, buf, out)
		} else {
			h = e.Invalidate(h, []*value.Value{w}, "written by a template")
		}
		return value.Nil(), h
	}
}

type tmplVar struct {
	name string
	v    *value.Value
}

type tmplExec struct {
	e     Host
	t     *value.Template
	h     *value.Heap
	vars  []tmplVar
	depth int
	cur   *value.NamedTree
	bad   string
}

func (x *tmplExec) run(name string, data *value.Value) *strshape.Shape {
	nt := x.t.Tree(name)
	if nt == nil || nt.Tree.Root == nil {
		return x.e.HoleShape(value.HoleRuntime, "", "template "+name, "template not defined")
	}
	saved := x.cur
	x.cur = nt
	x.vars = append(x.vars, tmplVar{"$", data})
	s := x.list(nt.Tree.Root, data)
	x.cur = saved
	if x.bad != "" {
		return x.e.HoleShape(value.HoleRuntime, "", "template "+name, x.bad)
	}
	return s
}

func (x *tmplExec) list(l *parse.ListNode, dot *value.Value) *strshape.Shape {
	if l == nil {
		return strshape.Empty()
	}
	var ps []*strshape.Shape
	mark := len(x.vars)
	for _, n := range l.Nodes {
		ps = append(ps, x.node(n, dot))
	}
	x.vars = x.vars[:mark]
	return catOrEmpty(x.e, ps)
}

func (x *tmplExec) node(n parse.Node, dot *value.Value) *strshape.Shape {
	e := x.e
	switch n := n.(type) {
	case *parse.TextNode:
		return x.text(int(n.Position()), string(n.Text))
	case *parse.CommentNode:
		return strshape.Empty()
	case *parse.ActionNode:
		v := x.pipe(n.Pipe, dot)
		if len(n.Pipe.Decl) > 0 {
			return strshape.Empty()
		}
		return x.print(v)
	case *parse.IfNode:
		return x.branch(&n.BranchNode, dot, false)
	case *parse.WithNode:
		return x.branch(&n.BranchNode, dot, true)
	case *parse.RangeNode:
		return x.rangeNode(n, dot)
	case *parse.TemplateNode:
		if x.depth >= 8 {
			return e.HoleShape(value.HoleBound, "", "template "+n.Name, "templates nested too deep")
		}
		var d *value.Value = value.Nil()
		if n.Pipe != nil {
			d = x.pipe(n.Pipe, dot)
		}
		x.depth++
		saved := x.vars
		x.vars = nil
		s := x.run(n.Name, d)
		x.vars = saved
		x.depth--
		return s
	}
	return e.HoleShape(value.HoleRuntime, "", "template action", "template action not interpreted")
}

// text is a text run of the template at offset off.
func (x *tmplExec) text(off int, s string) *strshape.Shape {
	e := x.e
	nt := x.cur
	if off >= 0 && off+len(s) <= len(nt.Text) && nt.Text[off:off+len(s)] == s {
		for i := len(nt.Segs) - 1; i >= 0; i-- {
			sg := nt.Segs[i]
			if sg.Start <= off {
				p := e.Piece(sg.Ref)
				if off+len(s) <= sg.Start+len(p.Text) {
					return e.Lit(s, p.Pos, p.PosString, p.Off+off-sg.Start, p.Exact)
				}
				break
			}
		}
	}
	return e.LitPlain(s)
}

// markup reports whether an html/template has markup, whose contexts
// change how actions are escaped.
func (x *tmplExec) markup() bool {
	for _, t := range x.t.Trees {
		if strings.ContainsAny(t.Text, "<>") {
			return true
		}
	}
	return false
}

// print is the text an action prints for v.
func (x *tmplExec) print(v *value.Value) *strshape.Shape {
	e := x.e
	if x.t.HTML && x.markup() {
		return e.HoleShape(value.HoleRuntime, "", "html action", "html/template context not modelled")
	}
	s := printValue(e, v, 'v')
	if !x.t.HTML {
		return s
	}
	return e.MapShape(s, func(p *strshape.Shape) *strshape.Shape {
		if p.Kind != strshape.KindLit {
			return p
		}
		esc := htmltemplate.HTMLEscapeString(p.Text)
		if esc == p.Text {
			return p
		}
		return e.LitPlain(esc)
	})
}

// truth is a template condition: known true or false, or nil.
func (x *tmplExec) truth(v *value.Value) *bool {
	t, f := true, false
	v = unwrap(v)
	switch v.Kind() {
	case value.KConst:
		if v.Constant().Kind() == constant.Bool {
			if constant.BoolVal(v.Constant()) {
				return &t
			}
			return &f
		}
	case value.KInt:
		if v.Lo() == 0 && v.Hi() == 0 {
			return &f
		}
		if v.Lo() > 0 || v.Hi() < 0 {
			return &t
		}
	case value.KString:
		if s, ok := value.LitText(v.Shape()); ok {
			if s == "" {
				return &f
			}
			return &t
		}
		if strshape.MinLen(v.Shape()) > 0 {
			return &t
		}
	case value.KNil:
		return &f
	case value.KSlice:
		if len(v.Items()) == 0 {
			return &f
		}
		for _, it := range v.Items() {
			if !it.Rep && len(it.Conds) == 0 && it.Self == 0 {
				return &t
			}
		}
	case value.KStruct, value.KPointer, value.KFunc:
		return &t
	}
	return nil
}

func (x *tmplExec) cond(n parse.Node) int {
	key := "template:" + x.t.Name + "/" + x.cur.Name + "#" + strconv.Itoa(int(n.Position())) + "@" + x.e.Ctx() + "/" + x.e.Func().Name
	return x.e.InternCond(value.Cond{Func: "template " + x.cur.Name, Key: key})
}

// branch is {{if}} or {{with}}.
func (x *tmplExec) branch(n *parse.BranchNode, dot *value.Value, with bool) *strshape.Shape {
	e := x.e
	mark := len(x.vars)
	v := x.pipe(n.Pipe, dot)
	inner := dot
	if with {
		inner = v
	}
	var then, els *strshape.Shape
	thenFn := func() *strshape.Shape { return x.list(n.List, inner) }
	elseFn := func() *strshape.Shape {
		if n.ElseList == nil {
			return nil
		}
		return x.list(n.ElseList, dot)
	}
	defer func() { x.vars = x.vars[:mark] }()
	if t := x.truth(v); t != nil {
		if *t {
			return thenFn()
		}
		if s := elseFn(); s != nil {
			return s
		}
		return strshape.Empty()
	}
	then, els = thenFn(), elseFn()
	if els == nil {
		c := x.cond(n)
		if u := unwrap(v); u.Kind() == value.KCond {
			if uc, neg := u.Cond(); !neg {
				c = uc // the same decision as the value tested
			} else if comp := e.Cond(uc).Complement; comp != 0 {
				c = comp
			}
		}
		return strshape.Optional(e.Limits(), then, c)
	}
	return e.AltShapes(then, els)
}

// rangeNode is {{range}}.
func (x *tmplExec) rangeNode(n *parse.RangeNode, dot *value.Value) *strshape.Shape {
	e := x.e
	mark := len(x.vars)
	defer func() { x.vars = x.vars[:mark] }()
	v := unwrap(x.pipe(n.Pipe, dot))
	if hasBreak(n.List) {
		return e.HoleShape(value.HoleRuntime, "", "range", "range with break or continue")
	}
	body := func(k, elem *value.Value) *strshape.Shape {
		m := len(x.vars)
		switch len(n.Pipe.Decl) {
		case 1:
			x.vars = append(x.vars, tmplVar{n.Pipe.Decl[0].Ident[0], elem})
		case 2:
			x.vars = append(x.vars, tmplVar{n.Pipe.Decl[0].Ident[0], k}, tmplVar{n.Pipe.Decl[1].Ident[0], elem})
		}
		s := x.list(n.List, elem)
		x.vars = x.vars[:m]
		return s
	}
	els := func() *strshape.Shape {
		if n.ElseList == nil {
			return strshape.Empty()
		}
		return x.list(n.ElseList, dot)
	}
	if v.Kind() == value.KPointer {
		c, h := x.e.Load(x.h, v)
		x.h = h
		if c.Kind() == value.KMap {
			if len(c.Keys()) == 0 {
				return els()
			}
			var ps []*strshape.Shape
			for i, k := range c.Keys() {
				ps = append(ps, body(keyValue(e, k), c.Elems()[i]))
			}
			return catOrEmpty(e, ps)
		}
	}
	switch v.Kind() {
	case value.KNil:
		return els()
	case value.KSlice:
		var ps []*strshape.Shape
		for i, it := range v.Items() {
			s := body(value.IntConst(int64(i)), it.V)
			if it.Rep {
				s = strshape.Loop(e.Limits(), s)
			}
			for j := len(it.Conds) - 1; j >= 0; j-- {
				s = strshape.Optional(e.Limits(), s, it.Conds[j])
			}
			ps = append(ps, s)
		}
		items := catOrEmpty(e, ps)
		if t := x.truth(v); t != nil && *t || n.ElseList == nil {
			if len(v.Items()) == 0 {
				return els()
			}
			return items
		}
		return e.AltShapes(items, els())
	}
	desc := "range element"
	if v.Kind() == value.KUnknown {
		desc = e.Piece(v.Hole()).Desc + "[…]"
	}
	elem := e.Hole(value.HoleRuntime, "", desc, "element of a value not known")
	loopBody := strshape.Loop(e.Limits(), body(value.Int(0, value.PosInf), elem))
	if n.ElseList == nil {
		return loopBody
	}
	return e.AltShapes(loopBody, els())
}

func keyValue(e Host, k string) *value.Value {
	if s, err := strconv.Unquote(k); err == nil {
		return value.Str(e.LitPlain(s))
	}
	if n, err := strconv.ParseInt(k, 10, 64); err == nil {
		return value.IntConst(n)
	}
	return e.Hole(value.HoleRuntime, "", "key", "map key")
}

func hasBreak(l *parse.ListNode) bool {
	if l == nil {
		return false
	}
	for _, n := range l.Nodes {
		switch n := n.(type) {
		case *parse.BreakNode, *parse.ContinueNode:
			return true
		case *parse.IfNode:
			if hasBreak(n.List) || hasBreak(n.ElseList) {
				return true
			}
		case *parse.WithNode:
			if hasBreak(n.List) || hasBreak(n.ElseList) {
				return true
			}
		}
	}
	return false
}

// pipe evaluates a pipeline; its declarations bind variables.
func (x *tmplExec) pipe(p *parse.PipeNode, dot *value.Value) *value.Value {
	e := x.e
	if p == nil {
		return dot
	}
	var v *value.Value
	for i, c := range p.Cmds {
		var final *value.Value
		if i > 0 {
			final = v
		}
		v = x.command(c, dot, final)
	}
	if v == nil {
		v = e.Hole(value.HoleRuntime, "", "pipeline", "empty pipeline")
	}
	for _, d := range p.Decl {
		if p.IsAssign {
			for j := len(x.vars) - 1; j >= 0; j-- {
				if x.vars[j].name == d.Ident[0] {
					x.vars[j].v = v
					break
				}
			}
			continue
		}
		x.vars = append(x.vars, tmplVar{d.Ident[0], v})
	}
	return v
}

// command evaluates one command of a pipeline; final is the previous
// command's value, passed as the last argument.
func (x *tmplExec) command(c *parse.CommandNode, dot, final *value.Value) *value.Value {
	e := x.e
	unknown := func(what string) *value.Value {
		return e.Hole(value.HoleRuntime, "", what, "template function not interpreted")
	}
	if len(c.Args) == 0 {
		return unknown("command")
	}
	if id, ok := c.Args[0].(*parse.IdentifierNode); ok {
		var args []*value.Value
		for _, a := range c.Args[1:] {
			args = append(args, x.arg(a, dot))
		}
		if final != nil {
			args = append(args, final)
		}
		return x.builtin(id.Ident, args)
	}
	if len(c.Args) > 1 || final != nil {
		return unknown("method call")
	}
	return x.arg(c.Args[0], dot)
}

// arg evaluates an operand.
func (x *tmplExec) arg(n parse.Node, dot *value.Value) *value.Value {
	e := x.e
	switch n := n.(type) {
	case *parse.DotNode:
		return dot
	case *parse.FieldNode:
		return x.fields(dot, n.Ident)
	case *parse.VariableNode:
		for j := len(x.vars) - 1; j >= 0; j-- {
			if x.vars[j].name == n.Ident[0] {
				return x.fields(x.vars[j].v, n.Ident[1:])
			}
		}
		return e.Hole(value.HoleRuntime, "", n.Ident[0], "template variable not known")
	case *parse.StringNode:
		return value.Str(e.LitPlain(n.Text))
	case *parse.NumberNode:
		if n.IsInt {
			return value.IntConst(n.Int64)
		}
	case *parse.BoolNode:
		return value.Bool(n.True)
	case *parse.NilNode:
		return value.Nil()
	case *parse.PipeNode:
		return x.pipe(n, dot)
	}
	return e.Hole(value.HoleRuntime, "", "operand", "template operand not interpreted")
}

// fields follows .A.B from v.
func (x *tmplExec) fields(v *value.Value, names []string) *value.Value {
	for _, n := range names {
		v = x.field(v, n)
	}
	return v
}

func (x *tmplExec) field(v *value.Value, name string) *value.Value {
	e := x.e
	outer := v
	v = unwrap(v)
	if v.Kind() == value.KPointer {
		c, h := x.e.Load(x.h, v)
		x.h = h
		if c.Kind() == value.KMap {
			ks := constant.MakeString(name).ExactString()
			if i := sort.SearchStrings(c.Keys(), ks); i < len(c.Keys()) && c.Keys()[i] == ks {
				return c.Elems()[i]
			}
			return e.Hole(value.HoleRuntime, "", name, "map entry not known")
		}
		v = c
	}
	switch v.Kind() {
	case value.KStruct:
		if f := structField(v, name); f != nil {
			return f
		}
	case value.KAlt:
		var out *value.Value
		for _, a := range v.Elems() {
			out = e.Join(out, x.field(a, name))
		}
		return out
	}
	// A method without arguments.
	recv := outer
	if recv.Kind() == value.KInterface {
		if fn := x.e.MethodFunc(recv, name); fn != nil || x.e.MethodName(recv, name) != "" {
			if fn == nil {
				fn = e.Lookup(x.e.MethodName(recv, name))
			}
			if fn != nil && fn.NParams == 1 {
				r, h2 := x.e.CallFunc(fn, fn.Name, []*value.Value{recv.Elems()[0]}, nil, x.h, &ir.Instr{ID: -1})
				if h2 != nil && r != nil {
					x.h = h2
					return r
				}
			}
		}
	}
	desc := name
	if v.Kind() == value.KUnknown {
		desc = e.Piece(v.Hole()).Desc + "." + name
	}
	return e.Hole(value.HoleRuntime, "", desc, "field of template data not known")
}

// structField finds a field by name, promoted through embedded structs.
func structField(v *value.Value, name string) *value.Value {
	if f := v.Field(name); f != nil {
		return f
	}
	if v.Type() == nil {
		return nil
	}
	for i, fd := range v.Type().Fields {
		if fd.Embedded && i < len(v.Elems()) && v.Elems()[i].Kind() == value.KStruct {
			if f := structField(v.Elems()[i], name); f != nil {
				return f
			}
		}
	}
	return nil
}

// builtin is a template function.
func (x *tmplExec) builtin(name string, args []*value.Value) *value.Value {
	e := x.e
	unknown := e.Hole(value.HoleRuntime, "", name, "template function not interpreted")
	if x.t.Funcs && !slices.Contains([]string{"print", "printf", "not", "and", "or", "eq", "ne", "len"}, name) {
		return unknown
	}
	switch name {
	case "print":
		return e.StrValue(sprint(e, value.Slice(elems(args)), false, nil, 0))
	case "printf":
		if len(args) == 0 {
			break
		}
		return e.StrValue(sprintf(e, str(e, unwrap(args[0])), value.Slice(elems(args[1:])), nil, 0))
	case "not":
		if len(args) == 1 {
			if t := x.truth(args[0]); t != nil {
				return value.Bool(!*t)
			}
		}
	case "and", "or":
		// The first operand deciding the result, or the last.
		for i, a := range args {
			t := x.truth(a)
			if t == nil {
				return unknown
			}
			if *t == (name == "or") || i == len(args)-1 {
				return a
			}
		}
	case "eq", "ne":
		if len(args) == 2 {
			if r := e.Equal(unwrap(args[0]), unwrap(args[1])); r != nil {
				if name == "ne" {
					return e.Unop(token.NOT, r)
				}
				return r
			}
		}
	case "len":
		if len(args) == 1 {
			return x.e.Length(x.h, unwrap(args[0]))
		}
	}
	return unknown
}

func elems(vs []*value.Value) []value.Elem {
	out := make([]value.Elem, len(vs))
	for i, v := range vs {
		out[i] = value.Elem{V: v}
	}
	return out
}
