package yqlinject

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"
)

// maxOriginDepth bounds how many local variables and selectors the origin
// walk follows back from a spliced expression.
const maxOriginDepth = 8

// origin says where a spliced value comes from, when that is a caller or a
// request: the only origins this rule names.
type origin struct {
	// Read is the Go expression the value is read from ("req.Name",
	// `r.FormValue("q")`), or the parameter's name.
	Read string
	// Param is the parameter it comes from; Fn the exported function or
	// method whose caller supplies it.
	Param, Fn string
}

// describe phrases the origin of the spliced expression spliced.
func (o *origin) describe(spliced string) string {
	switch o.Read {
	case o.Param:
		return "parameter " + o.Param + " of exported " + o.Fn
	case spliced:
		return "from parameter " + o.Param + " of exported " + o.Fn
	}
	return o.Read + ", from parameter " + o.Param + " of exported " + o.Fn
}

// expression returns the Go expression that fills a hole spanning [pos,
// end) in the package's files, with its file; nil when there is none (the
// hole's value has no single expression, or lies in another package). A
// hole without an end (a value querysite read from SSA, not from syntax)
// is a field selection when pos is its selector's name, as SSA places a
// field's position; any other such hole has no expression.
func expression(files []*ast.File, pos, end token.Pos) (ast.Expr, *ast.File) {
	if !pos.IsValid() {
		return nil, nil
	}
	for _, f := range files {
		if f.FileStart > pos || pos >= f.FileEnd {
			continue
		}
		if end <= pos {
			path, _ := astutil.PathEnclosingInterval(f, pos, pos+1)
			if len(path) > 1 {
				if sel, ok := path[1].(*ast.SelectorExpr); ok && sel.Sel.Pos() == pos {
					return sel, f
				}
			}
			return nil, nil
		}
		path, exact := astutil.PathEnclosingInterval(f, pos, end)
		if !exact || len(path) == 0 {
			return nil, nil
		}
		if e, ok := path[0].(ast.Expr); ok && e.Pos() == pos && e.End() == end {
			return e, f
		}
		return nil, nil
	}
	return nil, nil
}

// enclosingFunc returns the function declaration that holds pos.
func enclosingFunc(f *ast.File, pos token.Pos) *ast.FuncDecl {
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Pos() <= pos && pos < fd.End() {
			return fd
		}
	}
	return nil
}

// originWalk follows a spliced expression back to a parameter of the
// exported function that holds it.
type originWalk struct {
	info *types.Info
	fd   *ast.FuncDecl
	// params are fd's parameters (the receiver excluded: a repository's
	// own fields are configuration, not input).
	params map[*types.Var]bool
	// assigns lists, per local variable of fd, what is assigned to it.
	assigns map[*types.Var][]assign
}

// assign is one assignment to a local variable: its value, nil when the
// walk cannot follow it; rangeOver when the variable takes the elements
// of value (for _, id := range req.IDs).
type assign struct {
	value     ast.Expr
	rangeOver bool
}

// newOriginWalk returns the walk for fd, or nil when fd is not exported
// (its callers, in this package, may pass constants only).
func newOriginWalk(info *types.Info, fd *ast.FuncDecl) *originWalk {
	if fd == nil || !fd.Name.IsExported() {
		return nil
	}
	w := &originWalk{info: info, fd: fd, params: map[*types.Var]bool{}, assigns: map[*types.Var][]assign{}}
	for _, fl := range fd.Type.Params.List {
		for _, id := range fl.Names {
			if v, ok := info.Defs[id].(*types.Var); ok {
				w.params[v] = true
			}
		}
	}
	w.collectAssigns()
	return w
}

// collectAssigns records every way fd's body (closures included) sets a
// local variable.
func (w *originWalk) collectAssigns() {
	record := func(id *ast.Ident, a assign, def bool) {
		var obj types.Object
		if def {
			obj = w.info.Defs[id]
		} else {
			obj = w.info.Uses[id]
		}
		if v, ok := obj.(*types.Var); ok {
			w.assigns[v] = append(w.assigns[v], a)
		}
	}
	ast.Inspect(w.fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok {
					continue
				}
				var rhs ast.Expr
				switch {
				case n.Tok != token.DEFINE && n.Tok != token.ASSIGN:
				case len(n.Lhs) == len(n.Rhs):
					rhs = n.Rhs[i]
				case i == 0 && len(n.Rhs) == 1 && isCall(n.Rhs[0]):
					rhs = n.Rhs[0] // v, err := strconv.Atoi(s): the call's first result
				}
				record(id, assign{value: rhs}, n.Tok == token.DEFINE)
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				var rhs ast.Expr
				if len(n.Names) == len(n.Values) {
					rhs = n.Values[i]
				}
				record(id, assign{value: rhs}, true)
			}
		case *ast.RangeStmt:
			// An element of a parameter is the parameter's input too:
			// for _, id := range req.IDs.
			if id, ok := n.Value.(*ast.Ident); ok {
				record(id, assign{value: n.X, rangeOver: true}, n.Tok == token.DEFINE)
			}
			if id, ok := n.Key.(*ast.Ident); ok {
				record(id, assign{}, n.Tok == token.DEFINE)
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
					record(id, assign{}, false) // its address is taken: written elsewhere
				}
			}
		}
		return true
	})
}

func isCall(e ast.Expr) bool {
	_, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok
}

// of returns e's origin, or nil when it is not a parameter of the
// exported function, a field or element of one, or a request's value.
func (w *originWalk) of(e ast.Expr, depth int) *origin {
	if w == nil || depth > maxOriginDepth {
		return nil
	}
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.Ident:
		v, ok := w.info.Uses[e].(*types.Var)
		if !ok {
			return nil
		}
		if w.params[v] {
			if len(w.assigns[v]) > 0 {
				return nil // reassigned (escaped, checked, replaced): not the caller's value as given
			}
			return &origin{Read: v.Name(), Param: v.Name(), Fn: funcName(w.fd)}
		}
		as := w.assigns[v]
		if len(as) != 1 || as[0].value == nil {
			return nil // assigned more than once (or not followable): not one origin
		}
		o := w.of(as[0].value, depth+1)
		if o != nil && as[0].rangeOver {
			return &origin{Read: "an element of " + o.Read, Param: o.Param, Fn: o.Fn}
		}
		return o
	case *ast.SelectorExpr:
		sel := w.info.Selections[e]
		if sel == nil || sel.Kind() != types.FieldVal {
			return nil
		}
		if base := w.of(e.X, depth+1); base != nil {
			return base.via(e)
		}
	case *ast.IndexExpr:
		if base := w.of(e.X, depth+1); base != nil {
			return base.via(e)
		}
	case *ast.CallExpr:
		return w.callOrigin(e, depth)
	case *ast.BinaryExpr:
		// Arithmetic on an input is the input (req.Page * size); string
		// concatenation never reaches here, querysite splits it.
		if o := w.of(e.X, depth+1); o != nil {
			return o.via(e)
		}
		if o := w.of(e.Y, depth+1); o != nil {
			return o.via(e)
		}
	}
	return nil
}

// callOrigin is the origin of a call's result: a conversion of an input,
// a getter of a request message (req.GetName()), or a request accessor of
// net/http or net/url (r.FormValue("q"), r.URL.Query().Get("q")).
func (w *originWalk) callOrigin(call *ast.CallExpr, depth int) *origin {
	if tv, ok := w.info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		return w.of(call.Args[0], depth+1) // string(b), []byte(s)
	}
	fn, ok := typeutil.Callee(w.info, call).(*types.Func)
	if !ok {
		return nil
	}
	if passesInput(fn) && len(call.Args) > 0 {
		return w.of(call.Args[0], depth+1) // strconv.Atoi(s), strings.TrimSpace(s)
	}
	sig, _ := fn.Type().(*types.Signature)
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if sig == nil || sig.Recv() == nil || !isSel {
		return nil
	}
	base := w.of(sel.X, depth+1)
	if base == nil {
		return nil
	}
	if requestAccessor(fn) || isGetter(fn, sig, len(call.Args)) {
		return base.via(call)
	}
	return nil
}

// via is the origin of a value read from o's value by e (a field, an
// element, a getter).
func (o *origin) via(e ast.Expr) *origin {
	return &origin{Read: types.ExprString(e), Param: o.Param, Fn: o.Fn}
}

// inputPassers are the functions whose result is their first argument's
// input in another form (a number parsed from a request's string, the
// string trimmed): the value is still the caller's. Escaping functions
// (strings.ReplaceAll) are not listed: their result is not followed.
var inputPassers = map[string]map[string]bool{
	"strconv": {"Atoi": true, "ParseInt": true, "ParseUint": true, "ParseFloat": true, "Itoa": true, "FormatInt": true, "FormatUint": true},
	"strings": {"TrimSpace": true, "ToLower": true, "ToUpper": true, "Trim": true, "TrimPrefix": true, "TrimSuffix": true},
}

func passesInput(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() == nil && fn.Pkg() != nil && inputPassers[fn.Pkg().Path()][fn.Name()]
}

// requestPkgs are the packages whose methods read a request's input.
var requestPkgs = map[string]bool{"net/http": true, "net/url": true}

func requestAccessor(fn *types.Func) bool {
	return fn.Pkg() != nil && requestPkgs[fn.Pkg().Path()]
}

// isGetter: a method Get… without arguments and with one result, as
// protobuf and most request types generate for their fields.
func isGetter(fn *types.Func, sig *types.Signature, nargs int) bool {
	name := fn.Name()
	return nargs == 0 && len(name) > 3 && name[:3] == "Get" && sig.Results().Len() == 1
}

// funcName is fd's name as a reader finds it: Func or (*T).Method.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	return "(" + types.ExprString(fd.Recv.List[0].Type) + ")." + fd.Name.Name
}
