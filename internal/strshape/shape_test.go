package strshape

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func texts(e Enumeration) []string {
	var out []string
	for _, v := range e.Variants {
		s := v.Text(func(int) string { return "?" })
		if len(v.Absent) > 0 {
			s += fmt.Sprintf(" -%v", v.Absent)
		}
		out = append(out, s)
	}
	return out
}

func TestEnumerate(t *testing.T) {
	var l Limits
	where := Lit("SELECT * FROM events WHERE ", 0)
	org := Optional(l, Lit("org_id = $org", 1), 10)
	user := Optional(l, Lit("user_id = $user", 2), 11)
	and := Lit(" AND ", 3)
	tests := []struct {
		name       string
		shape      *Shape
		want       []string
		exhaustive bool
	}{
		{"literal", Lit("SELECT 1", 0), []string{"SELECT 1"}, true},
		{"hole", Concat(l, Lit("SELECT * FROM ", 0), Hole(1)), []string{"SELECT * FROM ?"}, true},
		{"alternatives", Concat(l, Lit("SELECT ", 0), Alt(l, Lit("a", 1), Lit("b", 2))), []string{"SELECT a", "SELECT b"}, true},
		{"optional suffix", Concat(l, Lit("SELECT 1", 0), Optional(l, Lit(" LIMIT 5", 1), 7)), []string{"SELECT 1 LIMIT 5", "SELECT 1 -[7]"}, true},
		{
			"condition slice joined", Concat(l, where, Join(l, []*Shape{Lit("tenant = $t", 4), org, user}, and)),
			[]string{
				"SELECT * FROM events WHERE tenant = $t AND org_id = $org AND user_id = $user",
				"SELECT * FROM events WHERE tenant = $t AND org_id = $org -[11]",
				"SELECT * FROM events WHERE tenant = $t AND user_id = $user -[10]",
				"SELECT * FROM events WHERE tenant = $t -[10 11]",
			}, true,
		},
		{
			"separator only between present items", Join(l, []*Shape{org, user}, and),
			[]string{"org_id = $org AND user_id = $user", "org_id = $org -[11]", "user_id = $user -[10]", " -[10 11]"}, true,
		},
		{
			"same condition twice is one decision",
			Concat(l, Join(l, []*Shape{Optional(l, Lit("DECLARE $org;", 5), 10)}, Lit("\n", 6)), Lit("\n", 7), where, Join(l, []*Shape{org}, and)),
			[]string{"DECLARE $org;\nSELECT * FROM events WHERE org_id = $org", "\nSELECT * FROM events WHERE  -[10]"}, true,
		},
		{"loop", Concat(l, Lit("x", 0), Loop(l, Lit(",y", 1))), []string{"x,y", "x"}, true},
		{"empty join", Join(l, nil, and), []string{""}, true},
		{
			// if org != "" && kind == "" { conds = append(conds, …) }: one
			// Opt per edge; the item and its separator only when both hold.
			"item under two conditions", Join(l, []*Shape{Lit("created_at > $since", 4), Optional(l, Optional(l, Lit("org_id = $org", 1), 13), 12)}, and),
			[]string{"created_at > $since AND org_id = $org", "created_at > $since -[13]", "created_at > $since -[12]"}, true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := Enumerate(l, tt.shape)
			got := strings.ReplaceAll(fmt.Sprint(texts(e)), "\n", `\n`)
			want := strings.ReplaceAll(fmt.Sprint(tt.want), "\n", `\n`)
			if got != want || e.Exhaustive != tt.exhaustive {
				t.Errorf("%s:\n got %s (exhaustive %v)\nwant %s (exhaustive %v)", tt.shape, got, e.Exhaustive, want, tt.exhaustive)
			}
		})
	}
}

// Many optional filters: the representative set keeps "all", "none", and
// each filter flipped alone, within the variant bound.
func TestRepresentatives(t *testing.T) {
	l := Limits{MaxVariants: 16}
	var items []*Shape
	for i := range 7 {
		items = append(items, Optional(l, Lit(fmt.Sprintf("c%d = $c%d", i, i), i), 100+i))
	}
	e := Enumerate(l, Join(l, items, Lit(" AND ", 99)))
	if e.Exhaustive {
		t.Fatal("2^7 variants enumerated as exhaustive")
	}
	if len(e.Variants) != 16 {
		t.Fatalf("got %d variants, want 16 (all, none, 7 single-absent, 7 single-present)", len(e.Variants))
	}
	if len(e.Variants[0].Absent) != 0 || len(e.Variants[1].Present) != 0 {
		t.Errorf("first two variants are not all-present, all-absent: %+v %+v", e.Variants[0], e.Variants[1])
	}
	for i := range 7 {
		v := e.Variants[2+i]
		if !slices.Equal(v.Absent, []int{100 + i}) {
			t.Errorf("variant %d absent %v, want [%d]", 2+i, v.Absent, 100+i)
		}
	}
}

func TestWiden(t *testing.T) {
	l := Limits{MaxNodes: 8, MaxDepth: 3}
	s := Lit("a", 0)
	for range 10 {
		s = Concat(l, s, Lit("b", 1))
	}
	if !s.IsHole() && s.Size() > 8 {
		t.Errorf("size %d over the bound", s.Size())
	}
	d := Lit("a", 0)
	for range 5 {
		d = Optional(l, d, 1)
	}
	if d.Depth() > 3 || !strings.Contains(d.String(), "?") {
		t.Errorf("depth %d not widened: %s", d.Depth(), d)
	}
	if got := Widen(Limits{MaxNodes: 2}, Concat(Limits{}, Lit("a", 0), Lit("b", 1), Lit("c", 2))); !got.IsHole() {
		t.Errorf("Widen kept %s", got)
	}
	big := Limits{MaxText: 4}
	if got := Concat(big, Lit("abc", 0), Lit("de", 1)); !got.IsHole() {
		t.Errorf("text bound: %s", got)
	}
}

func TestString(t *testing.T) {
	var l Limits
	s := Concat(l, Lit("a", 0), Alt(l, Lit("b", 1), Hole(2)), Join(l, []*Shape{Optional(l, Lit("c", 3), 4), Loop(l, Lit("d", 5))}, Lit(",", 6)))
	if got, want := s.String(), `"a" ("b"|?) join(["c"]#4, {"d"}*; ",")`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got := s.Conds(); !slices.Equal(got, []int{4}) {
		t.Errorf("Conds = %v", got)
	}
}

func TestOneCopy(t *testing.T) {
	var l Limits
	for _, c := range []struct {
		name string
		s    *Shape
		want string
	}{
		{"no loop: the same shape", Concat(l, Lit("SELECT ", 0), Hole(1)), `"SELECT " ?`},
		{"loop in text", Concat(l, Lit("VALUES", 0), Loop(l, Concat(l, Lit(" (", 1), Hole(2), Lit(")", 3)))), `"VALUES" " (" ? ")"`},
		{"loop item of a join", Concat(l, Lit("WHERE ", 0), Join(l, []*Shape{Lit("a = 1", 1), Loop(l, Hole(2))}, Lit(" AND ", 3))), `"WHERE " join("a = 1", ?; " AND ")`},
		{"loop in a loop, under a condition and an alternative", Optional(l, Alt(l, Loop(l, Loop(l, Lit("x", 0))), Lit("y", 1)), 7), `[("x"|"y")]#7`},
	} {
		got := OneCopy(l, c.s)
		if got.String() != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	if OneCopy(l, nil) != nil {
		t.Error("OneCopy(nil) is not nil")
	}
	// The zero-copy text is gone: "WHERE " alone is no variant.
	for _, v := range texts(Enumerate(l, OneCopy(l, Concat(l, Lit("WHERE ", 0), Join(l, []*Shape{Loop(l, Hole(1))}, Lit(" AND ", 2)))))) {
		if v == "WHERE " {
			t.Errorf("zero-copy variant %q", v)
		}
	}
}
