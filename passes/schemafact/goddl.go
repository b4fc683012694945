package schemafact

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/modscan"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
)

// The syntactic Go DDL scan finds CREATE/ALTER/DROP TABLE text in Go files
// of packages that the analysed package may not import (a bootstrap or
// migrations package is the common case). It parses files without type
// checking, so it only understands string literals, constant and variable
// names declared in the same package, `+` concatenation, fmt.Sprintf with a
// constant format, path.Join, and strings.Join over a []string literal.
// Every other piece of a string becomes a hole: a table named by a hole
// alone is unknown, and a table named by a hole followed by "/name" is
// "name" under an unknown prefix, which is what path.Join(db.Name(),
// "orders") and fmt.Sprintf("%s/orders", prefix) give.

// goDDL is one DDL text found by the scan.
type goDDL struct {
	Text string // hole pieces are written as yql.HoleName(i); "" when Def is set
	// Def is a CreateTable call decoded by the option scan (goopts.go).
	Def  *schema.TableDef
	File string // slash path relative to the module root
	Line int    // line of the expression that holds the text
	// Func names the top-level function the text is written in ("" at
	// package level or unknown): DDL of different functions has no known
	// order between them (siteorder.go).
	Func string
	// Piece is set for a string written to a builder or grown with +=
	// (goddlpiece.go): it is read only if it parses by itself.
	Piece bool
}

// Bounds of the evaluator: a const chain deeper than this, or a text longer,
// is treated as unknown.
const (
	maxEvalDepth = 16
	maxTextLen   = 1 << 20
)

// holeMark stands for a hole while a text is being built; it is replaced by
// numbered placeholders at the end. A literal holding it is never DDL.
const holeMark = "\x00"

// goFile is one parsed Go file of a package directory.
type goFile struct {
	rel  string
	file *ast.File
}

// scanGoPackage returns the DDL texts of one package: the Go files of one
// directory that share a package name (test files excluded by the caller).
func scanGoPackage(fset *token.FileSet, files []goFile) []goDDL {
	s := &goScanner{fset: fset, decls: map[string][]ast.Expr{}, consumed: map[string]bool{}, grown: map[string]bool{}}
	for _, f := range files {
		s.collectDecls(f.file)
	}
	type deferred struct {
		file  string
		name  string
		value ast.Expr
	}
	var specs []deferred
	for _, f := range files {
		addGrownNames(s.grown, f.file)
	}
	for _, f := range files {
		s.curFile = f.file
		ast.Inspect(f.file, func(n ast.Node) bool {
			if exprs := s.pieceContext(n); exprs != nil {
				s.visitPieces(f.rel, exprs)
				return false
			}
			switch n := n.(type) {
			case *ast.ValueSpec:
				// A named string is recorded only if no recorded expression
				// uses it (phase 2): `db.Exec(ctx, createOrders)` needs the
				// declaration, `fmt.Sprintf(createFmt, p)` does not.
				for i, v := range n.Values {
					if isStringExprShape(v) && i < len(n.Names) {
						specs = append(specs, deferred{f.rel, n.Names[i].Name, v})
					} else {
						ast.Inspect(v, s.visit(f.rel))
					}
				}
				return false
			}
			return s.visit(f.rel)(n)
		})
	}
	// A named DDL string used by another recorded expression (possibly
	// another named one, as in `q = head + body`) is part of that text.
	type candidate struct {
		deferred
		text string
		used map[string]bool
	}
	var cands []candidate
	for _, d := range specs {
		if text, used, ok := s.evalDDL(d.value); ok {
			cands = append(cands, candidate{d, text, used})
			for name := range used {
				s.consumed[name] = true
			}
		}
	}
	s.curFile = nil // package-level declarations: no enclosing function
	for _, c := range cands {
		if !s.consumed[c.name] {
			s.commit(c.file, c.value, c.text)
		}
	}
	return dropBrokenPieces(s.out)
}

type goScanner struct {
	fset     *token.FileSet
	curFile  *ast.File
	decls    map[string][]ast.Expr // string-valued const and var declarations by name
	consumed map[string]bool       // names used inside recorded expressions
	out      []goDDL
	grown    map[string]bool // names of variables grown with += in the package
	pieces   int             // > 0 while visiting pieces (goddlpiece.go)
}

func (s *goScanner) collectDecls(f *ast.File) {
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok {
			return true
		}
		for i, name := range vs.Names {
			if i < len(vs.Values) && name.Name != "_" {
				s.decls[name.Name] = append(s.decls[name.Name], vs.Values[i])
			}
		}
		return true
	})
}

// visit returns the inspector callback recording maximal string expressions.
func (s *goScanner) visit(rel string) func(ast.Node) bool {
	return func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && isMessageCall(s.curFile, call) {
			return false // a message, not a statement (goddlmsg.go)
		}
		if exprs := s.pieceContext(n); exprs != nil {
			s.visitPieces(rel, exprs)
			return false
		}
		e, ok := n.(ast.Expr)
		if !ok || !isStringExprShape(e) {
			return true
		}
		if s.record(rel, e) {
			return false // sub-expressions are part of the recorded text
		}
		if call, ok := e.(*ast.CallExpr); ok {
			if name, _ := stringFunc(call); name == "strings.Join" {
				// Not assembled: its elements are pieces (goddlpiece.go).
				s.visitPieces(rel, call.Args)
				return false
			}
		}
		return true
	}
}

// record evaluates e and keeps it when it holds DDL.
func (s *goScanner) record(rel string, e ast.Expr) bool {
	text, used, ok := s.evalDDL(e)
	if !ok {
		return false
	}
	for name := range used {
		s.consumed[name] = true
	}
	s.commit(rel, e, text)
	return true
}

// evalDDL evaluates e and reports whether it holds DDL, with the names of
// the declarations it used.
func (s *goScanner) evalDDL(e ast.Expr) (string, map[string]bool, bool) {
	used := map[string]bool{}
	text, ok := s.eval(e, 0, used)
	if !ok || !modscan.IsDDL(text) {
		return "", nil, false
	}
	return text, used, true
}

func (s *goScanner) commit(rel string, e ast.Expr, text string) {
	s.out = append(s.out, goDDL{
		Text:  numberHoles(formatVerbsToHoles(text)),
		File:  rel,
		Line:  s.fset.Position(e.Pos()).Line,
		Func:  enclosingFuncName(s.curFile, e.Pos()),
		Piece: s.pieces > 0,
	})
}

// isStringExprShape reports whether e may be a string the evaluator
// understands; other expressions are only descended into.
func isStringExprShape(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BasicLit:
		return e.Kind == token.STRING
	case *ast.BinaryExpr:
		return e.Op == token.ADD
	case *ast.ParenExpr:
		return isStringExprShape(e.X)
	case *ast.CallExpr:
		_, ok := stringFunc(e)
		return ok
	}
	return false
}

// stringFunc recognises fmt.Sprintf, path.Join/Dir/Base and strings.Join by
// their selector spelling.
// Without types, a local package renamed to fmt would fool it; the result is
// then at worst a text with holes.
func stringFunc(call *ast.CallExpr) (string, bool) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	pkg, ok := sel.X.(*ast.Ident)
	if !ok {
		return "", false
	}
	switch name := pkg.Name + "." + sel.Sel.Name; name {
	case "fmt.Sprintf", "path.Join", "path.Dir", "path.Base", "strings.Join":
		return name, true
	}
	return "", false
}

// eval returns the value of e with holeMark for each unknown piece. ok is
// false when e is not a string expression at all.
func (s *goScanner) eval(e ast.Expr, depth int, used map[string]bool) (string, bool) {
	if depth > maxEvalDepth {
		return holeMark, true
	}
	switch e := e.(type) {
	case *ast.BasicLit:
		switch e.Kind {
		case token.STRING:
			v, err := strconv.Unquote(e.Value)
			if err != nil || strings.Contains(v, holeMark) {
				return "", false
			}
			return v, true
		case token.INT:
			return e.Value, true
		}
		return holeMark, true
	case *ast.ParenExpr:
		return s.eval(e.X, depth+1, used)
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return holeMark, true
		}
		x, okx := s.eval(e.X, depth+1, used)
		y, oky := s.eval(e.Y, depth+1, used)
		if !okx {
			x = holeMark
		}
		if !oky {
			y = holeMark
		}
		return clip(x + y), true
	case *ast.Ident:
		vals := s.decls[e.Name]
		if len(vals) != 1 {
			return holeMark, true // unknown, or declared in several scopes
		}
		v, ok := s.eval(vals[0], depth+1, used)
		if !ok {
			return holeMark, true
		}
		used[e.Name] = true
		if s.grown[e.Name] {
			// Its declared value is only how it starts (goddlpiece.go).
			return clip(v + holeMark), true
		}
		return v, true
	case *ast.CallExpr:
		name, ok := stringFunc(e)
		if !ok || e.Ellipsis.IsValid() {
			return holeMark, true
		}
		switch name {
		case "fmt.Sprintf":
			if len(e.Args) == 0 {
				return holeMark, true
			}
			format, ok := s.eval(e.Args[0], depth+1, used)
			if !ok || strings.Contains(format, holeMark) {
				return holeMark, true
			}
			args := make([]string, len(e.Args)-1)
			for i, a := range e.Args[1:] {
				v, ok := s.eval(a, depth+1, used)
				if !ok {
					v = holeMark
				}
				args[i] = v
			}
			return clip(sprintf(format, args)), true
		case "path.Dir", "path.Base":
			if len(e.Args) != 1 {
				return holeMark, true
			}
			v, ok := s.eval(e.Args[0], depth+1, used)
			if !ok {
				return holeMark, true
			}
			return dirBase(name == "path.Dir", v), true
		case "strings.Join":
			return s.evalJoin(e, depth, used), true
		case "path.Join":
			return clip(joinPath(func(yield func(string) bool) {
				for _, a := range e.Args {
					v, ok := s.eval(a, depth+1, used)
					if !ok {
						v = holeMark
					}
					if !yield(v) {
						return
					}
				}
			})), true
		}
	}
	return holeMark, true
}

// sprintf applies the simple verbs of format to args. A verb with flags,
// width, precision or an explicit index gives a hole, as does a verb whose
// argument is missing; %q of a known string quotes it like fmt does.
func sprintf(format string, args []string) string {
	var b strings.Builder
	next := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		if i+1 >= len(format) {
			b.WriteString(holeMark)
			break
		}
		verb := format[i+1]
		i++
		if verb == '%' {
			b.WriteByte('%')
			continue
		}
		arg := holeMark
		if next < len(args) {
			arg = args[next]
		}
		next++
		switch verb {
		case 's', 'v', 'd':
			b.WriteString(arg)
		case 'q':
			if strings.Contains(arg, holeMark) {
				b.WriteString(holeMark)
			} else {
				b.WriteString(strconv.Quote(arg))
			}
		default:
			// Flags, width, precision, index or an unusual verb: skip to the
			// verb letter and leave a hole.
			for i < len(format) && !isVerbLetter(format[i]) {
				i++
			}
			b.WriteString(holeMark)
		}
	}
	return b.String()
}

func isVerbLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// joinPath joins elements like path.Join when all are known; with a hole it
// joins the pieces with single slashes, so path.Join(hole, "orders") is
// hole + "/orders".
func joinPath(elems func(func(string) bool)) string {
	var parts []string
	known := true
	for e := range elems {
		if e == "" {
			continue
		}
		if strings.Contains(e, holeMark) {
			known = false
		}
		parts = append(parts, e)
	}
	if known {
		return path.Join(parts...)
	}
	for _, p := range parts {
		if strings.Contains(p, "..") {
			// Cleaning could resolve ".." against the unknown piece
			// (querysite's path.Join does the same).
			return holeMark
		}
	}
	for i, p := range parts {
		if i > 0 {
			p = strings.TrimLeft(p, "/")
		}
		if i < len(parts)-1 {
			p = strings.TrimRight(p, "/")
		}
		parts[i] = p
	}
	return strings.Join(parts, "/")
}

// dirBase is path.Dir (dir) or path.Base of v. With a hole, only a value
// ending in a known "/name" is cut at that slash (querysite's rule; the
// scan has no hole keys, so path.Dir(hole) is just a hole).
func dirBase(dir bool, v string) string {
	if !strings.Contains(v, holeMark) {
		if dir {
			return path.Dir(v)
		}
		return path.Base(v)
	}
	tail := v[strings.LastIndex(v, holeMark)+len(holeMark):]
	i := strings.LastIndexByte(tail, '/')
	if i < 0 {
		return holeMark
	}
	name := tail[i+1:]
	if name == "" || name == "." || name == ".." {
		return holeMark
	}
	if !dir {
		return name
	}
	head := v[:len(v)-len(tail)] + strings.TrimRight(tail[:i], "/")
	if strings.Contains(head, "..") {
		return holeMark
	}
	return head
}

// formatVerbsToHoles turns printf verbs left in a recorded text into holes:
// a format declared as a named string and passed to a wrapper we cannot see
// still defines the table up to its holes, never a table called "%s".
var verbPattern = regexp.MustCompile(`%[-+# 0-9.\[\]]*[svdq]`)

func formatVerbsToHoles(text string) string {
	if !strings.Contains(text, "%") {
		return text
	}
	return verbPattern.ReplaceAllString(text, holeMark)
}

// numberHoles replaces each holeMark with the next yql hole placeholder.
func numberHoles(text string) string {
	if !strings.Contains(text, holeMark) {
		return text
	}
	var b strings.Builder
	n := 0
	for {
		i := strings.Index(text, holeMark)
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:i])
		b.WriteString(yql.HoleName(n))
		n++
		text = text[i+len(holeMark):]
	}
}

func clip(s string) string {
	if len(s) > maxTextLen {
		return s[:maxTextLen]
	}
	return s
}

// parseGoPackages groups the given Go files (module-relative slash paths and
// contents) into packages by directory and package clause, parses those that
// mention DDL, and returns the DDL texts found, ordered by file and line.
// Test files are left out by the caller: their DDL builds fixtures.
func parseGoPackages(files []goSource) []goDDL {
	type pkgKey struct{ dir, name string }
	fset := token.NewFileSet()
	pkgs := map[pkgKey][]goFile{}
	dirHasDDL := map[string]bool{}
	for _, f := range files {
		if modscan.MentionsDDL(f.content) {
			dirHasDDL[path.Dir(f.rel)] = true
		}
	}
	for _, f := range files {
		// A package's constants may live in a file without DDL, so every
		// file of a directory with DDL somewhere is parsed.
		if !dirHasDDL[path.Dir(f.rel)] {
			continue
		}
		af, err := parser.ParseFile(fset, f.rel, f.content, parser.SkipObjectResolution)
		if err != nil || af == nil {
			continue
		}
		k := pkgKey{path.Dir(f.rel), af.Name.Name}
		pkgs[k] = append(pkgs[k], goFile{rel: f.rel, file: af})
	}
	keys := make([]pkgKey, 0, len(pkgs))
	for k := range pkgs {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].dir != keys[j].dir {
			return keys[i].dir < keys[j].dir
		}
		return keys[i].name < keys[j].name
	})
	var out []goDDL
	for _, k := range keys {
		if importsDBLibrary(pkgs[k]) {
			out = append(out, scanGoPackage(fset, pkgs[k])...)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Line < out[j].Line
	})
	return out
}

// importsDBLibrary reports whether some file of the package imports
// ydb-go-sdk or database/sql. Only such packages run DDL against YDB; a
// CREATE TABLE string elsewhere may be for another database (a service
// that also uses PostgreSQL through pgx), and a wrong definition would make
// rules report what is not there.
func importsDBLibrary(files []goFile) bool {
	for _, f := range files {
		for _, imp := range f.file.Imports {
			if p, err := strconv.Unquote(imp.Path.Value); err == nil && isDBLibrary(p) {
				return true
			}
		}
	}
	return false
}

// goSource is a Go file's module-relative path and content.
type goSource struct {
	rel     string
	content []byte
}
