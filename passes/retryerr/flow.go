package retryerr

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/sdkssa"
	"github.com/ydblint/ydblint/internal/ssacell"
)

// This file follows error values through SSA: which values carry an SDK
// error so that errors.As still finds it (carries), which constructions
// drop one they were given (lossy), and which are made from nothing
// (fresh).

// stdFunc is a package function of the standard library.
type stdFunc struct{ pkg, name string }

// The standard library's functions that make errors and strings from
// errors (go1.26): fmt.Errorf wraps the arguments of its %w verbs (one or
// more since go1.20) and formats the others; errors.Join wraps all of
// its arguments; errors.New and fmt's Sprint functions keep text only.
var (
	fmtErrorf  = stdFunc{"fmt", "Errorf"}
	errorsJoin = stdFunc{"errors", "Join"}
	errorsNew  = stdFunc{"errors", "New"}
	fmtSprint  = []stdFunc{{"fmt", "Sprintf"}, {"fmt", "Sprint"}, {"fmt", "Sprintln"}}
)

// origin is the SDK call whose error a value carries.
type origin struct {
	api string    // the SDK method, e.g. "TxActor.Exec"
	pos token.Pos // the call in the function being judged
	via string    // the program function in between, "" for a direct call
	at  string    // where via reaches the SDK (file:line)
}

// maxDepth bounds the walks over operands: error values are built in a
// few steps, and a deeper chain is not followed (the rule stays silent).
const maxDepth = 8

// tracker answers the questions of this file for one function. Its
// source is either the SDK (errors returned by SDK calls that reach the
// server, and by program functions with the carriesSDKError fact) or,
// when param is set, that one parameter (for the losesError fact).
type tracker struct {
	pass  *analysis.Pass
	param *ssa.Parameter
	seen  map[ssa.Value]bool // phis and cells on the current walk
}

func newTracker(pass *analysis.Pass, param *ssa.Parameter) *tracker {
	return &tracker{pass: pass, param: param, seen: map[ssa.Value]bool{}}
}

// carries reports whether v, on some path, is an error from the source,
// unchanged or wrapped so that errors.As finds it: fmt.Errorf with %w,
// errors.Join, an SDK function (retry.RetryableError,
// xerrors.WithStackTrace), a value of a type with Unwrap, As or Is that
// holds it.
func (t *tracker) carries(v ssa.Value, depth int) (origin, bool) {
	if depth > maxDepth || v == nil {
		return origin{}, false
	}
	if t.param != nil && v == ssa.Value(t.param) {
		return origin{api: t.param.Name(), pos: t.param.Pos()}, true
	}
	switch v := v.(type) {
	case *ssa.Extract:
		call, ok := v.Tuple.(*ssa.Call)
		tuple, isTuple := v.Tuple.Type().(*types.Tuple)
		if !ok || !isTuple || v.Index != tuple.Len()-1 {
			return origin{}, false
		}
		return t.callCarries(call, depth)
	case *ssa.Call:
		return t.callCarries(v, depth)
	case *ssa.Phi:
		if t.seen[v] {
			return origin{}, false
		}
		t.seen[v] = true
		defer delete(t.seen, v)
		for _, e := range v.Edges {
			if o, ok := t.carries(e, depth+1); ok {
				return o, true
			}
		}
	case *ssa.ChangeInterface:
		return t.carries(v.X, depth+1)
	case *ssa.MakeInterface:
		if transparent(v.X.Type()) {
			return t.heldBy(v.X, depth+1)
		}
	case *ssa.UnOp:
		if v.Op == token.MUL {
			return t.cellCarries(v.X, depth)
		}
	}
	return origin{}, false
}

// cellCarries follows a load of a local variable that lives in memory
// (captured by a closure, or whose address is taken) to what is stored
// into it.
func (t *tracker) cellCarries(cell ssa.Value, depth int) (origin, bool) {
	switch cell.(type) {
	case *ssa.Alloc, *ssa.FreeVar:
	default:
		return origin{}, false
	}
	if t.seen[cell] {
		return origin{}, false
	}
	t.seen[cell] = true
	defer delete(t.seen, cell)
	stores, ok := ssacell.Stores(cell)
	if !ok {
		return origin{}, false
	}
	for _, s := range stores {
		if o, ok := t.carries(s.Val, depth+1); ok {
			return o, true
		}
	}
	return origin{}, false
}

// callCarries reports whether the error a call returns carries one from
// the source.
func (t *tracker) callCarries(call *ssa.Call, depth int) (origin, bool) {
	c := call.Common()
	if t.param == nil {
		if api, ok := failingCall(c); ok {
			return origin{api: api, pos: call.Pos()}, true
		}
		if fn := staticFunc(c); fn != nil {
			var fact carriesSDKError
			if t.pass.ImportObjectFact(fn, &fact) {
				return origin{api: fact.API, pos: call.Pos(), via: funcName(fn), at: fact.At}, true
			}
		}
	}
	switch {
	case isFunc(c, fmtErrorf):
		wrap, _, ok := errorfArgs(c)
		if !ok {
			return origin{}, false
		}
		return t.anyCarries(wrap, depth)
	case isFunc(c, errorsJoin):
		return t.anyCarries(varargs(c.Args[0]), depth)
	}
	if fn := staticFunc(c); fn != nil && fn.Pkg() != nil && sdk.InSDK(fn.Pkg().Path()) {
		// The SDK's own wrappers keep the error (xerrors.WithStackTrace,
		// retry.RetryableError).
		return t.anyCarries(c.Args, depth)
	}
	return origin{}, false
}

func (t *tracker) anyCarries(vs []ssa.Value, depth int) (origin, bool) {
	for _, a := range vs {
		if o, ok := t.carries(a, depth+1); ok {
			return o, true
		}
	}
	return origin{}, false
}

// heldBy reports whether x, a value about to become an error, holds an
// error from the source: a composite literal with it in a field, or the
// result of a call it was passed to.
func (t *tracker) heldBy(x ssa.Value, depth int) (origin, bool) {
	for _, in := range t.inputs(x) {
		if o, ok := t.carries(in, depth+1); ok {
			return o, true
		}
	}
	return origin{}, false
}

// heldText is heldBy for the text of an error from the source.
func (t *tracker) heldText(x ssa.Value, depth int) (origin, bool) {
	for _, in := range t.inputs(x) {
		if o, ok := t.text(in, depth+1); ok {
			return o, true
		}
	}
	return origin{}, false
}

// inputs returns what x is built from: the values stored into the fields
// of a composite literal (&T{…} or T{…}), or the arguments of the call
// that returned it; nil otherwise.
func (t *tracker) inputs(x ssa.Value) []ssa.Value {
	if u, ok := x.(*ssa.UnOp); ok && u.Op == token.MUL {
		x = u.X // T{…}: a load of the local literal
	}
	switch x := x.(type) {
	case *ssa.Alloc:
		var out []ssa.Value
		for _, r := range *x.Referrers() {
			fa, ok := r.(*ssa.FieldAddr)
			if !ok || fa.X != x {
				continue
			}
			for _, rr := range *fa.Referrers() {
				if s, ok := rr.(*ssa.Store); ok && s.Addr == fa {
					out = append(out, s.Val)
				}
			}
		}
		return out
	case *ssa.Call:
		return x.Call.Args
	}
	return nil
}

// text reports whether v is (or contains) the text of an error from the
// source: err.Error(), a concatenation with it, fmt.Sprint… of the error
// or its text.
func (t *tracker) text(v ssa.Value, depth int) (origin, bool) {
	if depth > maxDepth {
		return origin{}, false
	}
	switch v := v.(type) {
	case *ssa.Call:
		c := v.Common()
		if c.IsInvoke() && c.Method.Name() == "Error" {
			return t.carries(c.Value, depth+1)
		}
		if isFunc(c, fmtSprint...) {
			for _, a := range varargs(c.Args[len(c.Args)-1]) {
				if o, ok := t.carries(a, depth+1); ok {
					return o, true
				}
				if o, ok := t.text(a, depth+1); ok {
					return o, true
				}
			}
		}
	case *ssa.BinOp:
		if v.Op == token.ADD {
			if o, ok := t.text(v.X, depth+1); ok {
				return o, true
			}
			return t.text(v.Y, depth+1)
		}
	case *ssa.MakeInterface:
		return t.text(v.X, depth+1)
	case *ssa.Phi:
		if t.seen[v] {
			return origin{}, false
		}
		t.seen[v] = true
		defer delete(t.seen, v)
		for _, e := range v.Edges {
			if o, ok := t.text(e, depth+1); ok {
				return o, true
			}
		}
	}
	return origin{}, false
}

// loss is a construction that drops an error from the source.
type loss struct {
	category string
	how      string    // what builds the value: "fmt.Errorf", "*apperr.TxError", a helper
	pos      token.Pos // the construction
	from     origin
	at       string // for a helper: where it builds the value
}

// lossy reports whether v, on some path, is built from an error from the
// source in a way that errors.As cannot see through. Each path's
// construction is returned once.
func (t *tracker) lossy(v ssa.Value, depth int) []loss {
	if depth > maxDepth {
		return nil
	}
	switch v := v.(type) {
	case *ssa.Phi:
		if t.seen[v] {
			return nil
		}
		t.seen[v] = true
		defer delete(t.seen, v)
		var out []loss
		for _, e := range v.Edges {
			out = append(out, t.lossy(e, depth+1)...)
		}
		return out
	case *ssa.ChangeInterface:
		return t.lossy(v.X, depth+1)
	case *ssa.MakeInterface:
		return t.lossyValue(v, depth)
	case *ssa.Call:
		if l, ok := t.lossyCall(v, depth); ok {
			return []loss{l}
		}
	}
	return nil
}

// lossyValue judges a concrete value turned into an error: a program type
// with no Unwrap, As or Is method that holds the error, or its text.
func (t *tracker) lossyValue(mi *ssa.MakeInterface, depth int) []loss {
	typ := mi.X.Type()
	if transparent(typ) || !programType(typ) {
		return nil
	}
	pos := constructionPos(mi)
	if o, ok := t.heldBy(mi.X, depth+1); ok {
		return []loss{{category: categoryNoUnwrap, how: typeString(t.pass, typ), pos: pos, from: o}}
	}
	if o, ok := t.heldText(mi.X, depth+1); ok {
		return []loss{{category: categoryText, how: typeString(t.pass, typ), pos: pos, from: o}}
	}
	return nil
}

// lossyCall judges a call that returns an error.
func (t *tracker) lossyCall(call *ssa.Call, depth int) (loss, bool) {
	c := call.Common()
	if isFunc(c, fmtErrorf) {
		wrap, other, ok := errorfArgs(c)
		if !ok {
			return loss{}, false
		}
		if _, ok := t.anyCarries(wrap, depth); ok {
			return loss{}, false
		}
		for _, a := range other {
			if o, ok := t.carries(a, depth+1); ok {
				return loss{category: categoryFmt, how: "fmt.Errorf", pos: call.Pos(), from: o}, true
			}
		}
		for _, a := range other {
			if o, ok := t.text(a, depth+1); ok {
				return loss{category: categoryFmt, how: "fmt.Errorf", pos: call.Pos(), from: o}, true
			}
		}
		return loss{}, false
	}
	fn := staticFunc(c)
	if fn == nil || fn.Pkg() == nil || sdk.InSDK(fn.Pkg().Path()) {
		return loss{}, false
	}
	if t.param == nil {
		var fact losesError
		if t.pass.ImportObjectFact(fn, &fact) && fact.Param < len(c.Args) {
			if o, ok := t.carries(c.Args[fact.Param], depth+1); ok {
				return loss{category: fact.Category, how: funcName(fn), pos: call.Pos(), from: o, at: fact.At}, true
			}
		}
	}
	// A call handed the error's text and not the error itself cannot
	// return the error: errors.New(err.Error()), status.Error(…).
	if !returnsError(fn) {
		return loss{}, false
	}
	var text origin
	found := false
	for _, a := range c.Args {
		if _, ok := t.carries(a, depth+1); ok {
			return loss{}, false
		}
		if !found {
			text, found = t.text(a, depth+1)
		}
	}
	if found {
		return loss{category: categoryText, how: funcName(fn), pos: call.Pos(), from: text}, true
	}
	return loss{}, false
}

// fresh reports whether v is an error made from nothing the source gave:
// a composite literal of a program type, errors.New or fmt.Errorf of
// other values, a package variable (a sentinel). It names what builds it.
func (t *tracker) fresh(v ssa.Value, depth int) (string, bool) {
	switch v := v.(type) {
	case *ssa.MakeInterface:
		typ := v.X.Type()
		if !programType(typ) {
			return "", false
		}
		if _, ok := v.X.(*ssa.Call); ok {
			return "", false // a constructor: what it holds is its own business
		}
		if _, ok := t.heldBy(v.X, depth+1); ok {
			return "", false
		}
		if _, ok := t.heldText(v.X, depth+1); ok {
			return "", false
		}
		return typeString(t.pass, typ), true
	case *ssa.Call:
		c := v.Common()
		switch {
		case isFunc(c, errorsNew):
			if _, ok := t.text(c.Args[0], depth+1); ok {
				return "", false
			}
			return "errors.New", true
		case isFunc(c, fmtErrorf):
			for _, a := range varargs(c.Args[1]) {
				if _, ok := t.carries(a, depth+1); ok {
					return "", false
				}
				if _, ok := t.text(a, depth+1); ok {
					return "", false
				}
			}
			return "fmt.Errorf", true
		}
	case *ssa.UnOp:
		g, ok := v.X.(*ssa.Global)
		if v.Op == token.MUL && ok && g.Pkg != nil && !sdk.InSDK(g.Pkg.Pkg.Path()) {
			return g.Pkg.Pkg.Name() + "." + g.Name(), true
		}
	}
	return "", false
}

// dependsOn reports whether v is computed from an error from the source
// (errors.Is(err, …), err == io.EOF, a type switch on it).
func (t *tracker) dependsOn(v ssa.Value, depth int) bool {
	if depth > maxDepth/2 || v == nil {
		return false
	}
	if _, ok := t.carries(v, 0); ok {
		return true
	}
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return false
	}
	for _, op := range instr.Operands(nil) {
		if op != nil && *op != nil && t.dependsOn(*op, depth+1) {
			return true
		}
	}
	return false
}

// failingCall reports whether c calls the SDK or database/sql in a way
// that can return an error with a YDB status or a transport error, and
// names the method: a call that returns an error and talks to the server
// (sdk.LocalResultMethod, sdk.SQLCanFail), not a conversion of the types
// packages, not a retrier.
func failingCall(c *ssa.CallCommon) (string, bool) {
	id, _, ok := sdkssa.Callee(c)
	if !ok {
		return "", false
	}
	fn := c.Method
	recvFamily := sdk.ResultNone
	if c.IsInvoke() {
		recvFamily = sdk.ResultFamilyOf(c.Value.Type())
	} else {
		fn = staticFunc(c)
		if fn != nil && len(c.Args) > 0 && fn.Type().(*types.Signature).Recv() != nil {
			recvFamily = sdk.ResultFamilyOf(c.Args[0].Type())
		}
	}
	if fn == nil || !returnsError(fn) {
		return "", false
	}
	shown := id
	if c.IsInvoke() {
		if n := typeName(c.Value.Type()); n != "" {
			shown.Recv = n
		}
	}
	switch {
	case sdk.InSDK(id.Pkg):
		if sdk.LookupRetrier(id) != nil {
			// A retrier's error is the outcome of its own attempts, not
			// one attempt's status.
			return "", false
		}
		if id.Recv == "" {
			return "", false // constructors and conversions
		}
		if sdk.IsTypesPkg(id.Pkg) || id.Pkg == sdk.PkgInternalValue || id.Pkg == sdk.PkgInternalTypes {
			return "", false
		}
		if sdk.LocalResultMethod(recvFamily, id.Name) {
			return "", false
		}
	case id.Pkg == sdk.PkgSQL:
		if !sdk.SQLCanFail(id) {
			return "", false
		}
	default:
		return "", false
	}
	if shown.Recv == "" {
		return shown.Pkg[lastSlash(shown.Pkg)+1:] + "." + shown.Name, true
	}
	return shown.Recv + "." + shown.Name, true
}

func lastSlash(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '/' {
			return i
		}
	}
	return -1
}

// typeName is the name the code spells t with: an alias's own name
// (query.ResultSet), else the named type's.
func typeName(t types.Type) string {
	if a, ok := t.(*types.Alias); ok {
		return a.Obj().Name()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// transparent reports whether errors.As and errors.Is can look into a
// value of type t: its method set (or its pointer's) has Unwrap, As or
// Is.
func transparent(t types.Type) bool {
	for _, mt := range []types.Type{t, types.NewPointer(t)} {
		ms := types.NewMethodSet(mt)
		for _, name := range []string{"Unwrap", "As", "Is"} {
			if ms.Lookup(nil, name) != nil {
				return true
			}
		}
	}
	return false
}

// programType reports whether t (or what it points to) is a named type
// declared outside the SDK and the standard library's error packages:
// the program's own error type.
func programType(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return !sdk.InSDK(n.Obj().Pkg().Path())
}

// typeString spells t as the code of the package does: other packages by
// their name.
func typeString(pass *analysis.Pass, t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == pass.Pkg {
			return ""
		}
		return p.Name()
	})
}

// constructionPos is where a value turned into an error was built: the
// composite literal or the call, else the conversion.
func constructionPos(mi *ssa.MakeInterface) token.Pos {
	x := mi.X
	if u, ok := x.(*ssa.UnOp); ok && u.Op == token.MUL {
		x = u.X
	}
	if p := x.Pos(); p.IsValid() {
		return p
	}
	return mi.Pos()
}

// wrapped returns, for each argument of a fmt.Errorf format, whether its
// verb is %w. ok is false when the verbs cannot be matched to the
// arguments one by one (an explicit index, a * width).
func wrapped(format string) (w []bool, ok bool) {
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && isVerbPrefix(format[i]) {
			if format[i] == '*' || format[i] == '[' {
				return nil, false
			}
			i++
		}
		if i >= len(format) {
			break
		}
		if format[i] == '%' {
			continue
		}
		w = append(w, format[i] == 'w')
	}
	return w, true
}

// errorfArgs splits the arguments of a fmt.Errorf call into those its
// format wraps (%w) and the others; ok is false when the format is not a
// constant or its verbs cannot be matched to the arguments.
func errorfArgs(c *ssa.CallCommon) (wrap, other []ssa.Value, ok bool) {
	format, ok := constString(c.Args[0])
	if !ok {
		return nil, nil, false
	}
	w, ok := wrapped(format)
	args := varargs(c.Args[1])
	if !ok || len(w) != len(args) {
		return nil, nil, false
	}
	for i, a := range args {
		if w[i] {
			wrap = append(wrap, a)
		} else {
			other = append(other, a)
		}
	}
	return wrap, other, true
}

func isVerbPrefix(b byte) bool {
	switch {
	case b >= '0' && b <= '9':
		return true
	}
	switch b {
	case '+', '-', '#', ' ', '.', '*', '[', ']':
		return true
	}
	return false
}

// varargs returns the values of a variadic argument built by the
// compiler (a slice of a fresh array), nil for a nil slice or a slice
// the code passed itself.
func varargs(v ssa.Value) []ssa.Value {
	s, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	arr, ok := s.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, r := range *arr.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
				out = append(out, st.Val)
			}
		}
	}
	return out
}

func constString(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}

// staticFunc returns the function or method a static call calls (the
// generic origin for an instance), nil for dynamic calls.
func staticFunc(c *ssa.CallCommon) *types.Func {
	if c.IsInvoke() {
		return nil
	}
	f := c.StaticCallee()
	if f == nil {
		return nil
	}
	if f.Origin() != nil {
		f = f.Origin()
	}
	fn, _ := f.Object().(*types.Func)
	return fn
}

// isFunc reports whether c calls one of the package functions fs.
func isFunc(c *ssa.CallCommon, fs ...stdFunc) bool {
	fn := staticFunc(c)
	if fn == nil || fn.Pkg() == nil || fn.Type().(*types.Signature).Recv() != nil || len(c.Args) == 0 {
		return false
	}
	for _, f := range fs {
		if fn.Pkg().Path() == f.pkg && fn.Name() == f.name {
			return true
		}
	}
	return false
}

func returnsError(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	return res.Len() > 0 && isErrorType(res.At(res.Len()-1).Type())
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// funcName names a program function as the code would call it.
func funcName(fn *types.Func) string {
	sig := fn.Type().(*types.Signature)
	if r := sig.Recv(); r != nil {
		rt := r.Type()
		ptr := ""
		if p, ok := rt.(*types.Pointer); ok {
			rt, ptr = p.Elem(), "*"
		}
		if n, ok := types.Unalias(rt).(*types.Named); ok {
			return "(" + ptr + n.Obj().Name() + ")." + fn.Name()
		}
		return fn.Name()
	}
	if fn.Pkg() != nil {
		return fn.Pkg().Name() + "." + fn.Name()
	}
	return fn.Name()
}
