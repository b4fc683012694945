package ssaprog

import (
	"bytes"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
)

// sourceImporter type-checks the packages of deps from source and takes
// the rest from the standard library's source.
type sourceImporter struct {
	fset *token.FileSet
	deps map[string]string
	done map[string]*types.Package
	std  types.Importer
}

func (im *sourceImporter) Import(path string) (*types.Package, error) {
	if p := im.done[path]; p != nil {
		return p, nil
	}
	src, ok := im.deps[path]
	if !ok {
		return im.std.Import(path)
	}
	f, err := parser.ParseFile(im.fset, path+".go", src, 0)
	if err != nil {
		return nil, err
	}
	p, err := (&types.Config{Importer: im}).Check(path, im.fset, []*ast.File{f}, nil)
	if err != nil {
		return nil, err
	}
	im.done[path] = p
	return p, nil
}

// passOf type-checks src as package example.com/p, importing deps from
// source, and returns the pass ssaprog's Builder reads.
func passOf(t *testing.T, deps map[string]string, src string) *analysis.Pass {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
	im := &sourceImporter{fset: fset, deps: deps, done: map[string]*types.Package{}, std: importer.ForCompiler(fset, "source", nil)}
	pkg, err := (&types.Config{Importer: im}).Check("example.com/p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return &analysis.Pass{Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info}
}

// fakeQuery stands for the SDK's query package: EveryBody looks at import
// paths only.
var fakeQuery = map[string]string{sdk.Module + "/query": "package query\n\nfunc Do(q string) error { return nil }\n"}

// sdkSeeds are the SDK and database/sql.
var sdkSeeds = Seeds{
	Object:  func(obj types.Object) bool { return obj.Pkg() != nil && isSeedPath(obj.Pkg().Path()) },
	Method:  func(fn *types.Func) bool { return fn.Pkg() != nil && isSeedPath(fn.Pkg().Path()) },
	Literal: func(string) bool { return false },
}

func isSeedPath(path string) bool { return sdk.InSDK(path) || path == "database/sql" }

// service is a package that calls the SDK: Get and the text helper it
// calls are needed; fib and debug (with its literal) are not.
const service = `package p

import (
	"fmt"

	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

var prefix = "t"

func table() string { return prefix + "/orders" }

func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

func debug() { fmt.Println(fib(10), func() int { return 1 }()) }

func Get(id int) error {
	if id < 0 {
		panic("negative")
	}
	f := func() string { return "SELECT * FROM " + table() }
	return query.Do(f())
}
`

// bodies renders the bodies a view shows, function by function (the
// package initialiser last), for comparison across programs.
func bodies(p *Program) []string {
	var out []string
	for _, fn := range append(slices.Clip(p.Funcs()), p.Pkg.Func("init")) {
		var b bytes.Buffer
		b.WriteString(fn.String())
		if len(p.Blocks(fn)) > 0 { // only a body the view shows
			ssa.WriteFunction(&b, fn)
		}
		out = append(out, b.String())
	}
	return out
}

func names(fns []*ssa.Function) []string {
	var out []string
	for _, fn := range fns {
		out = append(out, fn.Name())
	}
	return out
}

// TestEveryBodyViewMatchesPlannedProgram builds an SDK client's program
// once with every body and checks that the planning consumer's view of it
// shows what a program built for its plan alone holds: the same
// functions, the same bodies, the same unknown uses.
func TestEveryBodyViewMatchesPlannedProgram(t *testing.T) {
	pass := passOf(t, fakeQuery, service)
	if !EveryBody(pass.Pkg) {
		t.Fatal("a package importing the SDK's query package does not get every body")
	}
	b := &Builder{pass: pass}
	if first := b.Build(sdkSeeds); first == nil || first.hide {
		t.Fatalf("Build before All = %+v, want a program of the plan's bodies", first)
	}
	all := b.All()
	view := b.Build(sdkSeeds)
	if view == nil || all == nil {
		t.Fatalf("Build = %v, All = %v, want both", view, all)
	}
	if view.Prog != all.Prog {
		t.Error("Build after All built another program")
	}

	plan := planBodies(pass.Files, pass.TypesInfo, pass.Pkg, sdkSeeds)
	prog, pkg := build(pass, nil, plan)
	alone := newProgram(prog, pkg, pass, plan, false)

	if got, want := names(view.Funcs()), names(alone.Funcs()); !slices.Equal(got, want) {
		t.Errorf("view functions %v, planned program's %v", got, want)
	}
	if got, want := bodies(view), bodies(alone); !slices.Equal(got, want) {
		t.Errorf("view bodies differ from the planned program's:\n%s\n---\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	wantAll := []string{"table", "fib", "debug", "debug$1", "Get", "Get$1"}
	if got := names(all.Funcs()); !slices.Equal(got, wantAll) {
		t.Errorf("All functions %v, want %v", got, wantAll)
	}
	for _, fn := range all.Funcs() {
		if len(fn.Blocks) == 0 {
			t.Errorf("%s: no body in the program with every body", fn.Name())
		}
		hidden := fn.Name() == "fib" || strings.HasPrefix(fn.Name(), "debug")
		if shown := len(view.Blocks(fn)) > 0; shown == hidden {
			t.Errorf("%s: view shows the body: %v, want %v", fn.Name(), shown, !hidden)
		}
	}
	fib := pass.Pkg.Scope().Lookup("fib")
	if !view.UnknownUse(fib) || !alone.UnknownUse(fib) {
		t.Error("fib is called by a body the plan leaves out, yet UnknownUse(fib) is false")
	}
	if all.UnknownUse(fib) {
		t.Error("UnknownUse(fib) in the program with every body, want false")
	}
}

// TestPlannedProgramOnly checks that a package the SDK-usage rules do not
// read gets only the bodies of the plan, and the imports those use.
func TestPlannedProgramOnly(t *testing.T) {
	src := strings.Replace(strings.Replace(service, `"github.com/ydb-platform/ydb-go-sdk/v3/query"`, `"database/sql"`, 1),
		"return query.Do(f())", "db, _ := sql.Open(\"ydb\", \"\")\n\t_, err := db.Exec(f())\n\treturn err", 1)
	pass := passOf(t, nil, src)
	if EveryBody(pass.Pkg) {
		t.Fatal("a database/sql package gets every body")
	}
	b := &Builder{pass: pass}
	if b.All() != nil {
		t.Error("All built a program for a package the SDK-usage rules do not read")
	}
	view := b.Build(sdkSeeds)
	if view == nil {
		t.Fatal("Build: no program")
	}
	for _, fn := range view.Funcs() {
		if got, want := len(fn.Blocks) > 0, fn.Name() == "table" || strings.HasPrefix(fn.Name(), "Get"); got != want {
			t.Errorf("%s: built with a body: %v, want %v", fn.Name(), got, want)
		}
	}
	if view.Prog.ImportedPackage("fmt") != nil {
		t.Error("fmt got an SSA package, yet only a body left out uses it")
	}
	if view.Prog.ImportedPackage("database/sql") == nil {
		t.Error("database/sql got no SSA package")
	}
}

// TestNothingNeeded checks that a package without seeds gets no program.
func TestNothingNeeded(t *testing.T) {
	pass := passOf(t, nil, "package p\n\nfunc Add(a, b int) int { return a + b }\n")
	b := &Builder{pass: pass}
	if p := b.Build(sdkSeeds); p != nil {
		t.Errorf("Build = %v, want nil", p)
	}
	if b.All() != nil {
		t.Error("All built a program for a package without the SDK")
	}
}

// TestNoReturnGivesOwnProgram checks that querysite, which reads past a
// call that never returns, gets its own program when a body it needs makes
// such a call, while the program with every body stops there.
func TestNoReturnGivesOwnProgram(t *testing.T) {
	src := strings.Replace(service, "\tif id < 0 {\n\t\tpanic(\"negative\")\n\t}\n", "\tif id < 0 {\n\t\tfail()\n\t}\n", 1) +
		"\nfunc fail() { panic(\"stub\") }\n"
	pass := passOf(t, fakeQuery, src)
	fail := pass.Pkg.Scope().Lookup("fail").(*types.Func)
	b := &Builder{pass: pass, noReturn: func(fn *types.Func) bool { return fn == fail }}
	all := b.All()
	view := b.Build(sdkSeeds)
	if view == nil || all == nil {
		t.Fatalf("Build = %v, All = %v, want both", view, all)
	}
	if view.Prog == all.Prog {
		t.Fatal("querysite shares the program whose Get stops at fail()")
	}
	// Get's block after `if id < 0 { fail() }` joins both paths in
	// querysite's program only.
	if got, want := joins(view, "Get"), true; got != want {
		t.Errorf("querysite's Get: the call of fail() returns: %v, want %v", got, want)
	}
	if got, want := joins(all, "Get"), false; got != want {
		t.Errorf("every body's Get: the call of fail() returns: %v, want %v", got, want)
	}

	// Without the call, the program is shared.
	pass = passOf(t, fakeQuery, service)
	b = &Builder{pass: pass, noReturn: func(fn *types.Func) bool { return fn.Name() == "fail" }}
	if all := b.All(); all == nil || b.Build(sdkSeeds).Prog != all.Prog {
		t.Error("no body calls a function that never returns, yet querysite got its own program")
	}
}

// joins reports whether the call of fail in fn is followed by a jump (the
// path goes on) rather than the builder's panic.
func joins(p *Program, name string) bool {
	for _, fn := range p.Funcs() {
		if fn.Name() != name {
			continue
		}
		for _, b := range p.Blocks(fn) {
			for i, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok && call.Call.StaticCallee() != nil && call.Call.StaticCallee().Name() == "fail" {
					_, jump := b.Instrs[i+1].(*ssa.Jump)
					return jump
				}
			}
		}
	}
	return false
}
