package ir_test

import (
	"bytes"
	"encoding/gob"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/ydblint/ydblint/internal/goeval/ir"
)

// build type-checks src (a package p without imports) and builds its SSA.
func build(t *testing.T, src string) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("example.com/p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// region prints a region as the interpreter walks it: blocks by index,
// a loop as loop{…}, range{…} for a range over a slice, range*{…} when
// its body also reads the index.
func region(items []ir.Item) string {
	var parts []string
	for _, it := range items {
		if it.Loop == nil {
			parts = append(parts, "b"+itoa(it.Block))
			continue
		}
		kind := "loop"
		if it.Loop.RangeSlice >= 0 {
			kind = "range"
			if it.Loop.RangeIdxRead {
				kind = "range*"
			}
		}
		parts = append(parts, kind+"{"+region(it.Loop.Items)+"}")
	}
	return strings.Join(parts, " ")
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}

// TestLower lowers one function and checks the region linking derives:
// reverse postorder, natural loops with their bodies folded, and which
// loops range over a slice.
func TestLower(t *testing.T) {
	cases := []struct {
		name, body, want string
	}{
		{"straight line", `func F(a, b int) int { return a + b }`, "b0"},
		{"if else", `func F(a int) int {
	if a > 0 {
		a = 1
	} else {
		a = 2
	}
	return a
}`, "b0 b3 b1 b2"},
		{"counted loop", `func F(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i
	}
	return s
}`, "b0 loop{b1 b2} b3"},
		{"range over a slice", `func F(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}`, "b0 range{b1 b2} b3"},
		{"range reading its index", `func F(xs []int) int {
	s := 0
	for i, x := range xs {
		s += i * x
	}
	return s
}`, "b0 range*{b1 b2} b3"},
		{"nested loops", `func F(xs [][]int) int {
	s := 0
	for _, r := range xs {
		for j := 0; j < len(r); j++ {
			s += r[j]
		}
	}
	return s
}`, "b0 range{b1 b2 loop{b4 b5}} b3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := build(t, "package p\n"+c.body+"\n")
			f := ir.Lower(p.Func("F"))
			if f.Bad() != "" {
				t.Fatalf("not interpretable: %s", f.Bad())
			}
			if got := region(f.Order()); got != c.want {
				t.Errorf("region %q, want %q", got, c.want)
			}
			if f.SSA() != p.Func("F") || f.Unit() == nil || len(f.Unit().Funcs) != 1 {
				t.Errorf("derived state: SSA %v, unit %v", f.SSA(), f.Unit())
			}
			for _, p := range p.Func("F").Params {
				if s, ok := f.Slot(p); !ok || s >= f.NParams {
					t.Errorf("parameter %s: slot %d, %v", p.Name(), s, ok)
				}
			}
		})
	}
}

// TestBundle lowers a summary's bundle (a function with the closure and
// unexported helper it embeds), carries it through gob as a Summary does,
// and relinks it: the copy has the same regions and none of this
// process's state.
func TestBundle(t *testing.T) {
	p := build(t, `package p
func helper(s string) string { return s + "x" }
func F(xs []string) string {
	out := ""
	add := func(s string) { out += helper(s) }
	for _, x := range xs {
		add(x)
	}
	return out
}
`)
	embed := func(g *ssa.Function) bool {
		return g.Parent() != nil || g.Object() != nil && !g.Object().Exported()
	}
	if ir.NewBundleLowerer(p.Prog, embed).Bundle(p.Func("F"), 3) {
		t.Errorf("a bundle of more than 3 instructions fits a budget of 3")
	}
	l := ir.NewBundleLowerer(p.Prog, embed)
	if !l.Bundle(p.Func("F"), 1000) {
		t.Fatal("bundle over budget")
	}
	if i, ok := l.EmbeddedIndex(p.Func("helper")); !ok || i == 0 {
		t.Errorf("helper embedded at %d, %v", i, ok)
	}
	if got := l.Position(token.NoPos); got != "" {
		t.Errorf("Position(NoPos) = %q", got)
	}
	u := l.Lowered()
	var names []string
	for _, f := range u.Funcs {
		names = append(names, f.Name)
	}
	if got, want := strings.Join(names, " "), "example.com/p.F example.com/p.F$1 example.com/p.helper"; got != want {
		t.Errorf("bundle %q, want %q", got, want)
	}
	if u.Funcs[0].Pos != "p.go:3:6" {
		t.Errorf("position carried as %q", u.Funcs[0].Pos)
	}

	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(u); err != nil {
		t.Fatal(err)
	}
	var dec ir.Unit
	if err := gob.NewDecoder(&buf).Decode(&dec); err != nil {
		t.Fatal(err)
	}
	local, carried := u.Relink(), dec.Relink()
	if local == nil || carried == nil || len(carried.Funcs) != len(u.Funcs) {
		t.Fatalf("relinked: %v, %v", local, carried)
	}
	for i, f := range carried.Funcs {
		if f.Bad() != "" || f.SSA() != nil || f.Unit() != carried {
			t.Errorf("%s: bad %q, SSA %v, own unit %v", f.Name, f.Bad(), f.SSA(), f.Unit() == carried)
		}
		if got, want := region(f.Order()), region(local.Funcs[i].Order()); got != want {
			t.Errorf("%s: region %q after gob, %q before", f.Name, got, want)
		}
	}
	if u.Funcs[0].Unit() == local {
		t.Errorf("Relink modified the unit it copied")
	}
}

// TestRelinkDamaged checks that a damaged unit is refused or marks its
// functions as not interpretable, never panics.
func TestRelinkDamaged(t *testing.T) {
	if u := (&ir.Unit{Funcs: []*ir.Func{nil}}).Relink(); u != nil {
		t.Errorf("a unit with a missing function relinked: %v", u)
	}
	cases := []struct {
		name string
		f    ir.Func
		want string
	}{
		{"no blocks", ir.Func{Name: "f"}, "no body"},
		{"value slots", ir.Func{Name: "f", NParams: 2, ConstBase: 1, Blocks: []ir.Block{{}}}, "inconsistent value slots"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := c.f
			u := (&ir.Unit{Funcs: []*ir.Func{&f}}).Relink()
			if u == nil {
				t.Fatal("refused")
			}
			if got := u.Funcs[0].Bad(); got != c.want {
				t.Errorf("bad %q, want %q", got, c.want)
			}
		})
	}
}
