package lsp

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

func TestMapperPosition(t *testing.T) {
	text := "ab\nключ🚀x\r\n\nlast"
	tests := []struct {
		offset int
		want   Position
	}{
		{0, Position{0, 0}},
		{2, Position{0, 2}}, // the "\n"
		{3, Position{1, 0}},
		{5, Position{1, 1}},                            // after "к" (2 bytes, 1 unit)
		{11, Position{1, 4}},                           // after "ключ"
		{15, Position{1, 6}},                           // after the emoji (4 bytes, 2 units)
		{16, Position{1, 7}},                           // after "x", at "\r"
		{18, Position{2, 0}},                           // the empty line
		{19, Position{3, 0}},                           // "last"
		{len(text), Position{3, 4}},                    // end of text
		{len(text) + 10, Position{3, 4}},               // clamped
		{-1, Position{0, 0}},                           // clamped
		{strings.Index(text, "🚀") + 1, Position{1, 5}}, // inside a rune: counts the bytes before it
	}
	m := newMapper(text)
	for _, tt := range tests {
		if got := m.position(tt.offset); got != tt.want {
			t.Errorf("position(%d) = %+v, want %+v", tt.offset, got, tt.want)
		}
	}
}

func TestMapperOffset(t *testing.T) {
	text := "ab\nключ🚀x\r\n\nlast"
	tests := []struct {
		pos  Position
		want int
	}{
		{Position{0, 0}, 0},
		{Position{0, 2}, 2},
		{Position{0, 99}, 2}, // beyond the line: its end
		{Position{1, 1}, 5},
		{Position{1, 4}, 11},
		{Position{1, 5}, 11}, // inside the surrogate pair: the rune's start
		{Position{1, 6}, 15},
		{Position{1, 7}, 16},
		{Position{1, 8}, 16}, // "\r" is not part of the line
		{Position{2, 0}, 18},
		{Position{3, 4}, len(text)},
		{Position{9, 0}, len(text)}, // beyond the text
	}
	m := newMapper(text)
	for _, tt := range tests {
		if got := m.offset(tt.pos); got != tt.want {
			t.Errorf("offset(%+v) = %d, want %d", tt.pos, got, tt.want)
		}
	}
	// Round trip at every rune boundary.
	for off := range text {
		if got := m.offset(m.position(off)); got != off && text[off] != '\n' {
			t.Errorf("offset(position(%d)) = %d", off, got)
		}
	}
}

func TestMapperLineColumn(t *testing.T) {
	m := newMapper("ab\n🚀c\n")
	tests := []struct {
		line, col int
		want      Position
	}{
		{1, 1, Position{0, 0}},
		{2, 5, Position{1, 2}},  // after the emoji
		{2, 6, Position{1, 3}},  // after "c"
		{2, 99, Position{1, 3}}, // clamped to the line
		{3, 1, Position{2, 0}},
		{9, 1, Position{2, 0}}, // beyond the text: its end
		{0, 1, Position{0, 0}},
	}
	for _, tt := range tests {
		if got := m.lineColumn(tt.line, tt.col); got != tt.want {
			t.Errorf("lineColumn(%d, %d) = %+v, want %+v", tt.line, tt.col, got, tt.want)
		}
	}
}

func TestUTF16Len(t *testing.T) {
	for s, want := range map[string]int{"": 0, "abc": 3, "ключ": 4, "🚀": 2, "\xff": 1, "a\xffb": 3, "\uFFFD": 1, "日本": 2} {
		if got := utf16Len(s); got != want {
			t.Errorf("utf16Len(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestURIs(t *testing.T) {
	for _, path := range []string{"/a/b.go", "/with space/ключ.go", "/a/b#c%.go"} {
		uri := pathToURI(path)
		got, err := uriToPath(uri)
		if err != nil || got != path {
			t.Errorf("uriToPath(pathToURI(%q) = %q) = %q, %v", path, uri, got, err)
		}
	}
	if got, err := uriToPath("file:///a/%D0%BA.go"); err != nil || got != "/a/к.go" {
		t.Errorf("percent-encoded URI: %q, %v", got, err)
	}
	for _, bad := range []DocumentURI{"untitled:Untitled-1", "file:relative.go", "http://x/a.go", "%zz"} {
		if got, err := uriToPath(bad); err == nil {
			t.Errorf("uriToPath(%q) = %q, want an error", bad, got)
		}
	}
}

func TestApplyChange(t *testing.T) {
	text := "package p\n\nvar s = \"ключ🚀\"\n"
	tests := []struct {
		name   string
		change TextDocumentContentChangeEvent
		want   string
	}{
		{"full", TextDocumentContentChangeEvent{Text: "x"}, "x"},
		{"insert after the emoji", TextDocumentContentChangeEvent{
			Range: &Range{Start: Position{2, 15}, End: Position{2, 15}}, Text: "!"}, "package p\n\nvar s = \"ключ🚀!\"\n"},
		{"replace a line", TextDocumentContentChangeEvent{
			Range: &Range{Start: Position{0, 0}, End: Position{1, 0}}, Text: "package q\n"}, "package q\n\nvar s = \"ключ🚀\"\n"},
		{"reversed range", TextDocumentContentChangeEvent{
			Range: &Range{Start: Position{0, 9}, End: Position{0, 8}}, Text: "Q"}, "package Q\n\nvar s = \"ключ🚀\"\n"},
	}
	for _, tt := range tests {
		if got := applyChange(text, tt.change); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestOverlaps(t *testing.T) {
	r := func(l1, c1, l2, c2 uint32) Range { return Range{Position{l1, c1}, Position{l2, c2}} }
	tests := []struct {
		a, b Range
		want bool
	}{
		{r(1, 5, 1, 10), r(1, 7, 1, 7), true},   // cursor inside
		{r(1, 5, 1, 10), r(1, 5, 1, 5), true},   // cursor at the start
		{r(1, 5, 1, 10), r(1, 10, 1, 10), true}, // cursor at the end
		{r(1, 5, 1, 10), r(1, 11, 1, 11), false},
		{r(1, 5, 1, 10), r(0, 0, 5, 0), true}, // selection around it
		{r(1, 5, 1, 10), r(2, 0, 2, 3), false},
	}
	for _, tt := range tests {
		if got := overlaps(tt.a, tt.b); got != tt.want {
			t.Errorf("overlaps(%+v, %+v) = %v", tt.a, tt.b, got)
		}
	}
}

func TestSuppressFix(t *testing.T) {
	tests := []struct {
		name string
		src  string // "needle" marks the diagnostic
		want string // "" when no action is offered
	}{
		{"statement", "package p\n\nfunc f() {\n\tuse(\"needle\")\n}\n",
			"package p\n\nfunc f() {\n\t//ydblint:ignore fullscan <reason>\n\tuse(\"needle\")\n}\n"},
		{"second line of a statement", "package p\n\nfunc f() {\n\tuse(1,\n\t\t\"needle\")\n}\n",
			"package p\n\nfunc f() {\n\t//ydblint:ignore fullscan <reason>\n\tuse(1,\n\t\t\"needle\")\n}\n"},
		{"case clause", "package p\n\nfunc f(x int) {\n\tswitch x {\n\tcase 1:\n\t\tuse(\"needle\")\n\t}\n}\n",
			"package p\n\nfunc f(x int) {\n\tswitch x {\n\tcase 1:\n\t\t//ydblint:ignore fullscan <reason>\n\t\tuse(\"needle\")\n\t}\n}\n"},
		{"top-level var", "package p\n\nvar q = \"needle\"\n",
			"package p\n\n//ydblint:ignore fullscan <reason>\nvar q = \"needle\"\n"},
		{"spec of a const group", "package p\n\nconst (\n\ta = 1\n\tq = \"needle\"\n)\n",
			"package p\n\nconst (\n\ta = 1\n\t//ydblint:ignore fullscan <reason>\n\tq = \"needle\"\n)\n"},
		{"statement in a closure", "package p\n\nfunc f() {\n\tgo func() {\n\t\tuse(\"needle\")\n\t}()\n}\n",
			"package p\n\nfunc f() {\n\tgo func() {\n\t\t//ydblint:ignore fullscan <reason>\n\t\tuse(\"needle\")\n\t}()\n}\n"},
		{"one-line closure: the enclosing statement", "package p\n\nfunc f() {\n\tg := func() { use(\"needle\") }\n\tg()\n}\n",
			"package p\n\nfunc f() {\n\t//ydblint:ignore fullscan <reason>\n\tg := func() { use(\"needle\") }\n\tg()\n}\n"},
		{"if with an init statement", "package p\n\nfunc f() {\n\tif err := use(\"needle\"); err != nil {\n\t}\n}\n",
			"package p\n\nfunc f() {\n\t//ydblint:ignore fullscan <reason>\n\tif err := use(\"needle\"); err != nil {\n\t}\n}\n"},
		{"CRLF line endings", "package p\r\n\r\nfunc f() {\r\n\tuse(\"needle\")\r\n}\r\n",
			"package p\r\n\r\nfunc f() {\r\n\t//ydblint:ignore fullscan <reason>\r\n\tuse(\"needle\")\r\n}\r\n"},
		{"non-ASCII before the statement's line", "package p\n\n// ключ 🚀\nfunc f() {\n\tuse(\"needle\")\n}\n",
			"package p\n\n// ключ 🚀\nfunc f() {\n\t//ydblint:ignore fullscan <reason>\n\tuse(\"needle\")\n}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "a.go", tt.src, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			pos := f.FileStart + token.Pos(strings.Index(tt.src, "needle"))
			fr := &fileResult{path: "/a.go", uri: pathToURI("/a.go"), text: tt.src}
			fx := suppressFix(fset, f, pos, "fullscan", fr)
			if fx == nil {
				if tt.want != "" {
					t.Fatalf("no action, want\n%s", tt.want)
				}
				return
			}
			if got := applyEdits(t, tt.src, fx.edits[fr.uri]); got != tt.want {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
	t.Run("position outside the file", func(t *testing.T) {
		fset := token.NewFileSet()
		src := "package p\n"
		f, _ := parser.ParseFile(fset, "a.go", src, 0)
		fr := &fileResult{path: "/a.go", uri: pathToURI("/a.go"), text: src}
		if fx := suppressFix(fset, f, f.FileEnd+100, "fullscan", fr); fx != nil {
			t.Errorf("action %+v for a position outside the file", fx)
		}
		if fx := suppressFix(fset, f, token.NoPos, "fullscan", fr); fx != nil {
			t.Errorf("action %+v for no position", fx)
		}
	})
}

func TestWantsQuickFix(t *testing.T) {
	for only, want := range map[string]bool{"quickfix": true, "": true, "refactor": false, "source.organizeImports": false} {
		if got := wantsQuickFix([]string{only}); got != want {
			t.Errorf("wantsQuickFix(%q) = %v", only, got)
		}
	}
}
