package yql

import (
	"strings"
	"testing"
)

func FuzzLex(f *testing.F) {
	for _, s := range seedCorpus {
		f.Add(s)
	}
	for _, c := range lexCases {
		f.Add(c.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		toks, err := Lex(src)
		checkTokens(t, src, toks)
		prev := 0
		for i, c := range LexComments(src) {
			if c.Start < prev || c.Start > c.End || c.End > len(src) || c.Text != src[c.Start:c.End] {
				t.Fatalf("comment %d has bad span %v (prev end %d, len %d)", i, c.Span, prev, len(src))
			}
			prev = c.End
		}
		toks2, err2 := Lex(src)
		if len(toks) != len(toks2) || (err == nil) != (err2 == nil) {
			t.Fatalf("Lex is not deterministic")
		}
		for i := range toks {
			if toks[i] != toks2[i] {
				t.Fatalf("Lex is not deterministic at token %d", i)
			}
		}
	})
}

func checkTokens(t *testing.T, src string, toks []Token) {
	t.Helper()
	if len(toks) == 0 || toks[len(toks)-1].Kind != TokEOF {
		t.Fatalf("token list does not end with EOF")
	}
	prev := 0
	for i, tk := range toks {
		if tk.Offset < prev || tk.Offset > tk.End || tk.End > len(src) {
			t.Fatalf("token %d %v has bad span [%d,%d) (prev end %d, len %d)", i, tk.Kind, tk.Offset, tk.End, prev, len(src))
		}
		if tk.Text != src[tk.Offset:tk.End] {
			t.Fatalf("token %d text %q != src[%d:%d]", i, tk.Text, tk.Offset, tk.End)
		}
		if tk.Kind == TokEOF && i != len(toks)-1 {
			t.Fatalf("EOF before the end")
		}
		prev = tk.End
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range seedCorpus {
		f.Add(s)
	}
	for _, c := range parseCases {
		f.Add(c.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		s := Parse(src)
		checkScript(t, src, s)
		if d1, d2 := DumpScript(s), DumpScript(Parse(src)); d1 != d2 {
			t.Fatalf("Parse is not deterministic:\n%s\n%s", d1, d2)
		}
	})
}

// checkScript asserts the structural invariants of a parse result: non-nil,
// no internal errors, every node's span inside the text with Start <= End,
// statements in order and not overlapping, error offsets inside the text.
func checkScript(t *testing.T, src string, s *Script) {
	t.Helper()
	if s == nil {
		t.Fatal("nil Script")
	}
	for _, e := range s.Errors {
		if e == nil || strings.HasPrefix(e.Msg, "internal error") {
			t.Fatalf("internal error: %v", e)
		}
		if e.Offset < 0 || e.Offset > len(src) {
			t.Fatalf("error offset %d outside [0,%d]", e.Offset, len(src))
		}
	}
	prevEnd := 0
	for _, st := range s.Stmts {
		if st == nil {
			t.Fatal("nil statement")
		}
		sp := st.NodeSpan()
		if sp.Start < prevEnd {
			t.Fatalf("statement %s starts at %d before previous end %d", Dump(st), sp.Start, prevEnd)
		}
		prevEnd = sp.End
		Inspect(st, func(n Node) bool {
			sp := n.NodeSpan()
			if sp.Start < 0 || sp.Start > sp.End || sp.End > len(src) {
				t.Fatalf("node %T %s has bad span %v (len %d)", n, Dump(n), sp, len(src))
			}
			return true
		})
	}
}
