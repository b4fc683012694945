package analyzer_test

import (
	"fmt"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// TestNoRunTimeGlobals holds ydblint to its rule that per-run state lives
// in values the drivers and analyzers pass (config.Analyzer's session,
// pkgstate.State, analyzer results), never in package variables: no
// function of the module (drivers and tests included) writes a
// package-level variable of passes/ or internal/, or anything inside it,
// once its package is initialised. See globalWrites for what counts as a
// write.
func TestNoRunTimeGlobals(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and builds SSA for every package of the module")
	}
	writes := globalWrites(t, "..", isPassesOrInternal, "./...")
	for _, w := range writes {
		t.Error(w)
	}
}

// isPassesOrInternal reports whether path is a package of passes/ or
// internal/, whose variables nothing may write at run time (drivers and
// tests anywhere in the module included).
func isPassesOrInternal(path string) bool {
	const module = "github.com/ydblint/ydblint/"
	rest, ok := strings.CutPrefix(path, module)
	return ok && (strings.HasPrefix(rest, "passes/") || strings.HasPrefix(rest, "internal/"))
}

// TestGlobalWritesFinds runs the check on a package that breaks the rule
// every way it knows, and on one that keeps it.
func TestGlobalWritesFinds(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/g\n\ngo 1.22\n",
		"bad/bad.go": `package bad

import (
	"sync"
	"sync/atomic"
)

var counter int
var cache = map[string]int{}
var list []string
var table = [2]int{1, 2}
var conf struct{ on bool }
var ptr = &struct{ n int }{}
var once sync.Once
var hits atomic.Int64
var lazy = sync.OnceValue(func() int { return 1 })
var Hook = func() {}

func Count()            { counter++ }
func Put(k string)      { cache[k] = 1 }
func Add(s string)      { list = append(list, s) }
func Set(i int)         { table[i] = 0 }
func Enable()           { conf.on = true }
func Bump()             { ptr.n++ }
func Once()             { once.Do(func() {}) }
func Hit()              { hits.Add(1) }
func Elem(i int)        { l := list; l[i] = "" }
func Clear()            { clear(cache) }
func Lazy() int         { return lazy() }
func Override() func()  { return func() { Hook = nil } }
`,
		"bad/bad_test.go": `package bad

import "testing"

func TestOverride(t *testing.T) { Hook = func() {} }
`,
		"driver/driver.go": `package driver

import "example.com/g/bad"

var runs int

func Run() {
	runs++
	bad.Hook = Run
}
`,
		"good/good.go": `package good

import "regexp"

var names = map[string]int{"a": 1}
var order = []string{"a", "b"}
var pattern = regexp.MustCompile("a+")
var byName = func() map[string]int {
	m := map[string]int{}
	for i, n := range order {
		m[n] = i
	}
	return m
}()

func init() { names["b"] = 2 }

func Lookup(s string) int {
	if pattern.MatchString(s) {
		return names[s] + byName[s] + len(order)
	}
	local := []string{s}
	local[0] = ""
	return 0
}
`,
	}
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	watched := func(path string) bool {
		return strings.HasPrefix(path, "example.com/g/") && path != "example.com/g/driver"
	}
	got := globalWrites(t, dir, watched, "./...")
	want := []string{
		"bad.go:16: init makes lazy a lazily computed value (sync.OnceValue)",
		"bad.go:19: Count writes counter",
		"bad.go:20: Put writes cache",
		"bad.go:21: Add writes list",
		"bad.go:22: Set writes table",
		"bad.go:23: Enable writes conf",
		"bad.go:24: Bump writes ptr",
		"bad.go:25: Once hands out the address of once",
		"bad.go:26: Hit hands out the address of hits",
		"bad.go:27: Elem writes list",
		"bad.go:28: Clear writes cache",
		"bad.go:30: Override$1 writes Hook",
		"bad_test.go:5: TestOverride writes Hook",
		"driver.go:9: Run writes Hook",
	}
	var short []string
	for _, g := range got {
		short = append(short, filepath.Base(g))
	}
	if strings.Join(short, "\n") != strings.Join(want, "\n") {
		t.Errorf("global writes:\n%s\nwant:\n%s", strings.Join(short, "\n"), strings.Join(want, "\n"))
	}
}

// globalWrites loads patterns from dir (with their tests) and returns, as
// "file:line: function writes var", every place a function of those
// packages writes a package-level variable of a package whose path
// watched accepts, other than that package's own initialisation:
//   - a store to the variable, or to a field or element of it reached
//     through its address (x = v, x.f = v, x[i] = v, x = append(x, v));
//   - a store through the value it holds, when that value is a pointer,
//     slice or map (p := x; p.f = v; s[i] = v; m[k] = v; clear(m));
//   - its address, or that of a part of it, handed to a call, stored or
//     converted (once.Do, mu.Lock, counter.Add, f(&x)), which lets the
//     callee write it;
//   - initialisation that makes it a lazily computed value
//     (sync.OnceFunc, OnceValue, OnceValues).
//
// An analyzer's FlagSet is the one exception: go/analysis drivers set an
// analyzer's flags by design, and ydblint binds them to values the
// analyzer owns (config.Analyzer), not to package variables.
//
// A package's initialisation is its init functions and the function
// literals they call right away; a literal init only creates (a Run
// closure, a default hook) runs later and is checked like any function.
func globalWrites(t *testing.T, dir string, watched func(path string) bool, patterns ...string) []string {
	t.Helper()
	cfg := &packages.Config{
		Mode:  packages.LoadSyntax,
		Dir:   dir,
		Tests: true,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("packages have errors")
	}
	prog, ssaPkgs := ssautil.Packages(pkgs, ssa.InstantiateGenerics)
	prog.Build()

	c := &writeChecker{watched: watched, seen: map[string]bool{}}
	initial := map[*ssa.Package]bool{}
	for _, pkg := range ssaPkgs {
		initial[pkg] = true
	}
	for fn := range ssautil.AllFunctions(prog) {
		if fn.Pkg == nil || !initial[fn.Pkg] || fn.Blocks == nil || fn.Origin() != nil ||
			(fn.Synthetic != "" && fn.Synthetic != "package initializer") {
			continue
		}
		c.checkFunction(fn)
	}
	sort.Strings(c.out)
	return c.out
}

// writeChecker finds the writes globalWrites reports.
type writeChecker struct {
	watched func(path string) bool
	seen    map[string]bool
	out     []string
}

func (c *writeChecker) report(fn *ssa.Function, pos token.Pos, msg string) {
	p := fn.Prog.Fset.Position(pos)
	line := fmt.Sprintf("%s:%d: %s %s", p.Filename, p.Line, fn.Name(), msg)
	if !c.seen[line] {
		c.seen[line] = true
		c.out = append(c.out, line)
	}
}

// isInitTime reports whether fn runs only while its package initialises:
// an init function, or a literal of one that its parent only calls.
func isInitTime(fn *ssa.Function) bool {
	if fn.Parent() == nil {
		return fn.Synthetic == "package initializer" || strings.HasPrefix(fn.Name(), "init#")
	}
	if !isInitTime(fn.Parent()) {
		return false
	}
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			for _, op := range instr.Operands(nil) {
				if *op != fn {
					continue
				}
				call, ok := instr.(*ssa.Call)
				if !ok || call.Call.Value != fn {
					return false
				}
			}
		}
	}
	return true
}

// checkFunction reports fn's writes to watched variables. A package's
// initialisation may write its own variables, but not make them lazily
// computed values.
func (c *writeChecker) checkFunction(fn *ssa.Function) {
	initTime := isInitTime(fn)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok && initTime {
				if g, ok := st.Addr.(*ssa.Global); ok && g.Pkg == fn.Pkg && c.watched(g.Pkg.Pkg.Path()) && isLazyValue(st.Val) {
					c.report(fn, g.Pos(), "makes "+g.Name()+" a lazily computed value ("+lazyCallee(st.Val)+")")
				}
			}
			c.checkInstr(fn, instr, initTime)
		}
	}
}

func (c *writeChecker) checkInstr(fn *ssa.Function, instr ssa.Instruction, initTime bool) {
	pos := instr.Pos()
	found := func(g *ssa.Global, msg string) {
		if g != nil && !(initTime && g.Pkg == fn.Pkg) {
			c.report(fn, pos, msg+g.Name())
		}
	}
	switch instr := instr.(type) {
	case *ssa.Store:
		found(c.storage(instr.Addr), "writes ")
		found(c.address(instr.Val), "hands out the address of ")
	case *ssa.MapUpdate:
		found(c.heldBy(instr.Map), "writes ")
	case ssa.CallInstruction:
		common := instr.Common()
		if b, ok := common.Value.(*ssa.Builtin); ok && b.Name() == "clear" {
			found(c.heldBy(common.Args[0]), "writes ")
			return
		}
		args := common.Args
		if common.IsInvoke() {
			args = append([]ssa.Value{common.Value}, args...)
		}
		for _, a := range args {
			if !isAnalyzerFlags(a) {
				found(c.address(a), "hands out the address of ")
			}
		}
	case *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface, *ssa.Slice:
		if g := c.address(*instr.Operands(nil)[0]); g != nil && !isReadOnly(instr.(ssa.Value)) {
			found(g, "hands out the address of ")
		}
	}
}

// storage returns the watched package variable whose storage addr points
// into: the variable's address, a field or element address under it, or
// an element or field address under the pointer or slice it holds.
func (c *writeChecker) storage(addr ssa.Value) *ssa.Global {
	switch a := addr.(type) {
	case *ssa.Global:
		if a.Pkg != nil && c.watched(a.Pkg.Pkg.Path()) {
			return a
		}
	case *ssa.FieldAddr:
		if g := c.storage(a.X); g != nil {
			return g
		}
		return c.heldBy(a.X)
	case *ssa.IndexAddr:
		if g := c.storage(a.X); g != nil {
			return g
		}
		return c.heldBy(a.X)
	}
	return nil
}

// heldBy returns the watched package variable whose value v is (a load of
// it, or of a field or element of it).
func (c *writeChecker) heldBy(v ssa.Value) *ssa.Global {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		return c.storage(u.X)
	}
	return nil
}

// address returns the watched package variable that v is the address of
// (or of a part of it).
func (c *writeChecker) address(v ssa.Value) *ssa.Global {
	switch v.(type) {
	case *ssa.Global, *ssa.FieldAddr, *ssa.IndexAddr:
		return c.storage(v)
	}
	return nil
}

// isAnalyzerFlags reports whether v is the address of an
// analysis.Analyzer's Flags field.
func isAnalyzerFlags(v ssa.Value) bool {
	fa, ok := v.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := ptr.Elem().(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "golang.org/x/tools/go/analysis" || named.Obj().Name() != "Analyzer" {
		return false
	}
	return named.Underlying().(*types.Struct).Field(fa.Field).Name() == "Flags"
}

// isReadOnly reports whether every use of v only reads through it.
func isReadOnly(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.IndexAddr:
			if !isReadOnly(r) {
				return false
			}
		case *ssa.Call:
			if b, ok := r.Call.Value.(*ssa.Builtin); !ok || (b.Name() != "len" && b.Name() != "cap") {
				return false
			}
		case *ssa.Range, *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// lazyCallees are the sync functions whose result computes its value on
// first call and keeps it.
var lazyCallees = map[string]bool{"sync.OnceFunc": true, "sync.OnceValue": true, "sync.OnceValues": true}

func isLazyValue(v ssa.Value) bool { return lazyCallee(v) != "" }

func lazyCallee(v ssa.Value) string {
	call, ok := v.(*ssa.Call)
	if !ok {
		return ""
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return ""
	}
	if callee.Origin() != nil {
		callee = callee.Origin()
	}
	if callee.Pkg == nil {
		return ""
	}
	name := callee.Pkg.Pkg.Path() + "." + callee.Name()
	if lazyCallees[name] {
		return name
	}
	return ""
}
