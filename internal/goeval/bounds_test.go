package goeval_test

import (
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/goeval"
	"github.com/ydblint/ydblint/internal/strshape"
)

// TestBounds checks that each bound turns into a hole saying which one,
// never into a guess.
func TestBounds(t *testing.T) {
	for _, c := range []struct {
		name   string
		budget goeval.Budget
		src    string
		want   string
	}{
		{name: "steps", budget: goeval.Budget{Steps: 50}, src: header + `
func f() {
	s := ""
	for i := 0; i < 30; i++ {
		s += "x"
	}
	sink(s)
}`, want: "<?step budget exhausted>"},
		{name: "depth", budget: goeval.Budget{Depth: 2}, src: header + `
func a() string { return "a" + b() }
func b() string { return "b" + c() }
func c() string { return "c" + d() }
func d() string { return "d" }
func f() { sink(a()) }
`, want: "ab<?p.c(…)>"},
		{name: "variants", budget: goeval.Budget{Variants: 3}, src: header + `
func f(k int) {
	t := "a"
	switch k {
	case 1:
		t = "b"
	case 2:
		t = "c"
	case 3:
		t = "d"
	}
	sink(t)
}`, want: "<?more alternatives than the variant bound>"},
		{name: "size", budget: goeval.Budget{Size: 8}, src: header + `
func f(a, b, c string) { sink(a + "1" + b + "2" + c + "3" + a + "4" + b) }
`, want: "<?widened><param:b>"},
		{name: "elements", budget: goeval.Budget{Elems: 2}, src: header + `
func f() { sink([]string{"a", "b", "c"}) }
`, want: "<?array>"},
		{name: "unroll", budget: goeval.Budget{Unroll: 2}, src: header + `
func f() {
	s := "("
	for i := 0; i < 5; i++ {
		s += "?,"
	}
	sink(s)
}`, want: "(?,?,{?,}*"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rs, _ := evalResults(t, evalCase{src: c.src}, c.budget)
			if got := render(rs); got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}

// TestManyChoices checks that ten independent filters stay ten optional
// pieces, enumerated as a representative set within the bound.
func TestManyChoices(t *testing.T) {
	var b strings.Builder
	b.WriteString(header + "\nfunc f(")
	for i := 0; i < 10; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("c" + string(rune('a'+i)))
	}
	b.WriteString(" bool) {\n\tq := \"SELECT * FROM t WHERE k = $k\"\n")
	for i := 0; i < 10; i++ {
		b.WriteString("\tif c" + string(rune('a'+i)) + " {\n\t\tq += \" AND " + string(rune('a'+i)) + " = 1\"\n\t}\n")
	}
	b.WriteString("\tsink(q)\n}\n")
	rs, ev := evalResults(t, evalCase{src: b.String()}, goeval.Budget{})
	s := rs[0].V.Dynamic().Shape()
	if n := len(s.Conds()); n != 10 {
		t.Fatalf("%d conditions in %s", n, rs[0])
	}
	en := strshape.Enumerate(ev.Limits(), s)
	if en.Exhaustive || len(en.Variants) != goeval.DefaultVariants {
		t.Errorf("%d variants, exhaustive %v", len(en.Variants), en.Exhaustive)
	}
}

// TestDeterministic evaluates every table case twice, with fresh
// evaluators, and compares the renderings (pieces and conditions
// numbered alike).
func TestDeterministic(t *testing.T) {
	for _, c := range allCases() {
		a, b := evalSrc(t, c), evalSrc(t, c)
		if a != b {
			t.Errorf("%s: two evaluations differ:\n\t%s\n\t%s", c.name, a, b)
		}
	}
}
