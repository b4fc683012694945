package ssaprog

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"testing"
)

// planSource type-checks src (package p, importing only the standard
// library) and plans its bodies with database/sql as the only seed
// package and an UPSERT as the only seed literal.
func planSource(t *testing.T, src string) (*bodyPlan, *types.Package, map[string]*ast.FuncDecl) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{},
		Defs:  map[*ast.Ident]types.Object{},
		Uses:  map[*ast.Ident]types.Object{},
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	decls := map[string]*ast.FuncDecl{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			name := fd.Name.Name
			if fd.Recv != nil {
				name = "." + name
			}
			decls[name] = fd
		}
	}
	return planBodies([]*ast.File{f}, info, pkg, testSeeds), pkg, decls
}

// testSeeds are database/sql and any literal spelling an UPSERT.
var testSeeds = Seeds{
	Object:  func(obj types.Object) bool { return obj.Pkg() != nil && obj.Pkg().Path() == "database/sql" },
	Method:  func(fn *types.Func) bool { return fn.Pkg() != nil && fn.Pkg().Path() == "database/sql" },
	Literal: func(lit string) bool { return strings.Contains(lit, "UPSERT INTO") },
}

func keptNames(p *bodyPlan, decls map[string]*ast.FuncDecl) string {
	var out []string
	for name, d := range decls {
		if p.keep[d] {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func TestPlanBodies(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		kept      string
		// unknown lists package-level objects that a body-less function
		// may call or write (bodyPlan.unknownUse).
		unknown []string
		nothing bool
	}{
		{
			name: "repository: wrapper, its callers, the constructor; logging and maths stripped",
			src: `package p
import "database/sql"
type repo struct{ db *sql.DB; table string; hits int }
func newRepo(db *sql.DB, prefix string) *repo { return &repo{db: db, table: prefix + "/orders"} }
func (r *repo) exec(q string) error { _, err := r.db.Exec(q); return err }
func (r *repo) get() error { r.hits++; return r.exec("SELECT * FROM " + r.table) }
func (r *repo) describe() { println(r.table, r.hits) }
func fib(n int) int { if n < 2 { return n }; return fib(n-1) + fib(n-2) }
func debugDump(r *repo) { r.describe(); println(fib(10)) }
func main() { r := newRepo(nil, "x"); r.get() }`,
			kept: ".exec .get main newRepo",
			// describe, fib and debugDump read only; a body-less function
			// calls describe and fib.
			unknown: []string{"describe", "fib"},
		},
		{
			name: "a text helper is kept; its caller without a body makes its callers unknown",
			src: `package p
func tableName(prefix string) string { return prefix + "/orders" }
func report() { println(tableName("a")) }`,
			kept:    "tableName",
			unknown: []string{"tableName"},
		},
		{
			name: "every writer of a text var a text helper reads is kept; readers are not",
			src: `package p
type cfg struct{ prefix string; retries int }
var c cfg
func setPrefix(p string) { c.prefix = p }
func setRetries(n int) { c.retries = n }
func path() string { return c.prefix + "/t" }
func tries() int { return c.retries }`,
			kept: "path setPrefix setRetries",
		},
		{
			name: "a site body's writers of any field are kept, and the functions it calls",
			src: `package p
import "database/sql"
type store struct{ db *sql.DB; limit int }
func (s *store) setLimit(n int) { s.limit = n }
func clamp(n int) int { if n > 100 { return 100 }; return n }
func (s *store) list() { s.db.Query("SELECT * FROM t LIMIT ?", clamp(s.limit)) }`,
			kept: ".list .setLimit clamp",
		},
		{
			name: "a type with a method touching the SDK: where it is named or returned, it may become an interface",
			src: `package p
import "database/sql"
type rower interface{ row() sql.NullString }
type tagRow struct{ key string }
func (t tagRow) row() sql.NullString { return sql.NullString{String: t.key} }
func newTagRow(k string) tagRow { return tagRow{key: k} }
func collect(k string) []rower { return []rower{newTagRow(k)} }
func unrelated() int { return 1 }`,
			kept: ".row collect newTagRow",
		},
		{
			name: "a package where nothing can matter builds no SSA at all",
			src: `package p
type point struct{ x, y int }
func (p point) add(q point) point { return point{p.x + q.x, p.y + q.y} }
func sum(ps []point) (s point) { for _, p := range ps { s = s.add(p) }; return }`,
			kept:    "",
			nothing: true,
			unknown: []string{"add"},
		},
		{
			name: "YQL text in a literal is a seed",
			src: `package p
func run(exec func(string)) { exec("UPSERT INTO t (id) VALUES (1)") }
func other() {}`,
			kept: "run",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plan, pkg, decls := planSource(t, tc.src)
			if got := keptNames(plan, decls); got != tc.kept {
				t.Errorf("kept %q, want %q", got, tc.kept)
			}
			if plan.nothing() != tc.nothing {
				t.Errorf("nothing() = %v, want %v", plan.nothing(), tc.nothing)
			}
			want := map[string]bool{}
			for _, name := range tc.unknown {
				want[name] = true
			}
			var got []string
			for obj := range plan.unknown {
				got = append(got, obj.Name())
				if !want[obj.Name()] {
					t.Errorf("unknownUse(%s) = true, want false", obj.Name())
				}
			}
			for name := range want {
				obj := pkg.Scope().Lookup(name)
				if obj == nil {
					obj = memberNamed(pkg, name)
				}
				if !plan.unknownUse(obj) {
					t.Errorf("unknownUse(%s) = false, want true (unknown: %v)", name, got)
				}
			}
		})
	}
}

// memberNamed finds a method or a field of a type of pkg by name.
func memberNamed(pkg *types.Package, name string) types.Object {
	for _, n := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(n).(*types.TypeName)
		if !ok {
			continue
		}
		if named, ok := tn.Type().(*types.Named); ok {
			for i := 0; i < named.NumMethods(); i++ {
				if named.Method(i).Name() == name {
					return named.Method(i)
				}
			}
		}
		if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			for i := 0; i < st.NumFields(); i++ {
				if st.Field(i).Name() == name {
					return st.Field(i)
				}
			}
		}
	}
	return nil
}

// TestMayWrite pins the syntactic write test the guards rely on: a miss
// here would let a body-less function write a field unseen.
func TestMayWrite(t *testing.T) {
	src := `package p
type inner struct{ n int }
type s struct{ name string; in inner; p *inner; list []string; m map[string]string }
var g s
func f(x *s) {
	_ = x.name        // read
	x.name = "a"      // write
	_ = &x.name       // write (address)
	x.in.n = 1        // write of in (value struct)
	x.p.n = 1         // read of p (through the pointer)
	x.list[0] = "b"   // read of list (the backing array changes)
	_ = x.m["k"]      // read
	for x.name = range x.m {} // write
	_ = s{name: "c"}  // write (literal key)
	g.name = "d"      // write of g (value struct var) and of name
	println(g.p)      // read of g and p
}`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	// Expected verdicts per line and identifier.
	want := map[int]map[string]bool{
		6:  {"name": false},
		7:  {"name": true},
		8:  {"name": true},
		9:  {"in": true, "n": true},
		10: {"p": false, "n": true},
		11: {"list": false},
		12: {"m": false},
		13: {"name": true, "m": false},
		14: {"name": true},
		15: {"g": true, "name": true},
		16: {"g": false, "p": false},
	}
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return true
		}
		line := fset.Position(id.Pos()).Line
		exp, ok := want[line][id.Name]
		if !ok {
			return true
		}
		if got := mayWrite(stack, v.Type(), info); got != exp {
			t.Errorf("line %d: mayWrite(%s) = %v, want %v", line, id.Name, got, exp)
		}
		delete(want[line], id.Name)
		return true
	})
	for line, m := range want {
		for name := range m {
			t.Errorf("line %d: %s not visited", line, name)
		}
	}
}
