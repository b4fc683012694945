package yqlscan

import (
	"strings"
	"testing"
)

// scan reads the pieces with one Scanner and renders each step: the state
// its first byte was read in ('c' for Code, else the state's byte), then a
// '.' for every further byte the step consumed; pieces are separated by '|'.
// It returns the rendering and the state after the last piece.
func scan(pieces []string) (string, State) {
	var sc Scanner
	var b strings.Builder
	for k, s := range pieces {
		if k > 0 {
			b.WriteByte('|')
		}
		for i, n := 0, 0; i < len(s); i += n {
			var in State
			n, in = sc.Step(s, i)
			if in == Code {
				b.WriteByte('c')
			} else {
				b.WriteByte(byte(in))
			}
			b.WriteString(strings.Repeat(".", n-1))
		}
	}
	return b.String(), sc.State
}

func TestStep(t *testing.T) {
	cases := []struct {
		name   string
		pieces []string
		want   string
		final  State
	}{
		{"code", []string{"a = ?"}, "ccccc", Code},
		{"single quote with escapes", []string{`a'b\'c'd`}, `cc''.''c`, Code},
		{"double quote with escapes", []string{`"\\"?`}, `c"."c`, Code},
		{"a doubled quote closes and reopens", []string{`'it''s'`}, `c'''c''`, Code},
		{"backquote takes no escapes", []string{"`a\\`?"}, "c```c", Code},
		{"line comment ends at a newline", []string{"x--'y\nz"}, "cc----c", Code},
		{"block comment", []string{"/* '? */b"}, "c******.c", Code},
		{"the star of the opener is inside", []string{"/*/?"}, "c*.c", Code},
		{"quote state carried across pieces", []string{"a='b", "c'?"}, "ccc'|''c", Code},
		{"comment state carried across pieces", []string{"/* x", " */?"}, "c***|**.c", Code},
		{"a backslash ending a piece escapes nothing", []string{`'a\`, `'?`}, `c''|'c`, Code},
		{"a split opener is no comment", []string{"-", "-?"}, "c|cc", Code},
		{"unterminated quote", []string{`x = "ab\"`}, `ccccc""".`, DoubleQuoted},
		{"unterminated block comment", []string{"/* ? *"}, "c*****", BlockComment},
		{"unterminated line comment", []string{"--?"}, "c--", LineComment},
		{"empty pieces", []string{"", "'", ""}, "|c|", SingleQuoted},
	}
	for _, c := range cases {
		got, final := scan(c.pieces)
		if got != c.want || final != c.final {
			t.Errorf("%s: %q: got %q, final %q; want %q, final %q", c.name, c.pieces, got, byte(final), c.want, byte(c.final))
		}
	}
}

// FuzzStep splits a text into two pieces and checks that Step visits every
// byte exactly once, consumes a code byte alone and two bytes only for a
// block comment's end or an escape, and keeps the state one of the known
// values.
func FuzzStep(f *testing.F) {
	f.Add(`a'b\'c'd`, uint8(3))
	f.Add("`a\\`?--x\n/*/ */", uint8(5))
	f.Add(`"ab\`, uint8(4))
	f.Add("/* x */?", uint8(2))
	f.Fuzz(func(t *testing.T, text string, cut uint8) {
		k := int(cut) % (len(text) + 1)
		var sc Scanner
		for _, s := range []string{text[:k], text[k:]} {
			visits := make([]int, len(s))
			for i, n := 0, 0; i < len(s); i += n {
				var in State
				n, in = sc.Step(s, i)
				if n < 1 || i+n > len(s) {
					t.Fatalf("%q at %d: consumed %d", s, i, n)
				}
				for j := i; j < i+n; j++ {
					visits[j]++
				}
				switch {
				case n == 1:
				case in == BlockComment && s[i:i+2] == "*/":
				case in == SingleQuoted || in == DoubleQuoted:
					if s[i] != '\\' {
						t.Fatalf("%q at %d: two bytes in %q without an escape", s, i, byte(in))
					}
				default:
					t.Fatalf("%q at %d: two bytes read in %q", s, i, byte(in))
				}
				switch sc.State {
				case Code, SingleQuoted, DoubleQuoted, Backquoted, LineComment, BlockComment:
				default:
					t.Fatalf("%q at %d: unknown state %q", s, i, byte(sc.State))
				}
			}
			for j, c := range visits {
				if c != 1 {
					t.Fatalf("%q: byte %d visited %d times", s, j, c)
				}
			}
		}
	})
}
