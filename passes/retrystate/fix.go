package retrystate

import (
	"bytes"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ydblint/ydblint/internal/noreturn"
)

// The suggested fix for a counter that gathers over a loop of retrier
// calls. Only a counter the closure does nothing with but add to (n++,
// n--, n += x, n -= x) is rewritten, and only when the call's error lands
// in a variable the fix can test; anything else gets the advice alone,
// since a rewrite could change what the code computes:
//
//	var callMoved int                          // one per call
//	err = db.Query().DoTx(ctx, func(…) error {
//		callMoved = 0                           // every attempt starts at zero
//		… callMoved++ …
//	})
//	if err != nil {
//		return moved, err
//	}
//	moved += callMoved                         // once, after the call succeeded
//
// retry.RetryWithResult returns as soon as an attempt returns nil
// (ydb-go-sdk v3.156.1 retry/retry.go:357), so callMoved then holds the
// successful attempt's count alone.

// loopCounterFix builds the fix for the counter cell of rc's closure, or
// returns false.
func loopCounterFix(pass *analysis.Pass, closure *ssa.Function, cell *ssa.FreeVar) (analysis.SuggestedFix, bool) {
	lit, ok := closure.Syntax().(*ast.FuncLit)
	if !ok || lit.Body == nil {
		return analysis.SuggestedFix{}, false
	}
	file := fileOf(pass, lit.Pos())
	if file == nil {
		return analysis.SuggestedFix{}, false
	}
	counter, uses, ok := counterUses(pass.TypesInfo, lit, cell.Name())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	typ, zero, ok := counterType(pass.Pkg, counter.Type())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	path, _ := astutil.PathEnclosingInterval(file, lit.Pos(), lit.End())
	nr, _ := pass.ResultOf[noreturn.Analyzer].(*noreturn.Result)
	site, ok := callStatement(pass.TypesInfo, nr, path, lit)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	local, ok := freshName(pass.TypesInfo, lit, site.stmt.Pos(), "call"+upperFirst(counter.Name()))
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	indent := indentAt(pass, site.stmt.Pos())
	edits := []analysis.TextEdit{
		{Pos: site.stmt.Pos(), End: site.stmt.Pos(), NewText: []byte("var " + local + " " + typ + "\n" + indent)},
		{Pos: lit.Body.Lbrace + 1, End: lit.Body.Lbrace + 1, NewText: []byte("\n" + bodyIndent(pass, lit, indent) + local + " = " + zero)},
	}
	for _, id := range uses {
		edits = append(edits, analysis.TextEdit{Pos: id.Pos(), End: id.End(), NewText: []byte(local)})
	}
	add := counter.Name() + " += " + local
	if site.checked != nil {
		edits = append(edits, analysis.TextEdit{Pos: site.checked.End(), End: site.checked.End(), NewText: []byte("\n" + indent + add)})
	} else {
		edits = append(edits, analysis.TextEdit{Pos: site.stmt.End(), End: site.stmt.End(),
			NewText: []byte("\n" + indent + "if " + site.errName + " == nil {\n" + indent + "\t" + add + "\n" + indent + "}")})
	}
	return analysis.SuggestedFix{
		Message:   "count " + counter.Name() + " per call in " + local + ", zeroed by every attempt, and add it after the call succeeds",
		TextEdits: edits,
	}, true
}

func fileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// counterUses finds the variable named name that lit captures and its
// uses in lit, each the target of an addition or subtraction statement;
// false when the closure uses it any other way (reads it, passes it on,
// captures it again in a nested literal).
func counterUses(info *types.Info, lit *ast.FuncLit, name string) (*types.Var, []*ast.Ident, bool) {
	var counter *types.Var
	var uses []*ast.Ident
	targets := map[*ast.Ident]bool{}
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(s.X).(*ast.Ident); ok {
				targets[id] = true
			}
		case *ast.AssignStmt:
			if (s.Tok == token.ADD_ASSIGN || s.Tok == token.SUB_ASSIGN) && len(s.Lhs) == 1 {
				if id, ok := ast.Unparen(s.Lhs[0]).(*ast.Ident); ok {
					targets[id] = true
				}
			}
		}
		return true
	})
	ok := true
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		id, isIdent := n.(*ast.Ident)
		if !isIdent || id.Name != name {
			return true
		}
		v, isVar := info.Uses[id].(*types.Var)
		if !isVar || v.IsField() || v.Parent() == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() ||
			(lit.Pos() <= v.Pos() && v.Pos() < lit.End()) {
			return true // a field, a package variable, or declared inside the closure: another variable
		}
		switch {
		case counter != nil && v != counter, !targets[id], enclosingLit(lit, id):
			ok = false
		}
		counter = v
		uses = append(uses, id)
		return true
	})
	return counter, uses, ok && counter != nil && len(uses) > 0
}

// enclosingLit reports whether id lies in a function literal nested in lit.
func enclosingLit(lit *ast.FuncLit, id *ast.Ident) bool {
	nested := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if f, ok := n.(*ast.FuncLit); ok && f.Pos() <= id.Pos() && id.End() <= f.End() {
			nested = true
		}
		return !nested
	})
	return nested
}

// counterType spells the counter's type for a declaration in pkg, and its
// zero value: a number or string type, predeclared or declared in pkg.
func counterType(pkg *types.Package, t types.Type) (string, string, bool) {
	t = types.Unalias(t)
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != pkg {
		return "", "", false
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return "", "", false
	}
	var zero string
	switch {
	case b.Info()&types.IsNumeric != 0:
		zero = "0"
	case b.Info()&types.IsString != 0:
		zero = `""`
	default:
		return "", "", false
	}
	return types.TypeString(t, types.RelativeTo(pkg)), zero, true
}

// callSite is the statement holding the retrier's call and what follows.
type callSite struct {
	// stmt is the statement the declaration goes before.
	stmt ast.Stmt
	// errName is the variable the call's error is assigned to.
	errName string
	// checked is the statement after which the call is known to have
	// succeeded (an if err != nil whose body leaves), or nil.
	checked ast.Stmt
}

// callStatement finds the statement that hands lit to the retrier (path
// runs from lit outwards): err = Do(…), err := Do(…), or the init of an
// if err := Do(…); err != nil { …leave… }.
func callStatement(info *types.Info, nr *noreturn.Result, path []ast.Node, lit *ast.FuncLit) (callSite, bool) {
	if len(path) < 4 {
		return callSite{}, false
	}
	call, ok := path[1].(*ast.CallExpr)
	if !ok || !containsArg(call, lit) {
		return callSite{}, false
	}
	assign, ok := path[2].(*ast.AssignStmt)
	if !ok || len(assign.Rhs) != 1 || assign.Rhs[0] != call || (assign.Tok != token.ASSIGN && assign.Tok != token.DEFINE) {
		return callSite{}, false
	}
	errID, ok := assign.Lhs[len(assign.Lhs)-1].(*ast.Ident)
	if !ok || errID.Name == "_" || !isErrorType(info.TypeOf(errID)) {
		return callSite{}, false
	}
	errObj := info.ObjectOf(errID)
	switch parent := path[3].(type) {
	case *ast.IfStmt:
		if parent.Init != assign || parent.Else != nil || !errNotNil(info, parent.Cond, errObj) || !leaves(info, nr, parent.Body) || len(path) < 5 {
			return callSite{}, false
		}
		if _, ok := path[4].(*ast.BlockStmt); !ok {
			return callSite{}, false
		}
		return callSite{stmt: parent, errName: errID.Name, checked: parent}, true
	case *ast.BlockStmt:
		site := callSite{stmt: assign, errName: errID.Name}
		for i, s := range parent.List {
			if s != assign || i+1 >= len(parent.List) {
				continue
			}
			if next, ok := parent.List[i+1].(*ast.IfStmt); ok && next.Init == nil && next.Else == nil &&
				errNotNil(info, next.Cond, errObj) && leaves(info, nr, next.Body) {
				site.checked = next
			}
		}
		return site, true
	}
	return callSite{}, false
}

func containsArg(call *ast.CallExpr, lit *ast.FuncLit) bool {
	for _, a := range call.Args {
		if a == lit {
			return true
		}
	}
	return false
}

func isErrorType(t types.Type) bool {
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}

// errNotNil reports whether cond is err != nil for the variable err.
func errNotNil(info *types.Info, cond ast.Expr, err types.Object) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	x, ok := ast.Unparen(b.X).(*ast.Ident)
	if !ok || info.ObjectOf(x) != err {
		return false
	}
	y, ok := ast.Unparen(b.Y).(*ast.Ident)
	_, isNil := info.ObjectOf(y).(*types.Nil)
	return ok && isNil
}

// leaves reports whether a block ends by leaving it for good: return,
// break, continue, goto, panic, or a call that never returns (t.Fatalf,
// log.Fatal, os.Exit, a helper ending in one: internal/noreturn), as a
// test's error branch does.
func leaves(info *types.Info, nr *noreturn.Result, b *ast.BlockStmt) bool {
	if b == nil || len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.ExprStmt:
		c, ok := s.X.(*ast.CallExpr)
		if !ok {
			return false
		}
		switch fn := typeutil.Callee(info, c).(type) {
		case *types.Builtin:
			return fn.Name() == "panic"
		case *types.Func:
			return nr != nil && nr.NoReturn(fn)
		}
	}
	return false
}

// freshName returns name, or name with a digit, when no variable of that
// name is visible at pos nor declared inside lit.
func freshName(info *types.Info, lit *ast.FuncLit, pos token.Pos, name string) (string, bool) {
	scope := innermostScope(info, pos)
	for i := 1; i <= 9; i++ {
		cand := name
		if i > 1 {
			cand += string(rune('0' + i))
		}
		if scope != nil {
			if _, obj := scope.LookupParent(cand, pos); obj != nil {
				continue
			}
		}
		if !namedIn(lit, cand) {
			return cand, true
		}
	}
	return "", false
}

func innermostScope(info *types.Info, pos token.Pos) *types.Scope {
	var best *types.Scope
	for _, s := range info.Scopes {
		if s.Pos() <= pos && pos < s.End() && (best == nil || best.Contains(s.Pos()) && s.End() <= best.End()) {
			best = s
		}
	}
	return best
}

func namedIn(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

func upperFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

// bodyIndent is the indentation of the closure's first statement, so the
// zeroing lines up with it however the literal is laid out (on the call's
// line or on a line of its own); one tab more than the call's statement
// for an empty body.
func bodyIndent(pass *analysis.Pass, lit *ast.FuncLit, stmtIndent string) string {
	if len(lit.Body.List) > 0 {
		return indentAt(pass, lit.Body.List[0].Pos())
	}
	return stmtIndent + "\t"
}

// indentAt is the leading white space of the line pos is on.
func indentAt(pass *analysis.Pass, pos token.Pos) string {
	tf := pass.Fset.File(pos)
	if tf == nil || pass.ReadFile == nil {
		return ""
	}
	src, err := pass.ReadFile(tf.Name())
	if err != nil {
		return ""
	}
	off := tf.Offset(tf.LineStart(tf.Line(pos)))
	if off < 0 || off > len(src) {
		return ""
	}
	line := src[off:]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	return string(line[:len(line)-len(strings.TrimLeft(string(line), " \t"))])
}
