package srcindex_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/srcindex"
)

const src = `package repo

import "fmt"

const table = "accounts"

const (
	byID   = "SELECT * FROM " + table + " WHERE id = $id"
	byName = "SELECT * FROM accounts WHERE name = $name"
)

var prefix = "/local"

type Repo struct{ path string }

func (r *Repo) Get(id int) string {
	q := fmt.Sprintf("%s WHERE id = %d", byID, id)
	local := "DECLARE $id AS Uint64;"
	f := func() string { return "in a literal" }
	return local + q + *(&r.path) + f() + prefix[1:]
}
`

// load parses and type-checks src; the positions of interest are found by
// the text they start at.
func load(t *testing.T) (*token.FileSet, *ast.File, *types.Info, *srcindex.Index) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "repo.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.Default()}
	if _, err := conf.Check("repo", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	return fset, f, info, srcindex.New([]*ast.File{f}, info)
}

// at is the position of the n-th (0-based) occurrence of s in src, plus
// off bytes.
func at(fset *token.FileSet, s string, n, off int) token.Pos {
	i := -1
	for ; n >= 0; n-- {
		j := strings.Index(src[i+1:], s)
		if j < 0 {
			return token.NoPos
		}
		i += 1 + j
	}
	var base int
	fset.Iterate(func(f *token.File) bool { base = f.Base(); return false })
	return token.Pos(base + i + off)
}

func exprString(fset *token.FileSet, e ast.Expr) string {
	if e == nil || reflect.ValueOf(e).IsNil() {
		return "<nil>"
	}
	return types.ExprString(e)
}

func TestLookups(t *testing.T) {
	fset, f, info, x := load(t)
	// Call by its parenthesis, as SSA records a call.
	if got := exprString(fset, x.Call(at(fset, "Sprintf(", 0, len("Sprintf")))); !strings.HasPrefix(got, "fmt.Sprintf(") {
		t.Errorf("Call(Sprintf's paren) = %s", got)
	}
	if c := x.Call(at(fset, "Sprintf(", 0, 0)); c != nil {
		t.Errorf("Call at the callee's name = %s, want none", exprString(fset, c))
	}
	// ExprAt: the expression an SSA instruction's position names.
	for _, tc := range []struct {
		pos  token.Pos
		want string
	}{
		{at(fset, "path)", 0, 0), "r.path"},          // a selector by its Sel
		{at(fset, "*(&r.path)", 0, 0), "*(&r.path)"}, // a dereference by its Star
		{at(fset, "&r.path", 0, 0), "&r.path"},       // an operator by its OpPos
		{at(fset, "[1:]", 0, 0), "prefix[1:]"},       // a slice by its Lbrack
		{at(fset, "+ q", 0, 0), "local + q"},         // a binary operator by its OpPos
		{at(fset, "f()", 0, 1), "f()"},               // a call by its Lparen
		{at(fset, "local +", 0, 0), "local"},         // an identifier
		{at(fset, "\"DECLARE", 0, 0), "<nil>"},       // a literal is none of them
		{token.NoPos, "<nil>"},                       // no position
	} {
		if got := exprString(fset, x.ExprAt(tc.pos)); got != tc.want {
			t.Errorf("ExprAt(%v) = %s, want %s", fset.Position(tc.pos), got, tc.want)
		}
	}
	// StringLitAt: string literals only, by their first byte.
	if bl := x.StringLitAt(at(fset, "\"DECLARE", 0, 0)); bl == nil || bl.Value != "\"DECLARE $id AS Uint64;\"" {
		t.Errorf("StringLitAt(DECLARE) = %v", bl)
	}
	if bl := x.StringLitAt(at(fset, "\"DECLARE", 0, 1)); bl != nil {
		t.Errorf("StringLitAt inside a literal = %v, want nil", bl.Value)
	}
	// ConstInit, VarSpec and SpecFile by the objects the checker defined.
	scope := info.Defs
	var byIDObj *types.Const
	var prefixObj, localObj *types.Var
	for id, obj := range scope {
		switch id.Name {
		case "byID":
			byIDObj = obj.(*types.Const)
		case "prefix":
			prefixObj = obj.(*types.Var)
		case "local":
			localObj = obj.(*types.Var)
		}
	}
	if got := exprString(fset, x.ConstInit(byIDObj)); got != `"SELECT * FROM " + table + " WHERE id = $id"` {
		t.Errorf("ConstInit(byID) = %s", got)
	}
	if s := x.VarSpec(prefixObj); s == nil || x.SpecFile(s) != f {
		t.Errorf("VarSpec(prefix) = %v, its file %v; want the package-level spec in repo.go", s, x.SpecFile(s))
	}
	if s := x.VarSpec(localObj); s != nil {
		t.Errorf("VarSpec(local) = %v, want nil (declared by :=)", s)
	}
}

func keys(m map[string][]ast.Expr) []string {
	var out []string
	for k, es := range m {
		for range es {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func TestStrings(t *testing.T) {
	_, f, _, x := load(t)
	var get *ast.FuncDecl
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "Get" {
			get = fd
		}
	}
	// The maximal constant expressions of Get's own body, by value: byID is
	// one expression (not its parts), the literal's string is left out.
	wantFn := []string{
		"%s WHERE id = %d",
		"DECLARE $id AS Uint64;",
		"SELECT * FROM accounts WHERE id = $id",
	}
	if got := keys(x.FuncStrings(get)); !reflect.DeepEqual(got, wantFn) {
		t.Errorf("FuncStrings(Get) = %q, want %q", got, wantFn)
	}
	if got := x.FuncStrings(nil); len(got) != 0 {
		t.Errorf("FuncStrings(nil) = %q, want none", keys(got))
	}
	// The package's: the constant declarations, Get's, and the literal's.
	got := keys(x.PackageStrings())
	for _, want := range append(wantFn, "accounts", "in a literal", "/local", "SELECT * FROM accounts WHERE name = $name") {
		i := sort.SearchStrings(got, want)
		if i == len(got) || got[i] != want {
			t.Errorf("PackageStrings lacks %q: %q", want, got)
		}
	}
}

func TestContaining(t *testing.T) {
	a := &ast.BasicLit{ValuePos: 10}
	b := &ast.BasicLit{ValuePos: 20}
	c := &ast.BasicLit{ValuePos: 30}
	exprs := map[string][]ast.Expr{
		"\nPRAGMA TablePathPrefix(\"x\");\nSELECT a FROM t;\n": {a},
		"SELECT b FROM u; SELECT b FROM u;":                    {b},
		"DECLARE $id AS Uint64;":                               {c, c},
	}
	for _, tc := range []struct {
		text string
		want ast.Expr
	}{
		{"SELECT a FROM t;", a},        // held once by one constant
		{"SELECT b FROM u;", nil},      // twice in its constant: which copy is unknown
		{"DECLARE $id AS Uint64", nil}, // one value written at two places
		{" FROM ", nil},                // in several constants
		{"UPSERT INTO", nil},           // in none
	} {
		if got := srcindex.Containing(exprs, tc.text); got != tc.want {
			t.Errorf("Containing(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
