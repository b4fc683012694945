package queryplan

import (
	"go/token"
	"testing"

	"github.com/ydblint/ydblint/internal/site"
)

// TestWhichNote: the texts a finding holds for are named by the literal
// that sets them apart, and only counted when no literal does.
func TestWhichNote(t *testing.T) {
	fset := token.NewFileSet()
	f := fset.AddFile("/src/svc/repo.go", -1, 1000)
	lines := make([]int, 0, 100)
	for off := 0; off < 1000; off += 10 {
		lines = append(lines, off)
	}
	f.SetLines(lines)
	at := func(line int) token.Pos { return f.Pos((line - 1) * 10) }
	// text builds a text from literals at the given lines.
	text := func(lines ...int) *site.Text {
		t := &site.Text{}
		for i, l := range lines {
			t.Segments = append(t.Segments, site.Segment{Off: i * 5, Len: 5, Pos: at(l), End: at(l) + 5})
		}
		return t
	}
	// worded builds a text from literals at the given lines with the given
	// words.
	worded := func(pieces ...any) *site.Text {
		t := &site.Text{}
		for i := 0; i+1 < len(pieces); i += 2 {
			l, w := pieces[i].(int), pieces[i+1].(string)
			t.Segments = append(t.Segments, site.Segment{Off: len(t.YQL), Len: len(w), Pos: at(l), End: at(l) + token.Pos(len(w))})
			t.YQL += w
		}
		return t
	}
	siteOf := func(truncated bool, ts ...*site.Text) *site.Site {
		return &site.Site{Query: &site.Query{Texts: ts, TextsTruncated: truncated}}
	}
	tests := []struct {
		name  string
		s     *site.Site
		holds []int
		want  string
	}{
		{"one text", siteOf(false, text(3)), []int{0}, ""},
		{"every text", siteOf(false, text(3), text(5)), []int{0, 1}, " (in all 2 ways the query text is built)"},
		// q := "…"; if flag { q = "…" }: the second literal is the faulty text.
		{"phi of literals", siteOf(false, text(3), text(5)), []int{1}, " (in 1 of the 2 ways the query text is built: the text at repo.go:5)"},
		// A shared prefix is skipped for the literal that differs.
		{"shared prefix", siteOf(false, text(2, 3), text(2, 5)), []int{0}, " (in 1 of the 2 ways the query text is built: the text at repo.go:3)"},
		// Each branch writes the same PRAGMA line: the SELECT that differs
		// names the text.
		{"repeated words", siteOf(false,
			worded(41, "PRAGMA TablePathPrefix(\"a\");\n", 43, "SELECT id FROM moves WHERE shelf_id = $shelf;"),
			worded(45, "PRAGMA TablePathPrefix(\"a\");\n", 47, "SELECT id FROM moves WHERE moved_at > $since;")),
			[]int{1}, " (in 1 of the 2 ways the query text is built: the text at repo.go:47)"},
		// Nothing but repeated words: the first literal of the text.
		{"only repeated words", siteOf(false, worded(41, "SELECT 1;"), worded(45, "SELECT 1;")), []int{1}, " (in 1 of the 2 ways the query text is built: the text at repo.go:45)"},
		// A switch over formats, two faulty of three.
		{"two of three", siteOf(false, text(3, 9), text(5, 9), text(7, 9)), []int{0, 2}, " (in 2 of the 3 ways the query text is built: the texts at repo.go:3 and repo.go:7)"},
		// A literal every faulty text holds and no other.
		{"common literal", siteOf(false, text(2, 4), text(2, 4, 6), text(2)), []int{0, 1}, " (in 2 of the 3 ways the query text is built: the texts with the literal at repo.go:4)"},
		// The faulty text lacks a piece the other has: nothing to point at.
		{"differs by absence", siteOf(false, text(2, 4), text(2)), []int{1}, " (in 1 of the 2 ways the query text is built)"},
		// Not every text was listed: a literal cannot be said to set them apart.
		{"truncated", siteOf(true, text(3), text(5)), []int{1}, " (in 1 of the 2 ways of building the query text that were checked)"},
		{"no query", &site.Site{}, []int{0}, ""},
		{"variant out of range", siteOf(false, text(3), text(5)), []int{7}, " (in 1 of the 2 ways the query text is built)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := WhichNote(fset, tt.s, tt.holds); got != tt.want {
				t.Errorf("WhichNote = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestInEveryText: findings of one fault at two positions of one site,
// one in each of its two texts, are a fault of every text; a fault of one
// text, or the same message at another site, is not.
func TestInEveryText(t *testing.T) {
	a := &site.Site{Query: &site.Query{Texts: []*site.Text{{}, {}}}}
	b := &site.Site{Query: &site.Query{Texts: []*site.Text{{}, {}}}}
	in := func(s *site.Site, v int) *Statement { return &Statement{Site: s, Variant: v, Variants: 2} }
	kept := []Finding{
		{Pos: 1, Category: "null-key", Message: "NULL into id", St: in(a, 0)},
		{Pos: 2, Category: "null-key", Message: "NULL into id", St: in(a, 1)},
		{Pos: 3, Category: "missing-key", Message: "no session_id", St: in(a, 1)},
		{Pos: 4, Category: "null-key", Message: "NULL into id", St: in(b, 0)},
	}
	holds := [][]int{{0}, {1}, {1}, {0}}
	got := InEveryText(kept, holds)
	want := []bool{true, true, false, false}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("finding %d (%s at %d): in every text = %v, want %v", i, kept[i].Message, kept[i].Pos, got[i], want[i])
		}
	}
}
