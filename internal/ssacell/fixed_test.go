package ssacell_test

import (
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/ssacell"
)

// fixedSrc: each function's x is captured by a closure started by a go
// statement (or handed to run); FixedAt at that closure holds for the
// first two only.
const fixedSrc = `package p

func get() string   { return "t" }
func run(f func())  { f() }
func sink(s string) {}

func declared() {
	x := get()
	go func() { sink(x) }()
}

func nested() {
	x := "ranges"
	run(func() {
		run(func() { sink(x) })
	})
}

func after() {
	x := get()
	go func() { sink(x) }()
	x = "other"
}

func inLoop(ts []string) {
	var x string
	for _, t := range ts {
		x = t
		go func() { sink(x) }()
	}
}

func byClosure() {
	x := get()
	run(func() { x = "w" })
	go func() { sink(x) }()
}

`

// lastClosure is the last MakeClosure of fn's own body.
func lastClosure(t *testing.T, fn *ssa.Function) *ssa.MakeClosure {
	t.Helper()
	var mc *ssa.MakeClosure
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if m, ok := in.(*ssa.MakeClosure); ok {
				mc = m
			}
		}
	}
	if mc == nil {
		t.Fatalf("%s makes no closure", fn.Name())
	}
	return mc
}

func TestFixedAt(t *testing.T) {
	pkg := build(t, fixedSrc)
	for _, tc := range []struct {
		fn   string
		want string // the value, "" when not fixed
	}{
		{fn: "declared", want: "get()"},
		{fn: "after", want: ""},     // assigned again after the go statement
		{fn: "inLoop", want: ""},    // declared outside the loop that assigns it
		{fn: "byClosure", want: ""}, // a closure assigns it
	} {
		fn := pkg.Func(tc.fn)
		mc := lastClosure(t, fn)
		got := ""
		if v, ok := ssacell.FixedAt(cellOf(t, pkg, tc.fn), mc); ok {
			got = v.String()
		}
		if got != tc.want {
			t.Errorf("%s: FixedAt = %q, want %q", tc.fn, got, tc.want)
		}
	}
}

func TestCaptured(t *testing.T) {
	pkg := build(t, fixedSrc)
	outer := pkg.Func("nested").AnonFuncs[0]
	inner := outer.AnonFuncs[0]
	x := cellOf(t, pkg, "nested")
	v, mc := ssacell.Captured(inner.FreeVars[0])
	if v != x || mc == nil || mc.Parent() != pkg.Func("nested") {
		t.Fatalf("Captured(inner x) = %v, %v; want nested's x and the closure nested makes", v, mc)
	}
	if got, ok := ssacell.FixedAt(x, mc); !ok || got.String() != `"ranges":string` {
		t.Errorf("FixedAt(nested's x) = %v, %v; want the constant", got, ok)
	}
	if v, mc := ssacell.Captured(outer.FreeVars[0]); v != x || mc == nil {
		t.Errorf("Captured(outer x) = %v, %v; want nested's x", v, mc)
	}
}

func TestMakeClosureOf(t *testing.T) {
	pkg := build(t, fixedSrc)
	if mc := ssacell.MakeClosureOf(pkg.Func("declared").AnonFuncs[0]); mc == nil || mc.Parent() != pkg.Func("declared") {
		t.Errorf("MakeClosureOf(declared$1) = %v, want its one MakeClosure", mc)
	}
	if mc := ssacell.MakeClosureOf(pkg.Func("declared")); mc != nil {
		t.Errorf("MakeClosureOf(declared) = %v, want nil (no closure)", mc)
	}
}
