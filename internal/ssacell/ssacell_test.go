package ssacell_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/ydblint/ydblint/internal/ssacell"
)

// src declares one function per case; each case's variable is x (an
// Alloc of the function or a free variable of one of its closures).
const src = `package p

func sink(p *int)        {}
func read(p *int) int    { return *p }
func get() int           { return 1 }
func use(f func())       { f() }
func keep(p *int) *int   { return p }

type pair struct{ a, b int }

func local() int {
	x := get()
	x = x + 1
	return x
}

func once() int {
	x := get()
	return x
}

func never() (x int) {
	defer func() { x++ }()
	return 0
}

func passed() int {
	x := get()
	sink(&x)
	return x
}

func captured() int {
	x := get()
	f := func() { x = 2 }
	f()
	return x
}

func nested() int {
	x := get()
	use(func() {
		use(func() { x = 3 })
	})
	return x
}

func readLater(p *int) int {
	f := func() int { return *p + 1 }
	return f()
}

func writeLater(p *int) {
	use(func() { *p = 1 })
}

func readAgain(p *int) int {
	q := p
	use(func() { _ = *q })
	return *p
}

func readOnlyCapture() int {
	x := get()
	f := func() int { return x + 1 }
	return f()
}

func field() int {
	x := pair{1, 2}
	return x.a + x.b
}

func returned() *int {
	x := get()
	return &x
}

func escapes() *int {
	x := get()
	return keep(&x)
}
`

func build(t testing.TB, src string) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset, types.NewPackage("p", ""), []*ast.File{f}, ssa.BuilderMode(0))
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// cellOf returns the local variable x of function name: its Alloc (the
// variable lives in memory) in the function itself.
func cellOf(t *testing.T, pkg *ssa.Package, name string) *ssa.Alloc {
	t.Helper()
	fn := pkg.Func(name)
	if fn == nil {
		t.Fatalf("no function %s", name)
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if a, ok := instr.(*ssa.Alloc); ok && a.Comment == "x" {
				return a
			}
		}
	}
	t.Fatalf("%s: x is not in memory", name)
	return nil
}

// storedValues renders the values of stores, in order.
func storedValues(stores []*ssa.Store) string {
	var out []string
	for _, st := range stores {
		out = append(out, st.Val.String()+"@"+st.Parent().Name())
	}
	return strings.Join(out, " ")
}

func TestStores(t *testing.T) {
	pkg := build(t, src)
	for _, tc := range []struct {
		fn     string
		want   string // stored values, value@function, in the order of the uses
		wantOK bool
	}{
		{fn: "captured", want: "get()@captured 2:int@captured$1", wantOK: true},
		{fn: "nested", want: "get()@nested 3:int@nested$1$1", wantOK: true},
		{fn: "never", want: "t0 + 1:int@never$1 0:int@never", wantOK: true},
		{fn: "readOnlyCapture", want: "get()@readOnlyCapture", wantOK: true},
		{fn: "passed", wantOK: false},   // handed to sink
		{fn: "returned", wantOK: false}, // its address returned
		{fn: "field", wantOK: false},    // a field's address taken
	} {
		stores, ok := ssacell.Stores(cellOf(t, pkg, tc.fn))
		if ok != tc.wantOK {
			t.Errorf("%s: Stores ok = %v, want %v", tc.fn, ok, tc.wantOK)
			continue
		}
		if got := storedValues(stores); ok && got != tc.want {
			t.Errorf("%s: Stores = %q, want %q", tc.fn, got, tc.want)
		}
	}
}

func TestSingleStore(t *testing.T) {
	pkg := build(t, src)
	closures := func(instr ssa.Instruction) bool { _, ok := instr.(*ssa.MakeClosure); return ok }
	returns := func(instr ssa.Instruction) bool { _, ok := instr.(*ssa.Return); return ok }
	for _, tc := range []struct {
		fn    string
		other func(ssa.Instruction) bool
		want  string // the value, "" for none
	}{
		{fn: "readOnlyCapture", want: ""},                       // the capture is not accepted
		{fn: "readOnlyCapture", other: closures, want: "get()"}, // it is
		{fn: "captured", other: closures, want: "get()"},        // the closure's store is not seen: captures are not followed
		{fn: "returned", want: ""},
		{fn: "returned", other: returns, want: "get()"},
		{fn: "passed", other: closures, want: ""},
	} {
		got := ""
		if v := ssacell.SingleStore(cellOf(t, pkg, tc.fn), tc.other); v != nil {
			got = v.String()
		}
		if got != tc.want {
			t.Errorf("%s: SingleStore = %q, want %q", tc.fn, got, tc.want)
		}
	}
}

func TestOnlyLoaded(t *testing.T) {
	pkg := build(t, src)
	param := func(fn string) ssa.Value { return pkg.Func(fn).Params[0] }
	returns := func(instr ssa.Instruction) bool { _, ok := instr.(*ssa.Return); return ok }
	for _, tc := range []struct {
		name  string
		ptr   ssa.Value
		other func(ssa.Instruction) bool
		want  bool
	}{
		{name: "read's parameter", ptr: param("read"), want: true},
		{name: "sink's parameter (unused)", ptr: param("sink"), want: true},
		{name: "keep's parameter", ptr: param("keep"), want: false},
		{name: "keep's parameter, returns accepted", ptr: param("keep"), other: returns, want: true},
		{name: "passed's x", ptr: cellOf(t, pkg, "passed"), want: false},
	} {
		if got := ssacell.OnlyLoaded(tc.ptr, tc.other); got != tc.want {
			t.Errorf("%s: OnlyLoaded = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestOnlyReadThrough(t *testing.T) {
	pkg := build(t, src)
	param := func(fn string) ssa.Value { return pkg.Func(fn).Params[0] }
	for _, tc := range []struct {
		name string
		ptr  ssa.Value
		want bool
	}{
		{name: "read's parameter", ptr: param("read"), want: true},
		{name: "sink's parameter (unused)", ptr: param("sink"), want: true},
		{name: "keep's parameter (returned)", ptr: param("keep"), want: false},
		{name: "readLater's parameter, read by a closure", ptr: param("readLater"), want: true},
		{name: "writeLater's parameter, written by a closure", ptr: param("writeLater"), want: false},
		{name: "readAgain's parameter, copied and read by a closure", ptr: param("readAgain"), want: true},
		{name: "passed's x (handed to a call)", ptr: cellOf(t, pkg, "passed"), want: false},
	} {
		if got := ssacell.OnlyReadThrough(tc.ptr); got != tc.want {
			t.Errorf("%s: OnlyReadThrough = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestUsesFollowsCaptures(t *testing.T) {
	pkg := build(t, src)
	var cells []string
	ok := ssacell.Uses(cellOf(t, pkg, "nested"), func(cell ssa.Value, instr ssa.Instruction) bool {
		cells = append(cells, cell.Parent().Name()+":"+instr.String())
		return true
	})
	want := []string{"nested:*t0 = t1", "nested$1$1:*x = 3:int", "nested:*t0"}
	if !ok || !slices.Equal(cells, want) {
		t.Errorf("Uses = %v, %q; want true, %q", ok, cells, want)
	}
	stopped := 0
	if ssacell.Uses(cellOf(t, pkg, "nested"), func(ssa.Value, ssa.Instruction) bool { stopped++; return false }) || stopped != 1 {
		t.Errorf("Uses went on after use returned false (%d calls)", stopped)
	}
}

func TestBindings(t *testing.T) {
	pkg := build(t, src)
	outer := pkg.Func("nested").AnonFuncs[0]
	inner := outer.AnonFuncs[0]
	x := cellOf(t, pkg, "nested")
	if got := ssacell.BoundTo(outer.FreeVars[0]); got != x {
		t.Errorf("BoundTo(outer x) = %v, want nested's x", got)
	}
	if got := ssacell.BoundTo(inner.FreeVars[0]); got != outer.FreeVars[0] {
		t.Errorf("BoundTo(inner x) = %v, want outer's free variable", got)
	}
	vals, mcs := ssacell.Bindings(inner.FreeVars[0])
	if len(vals) != 1 || len(mcs) != 1 || mcs[0].Parent() != outer {
		t.Errorf("Bindings(inner x) = %v, %v; want one closure made in the outer literal", vals, mcs)
	}
	fvs, ok := ssacell.Captures(mcs[0], outer.FreeVars[0])
	if !ok || len(fvs) != 1 || fvs[0] != inner.FreeVars[0] {
		t.Errorf("Captures = %v, %v; want inner's free variable", fvs, ok)
	}
}

// FuzzWalks builds SSA from Go source and walks every local variable and
// parameter: no walk may panic, and their answers must agree.
func FuzzWalks(f *testing.F) {
	f.Add(src)
	f.Add("package p\n\nfunc f() (n int) {\n\tg := func() { n++; h := func() { n = 2 }; h() }\n\tg()\n\treturn\n}\n")
	f.Add(fixedSrc)
	f.Add("package p\n\nfunc f(p *int) *int {\n\tq := &p\n\treturn *q\n}\n")
	f.Fuzz(func(t *testing.T, src string) {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "p.go", src, 0)
		if err != nil || file.Name.Name != "p" {
			return
		}
		pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default(), Error: func(error) {}}, fset, types.NewPackage("p", ""), []*ast.File{file}, ssa.BuilderMode(0))
		if err != nil {
			return
		}
		var fns []*ssa.Function
		var add func(fn *ssa.Function)
		add = func(fn *ssa.Function) {
			fns = append(fns, fn)
			for _, anon := range fn.AnonFuncs {
				add(anon)
			}
		}
		for _, m := range pkg.Members {
			if fn, ok := m.(*ssa.Function); ok {
				add(fn)
			}
		}
		for _, fn := range fns {
			mc := ssacell.MakeClosureOf(fn)
			for _, fv := range fn.FreeVars {
				ssacell.BoundTo(fv)
				ssacell.Uses(fv, func(ssa.Value, ssa.Instruction) bool { return true })
				if v, at := ssacell.Captured(fv); at != nil {
					if a, ok := v.(*ssa.Alloc); ok {
						ssacell.FixedAt(a, at)
					}
				}
			}
			if mc != nil && mc.Fn != fn {
				t.Errorf("MakeClosureOf(%s) makes %v", fn.Name(), mc.Fn)
			}
			for _, p := range fn.Params {
				ssacell.OnlyLoaded(p, nil)
			}
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if a, ok := instr.(*ssa.Alloc); ok {
						checkAgree(t, a)
					}
				}
			}
		}
	})
}

// checkAgree checks that the walks agree on a: a single store with no
// other use is what Stores finds, and a variable only loaded is never
// stored to.
func checkAgree(t *testing.T, a *ssa.Alloc) {
	stores, ok := ssacell.Stores(a)
	if v := ssacell.SingleStore(a, nil); v != nil && (!ok || len(stores) != 1 || stores[0].Val != v) {
		t.Errorf("%s: SingleStore = %v but Stores = %v, %v", a.Parent(), v, stores, ok)
	}
	if ssacell.OnlyLoaded(a, nil) && (!ok || len(stores) != 0) {
		t.Errorf("%s: OnlyLoaded but Stores = %v, %v", a.Parent(), stores, ok)
	}
	for _, st := range stores {
		if st.Addr != a && !boundBack(st.Addr, a) {
			t.Errorf("%s: Stores holds a store to %v, neither %v nor a capture of it", a.Parent(), st.Addr, a)
		}
	}
}

// boundBack reports whether addr is a free variable bound, through
// enclosing closures, to a.
func boundBack(addr ssa.Value, a *ssa.Alloc) bool {
	for i := 0; i < 64; i++ {
		fv, ok := addr.(*ssa.FreeVar)
		if !ok {
			return false
		}
		addr = ssacell.BoundTo(fv)
		if addr == a {
			return true
		}
	}
	return false
}
