package yql

import (
	"strings"
	"testing"
)

// tokDump renders tokens (without EOF) as `Kind:Value[/suffix]`, space-separated.
func tokDump(toks []Token) string {
	var parts []string
	for _, t := range toks {
		if t.Kind == TokEOF {
			break
		}
		s := t.Kind.String() + ":" + t.Value
		if t.Kind == TokOp {
			s = t.Text
		}
		if t.Suffix != "" {
			s += "/" + t.Suffix
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

var lexCases = []struct {
	name, src, want string
	wantErr         bool
}{
	{"line comment", "a -- comment ; b\nc", "Ident:a Ident:c", false},
	{"line comment CR", "a --x\rc", "Ident:a Ident:c", false},
	{"block comment", "a /* x ; y */ b", "Ident:a Ident:b", false},
	{"block comment ends at nearest", "a /* x /* y */ b */ c", "Ident:a Ident:b * / Ident:c", false},
	{"hints are comments", "SELECT --+ hint\n /*+ index(t) */ 1", "Ident:SELECT Int:1", false},
	{"syntax_v1 is a comment", "--!syntax_v1\nSELECT 1", "Ident:SELECT Int:1", false},
	{"ansi nested comment", "--!ansi_lexer\na /* x /* y */ b */ c", "Ident:a Ident:c", false},
	{"ansi double quote is identifier", "--!ansi_lexer\nSELECT \"my col\" FROM t", "Ident:SELECT QuotedIdent:my col Ident:FROM Ident:t", false},
	{"ansi single quote doubling", "--!ansi_lexer\n'it''s' 'a\\n'", `String:it's String:a\n`, false},
	{"unterminated block comment", "a /* x", "Ident:a Illegal:unterminated block comment", true},
	{"keywords keep case", "SeLeCt Foo", "Ident:SeLeCt Ident:Foo", false},
	{"backtick", "`my/dir/t`", "QuotedIdent:my/dir/t", false},
	{"backtick escapes", "`a\\`b` `c``d` `e\\nf`", "QuotedIdent:a`b QuotedIdent:c`d QuotedIdent:e\nf", false},
	{"unterminated backtick", "`abc", "Illegal:unterminated quoted identifier", true},
	{"single quoted", `'a\'b\"c\\d'`, `String:a'b"c\d`, false},
	{"double quoted", `"x\ty\n"`, "String:x\ty\n", false},
	{"hex escape", `'\x41\x4a'`, "String:AJ", false},
	{"unicode escape", `'\u00e9\U0001F600'`, "String:é😀", false},
	{"octal escape", `'\101\60'`, "String:A0", false},
	{"string suffixes", `'a's "b"u 'c'y 'd'j 'e'U`, "String:a/s String:b/u String:c/y String:d/j String:e/u", false},
	{"pg string suffixes", `'1'p '2'pt '3'pb '4'pv`, "String:1/p String:2/pt String:3/pb String:4/pv", false},
	{"unterminated string", `'abc`, "Illegal:unterminated string", true},
	{"multiline", "@@a\n'b'@@", "String:a\n'b'", false},
	{"multiline escape", "@@a@@@@b@@u", "String:a@@b/u", false},
	{"unterminated multiline", "@@abc@", "Illegal:unterminated @@ string", true},
	{"blob", "X'0aFF'", "String:0aFF/x", false},
	{"integers", "0 42 0x1F 0o17 0b101", "Int:0 Int:42 Int:0x1F Int:0o17 Int:0b101", false},
	{"integer suffixes", "1l 2s 3t 4u 5ul 6us 7ut 8UL 9pn 10ub 11i", "Int:1/l Int:2/s Int:3/t Int:4/u Int:5/ul Int:6/us Int:7/ut Int:8/ul Int:9/pn Int:10/ub Int:11/i", false},
	{"hex with suffix", "0xFFu 0xABul", "Int:0xFF/u Int:0xAB/ul", false},
	{"floats", "1.5 2. 3e10 4.5E-3 6.0f 7.5pf8 8.5pn", "Float:1.5 Float:2. Float:3e10 Float:4.5E-3 Float:6.0/f Float:7.5/pf8 Float:8.5/pn", false},
	{"int then ident", "1 e", "Int:1 Ident:e", false},
	{"params", "$p $_x1 $1", "Param:p Param:_x1 Param:1", false},
	{"lone dollar", "$ x", "$ Ident:x", false},
	{"operators", "== != <> <= >= << |<< || <| |> :: -> ?? >>", "== != <> <= >= << |<< || <| |> :: -> ? ? > >", false},
	{"single ops", "= < > + - ~ * / % ; . , ( ) [ ] { } ? : @ & | ^", "= < > + - ~ * / % ; . , ( ) [ ] { } ? : @ & | ^", false},
	{"illegal char", "a # b", "Ident:a Illegal:unexpected character Ident:b", true},
	{"illegal utf8", "a é", "Ident:a Illegal:unexpected character", true},
	{"hole placeholder", "__ydblint_hole_3__", "Ident:__ydblint_hole_3__", false},
	{"empty", "", "", false},
}

func TestLex(t *testing.T) {
	for _, c := range lexCases {
		t.Run(c.name, func(t *testing.T) {
			toks, err := Lex(c.src)
			if (err != nil) != c.wantErr {
				t.Fatalf("err = %v, want error %v", err, c.wantErr)
			}
			checkTokens(t, c.src, toks)
			if got := tokDump(toks); got != c.want {
				t.Errorf("Lex(%q)\n got %s\nwant %s", c.src, got, c.want)
			}
		})
	}
}

func TestLexOffsets(t *testing.T) {
	src := "SELECT `a b` FROM t -- c\nWHERE x = 'q';"
	toks, err := Lex(src)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		text        string
		offset, end int
	}{
		{"SELECT", 0, 6}, {"`a b`", 7, 12}, {"FROM", 13, 17}, {"t", 18, 19},
		{"WHERE", 25, 30}, {"x", 31, 32}, {"=", 33, 34}, {"'q'", 35, 38}, {";", 38, 39}, {"", 39, 39},
	}
	if len(toks) != len(want) {
		t.Fatalf("got %d tokens, want %d: %s", len(toks), len(want), tokDump(toks))
	}
	for i, w := range want {
		if toks[i].Text != w.text || toks[i].Offset != w.offset || toks[i].End != w.end {
			t.Errorf("token %d = %q [%d,%d), want %q [%d,%d)", i, toks[i].Text, toks[i].Offset, toks[i].End, w.text, w.offset, w.end)
		}
	}
}

func TestLexTooLarge(t *testing.T) {
	toks, err := Lex(strings.Repeat("a", MaxInput+1))
	if err == nil || len(toks) != 1 || toks[0].Kind != TokEOF {
		t.Fatalf("want one EOF token and an error, got %d tokens, err %v", len(toks), err)
	}
}

func TestComments(t *testing.T) {
	src := "-- ydb:hash h = Digest::NumericHash(id)\nSELECT 1 /* a */ --+ hint\r\n/*+ b */;--last"
	want := []Comment{
		{Span{0, 39}, "-- ydb:hash h = Digest::NumericHash(id)", false},
		{Span{49, 56}, "/* a */", true},
		{Span{57, 65}, "--+ hint", false},
		{Span{67, 75}, "/*+ b */", true},
		{Span{76, 82}, "--last", false},
	}
	check := func(name string, got []Comment) {
		if len(got) != len(want) {
			t.Fatalf("%s: got %d comments %+v, want %d", name, len(got), got, len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: comment %d = %+v, want %+v", name, i, got[i], want[i])
			}
		}
	}
	check("LexComments", LexComments(src))
	s := Parse(src)
	check("Script.Comments", s.Comments)
	if len(s.Stmts) != 1 || len(s.Errors) != 0 {
		t.Errorf("parse: %s", DumpScript(s))
	}
	if c := LexComments("--!ansi_lexer\n/* a /* b */ c */"); len(c) != 2 || c[1].Text != "/* a /* b */ c */" {
		t.Errorf("ansi nested comment: %+v", c)
	}
	if c := LexComments("/* open"); len(c) != 0 {
		t.Errorf("unterminated comment reported: %+v", c)
	}
}

func TestCommentsCountTowardsMaxTokens(t *testing.T) {
	s := Parse(strings.Repeat("--\n", MaxTokens+1))
	if len(s.Errors) != 1 || s.Errors[0].Msg != "too many tokens" || len(s.Stmts) != 0 {
		t.Errorf("got %d stmts, errors %v", len(s.Stmts), s.Errors)
	}
}
