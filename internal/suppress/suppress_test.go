package suppress

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"
)

func parseGo(t *testing.T, src string) (*token.FileSet, *ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	return fset, f
}

// coveredLines returns the lines whose first non-blank byte a directive
// covers for rule (comment-only and blank lines are skipped).
func coveredLines(fset *token.FileSet, f *ast.File, set *Set, rule string, src string) []int {
	tf := fset.File(f.FileStart)
	var out []int
	off := 0
	for i, line := range strings.SplitAfter(src, "\n") {
		trimmed := strings.TrimLeft(line, " \t")
		col := len(line) - len(trimmed)
		if trimmed != "" && trimmed != "\n" && !strings.HasPrefix(trimmed, "//") {
			if set.Match(rule, tf.Pos(off+col)) != nil {
				out = append(out, i+1)
			}
		}
		off += len(line)
	}
	return out
}

func TestGoCoverage(t *testing.T) {
	tests := []struct {
		name string
		src  string
		rule string
		want []int
	}{
		{"trailing directive covers its line only", `package p
func f() {
	a := 1 //ydblint:ignore fullscan legacy report
	b := 2
	_, _ = a, b
}`, "fullscan", []int{3}},
		{"directive above covers the whole statement", `package p
func f(db any) {
	//ydblint:ignore fullscan export reads everything
	rows := query(db,
		"SELECT * FROM t",
	)
	_ = rows
}`, "fullscan", []int{4, 5, 6}},
		{"explanation lines in the same group", `package p
func f() {
	// The nightly export reads the whole table.
	//ydblint:ignore fullscan nightly export
	// More words after the directive.
	x := 1
	y := 2
	_, _ = x, y
}`, "fullscan", []int{6}},
		{"blank line breaks the link", `package p
func f() {
	//ydblint:ignore fullscan nightly export

	x := 1
	_ = x
}`, "fullscan", nil},
		{"trailing directive does not reach the next statement", `package p
func f() {
	x := 1 //ydblint:ignore nullkey r
	y := 2
	_, _ = x, y
}`, "nullkey", []int{3}},
		{"trailing comment group followed by an own-line directive", `package p
func f() {
	x := 1 // trailing words
	//ydblint:ignore nullkey r
	y := 2
	_, _ = x, y
}`, "nullkey", []int{5}},
		{"block statement covered to its end", `package p
func f(ok bool) {
	//ydblint:ignore all migration backfill
	if ok {
		g()
	}
	g()
}`, "monotonickey", []int{4, 5, 6}},
		{"declaration", `package p
//ydblint:ignore hashprefix admin tool
var q = "SELECT * FROM orders WHERE id = $id"
var r = "x"`, "hashprefix", []int{3}},
		{"call argument on its own line", `package p
func f() {
	query(nil,
		//ydblint:ignore fullscan bounded by LIMIT in practice
		"SELECT * FROM t",
		"next arg",
	)
}`, "fullscan", []int{5}},
		{"nested directives both apply", `package p
func f() {
	//ydblint:ignore fullscan outer
	query(nil,
		//ydblint:ignore nullkey inner
		"x",
	)
}`, "nullkey", []int{6}},
		{"other rule not covered", `package p
func f() {
	//ydblint:ignore fullscan export
	x := 1
	_ = x
}`, "nullkey", nil},
		{"multiple rules", `package p
func f() {
	//ydblint:ignore fullscan,nullkey both known
	x := 1
	_ = x
}`, "nullkey", []int{4}},
		{"space after slashes accepted", `package p
func f() {
	// ydblint:ignore fullscan export
	x := 1
	_ = x
}`, "fullscan", []int{4}},
		{"block comment is not a directive", `package p
func f() {
	/*ydblint:ignore fullscan export*/
	x := 1
	_ = x
}`, "fullscan", nil},
		{"similar keyword is not a directive", `package p
func f() {
	//ydblint:ignored fullscan export
	x := 1
	_ = x
}`, "fullscan", nil},
		{"directive after code on an if line", `package p
func f(ok bool) {
	if ok { //ydblint:ignore fullscan r
		g()
	}
}`, "fullscan", []int{3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fset, f := parseGo(t, tt.src)
			dirs, problems := ParseGoFile(fset, f)
			if len(problems) != 0 {
				t.Fatalf("problems: %+v", problems)
			}
			set := &Set{}
			set.Add(dirs...)
			if got := coveredLines(fset, f, set, tt.rule, tt.src); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("covered lines %v, want %v", got, tt.want)
			}
		})
	}
}

func TestGoProblems(t *testing.T) {
	tests := []struct {
		name      string
		comment   string
		wantDirs  int
		wantRules []string // rules of the one directive, if any
		want      []string // "msg [rules]"
	}{
		{"valid", "//ydblint:ignore fullscan reason here", 1, []string{"fullscan"}, nil},
		{"missing reason", "//ydblint:ignore fullscan", 0, nil, []string{"ydblint:ignore needs a reason [fullscan]"}},
		{"missing reason trailing spaces", "//ydblint:ignore fullscan   ", 0, nil, []string{"ydblint:ignore needs a reason [fullscan]"}},
		{"missing everything", "//ydblint:ignore", 0, nil, []string{"ydblint:ignore needs a rule name and a reason []"}},
		{"unknown rule", "//ydblint:ignore fulscan typo", 0, nil,
			[]string{`ydblint:ignore names unknown rule "fulscan" (known: hashprefix, nullkey, fullscan, monotonickey, yqlcheck, yqlinject, resultloop, retrystate, uncommitted, nestedretry, retryerr, txretry, idempotency, scantype, sessionescape, truncation, all) []`}},
		{"unknown and known", "//ydblint:ignore fulscan,nullkey typo", 1, []string{"nullkey"},
			[]string{`ydblint:ignore names unknown rule "fulscan" (known: hashprefix, nullkey, fullscan, monotonickey, yqlcheck, yqlinject, resultloop, retrystate, uncommitted, nestedretry, retryerr, txretry, idempotency, scantype, sessionescape, truncation, all) [nullkey]`}},
		{"case matters", "//ydblint:ignore FullScan r", 0, nil,
			[]string{`ydblint:ignore names unknown rule "FullScan" (known: hashprefix, nullkey, fullscan, monotonickey, yqlcheck, yqlinject, resultloop, retrystate, uncommitted, nestedretry, retryerr, txretry, idempotency, scantype, sessionescape, truncation, all) []`}},
		{"all without reason", "//ydblint:ignore all", 0, nil, []string{"ydblint:ignore needs a reason []"}},
		{"placeholder reason", "//ydblint:ignore fullscan <reason>", 0, nil,
			[]string{"ydblint:ignore needs a reason: replace the <reason> placeholder [fullscan]"}},
		{"placeholder reason with words", "//ydblint:ignore nullkey <why is this fine>", 0, nil,
			[]string{"ydblint:ignore needs a reason: replace the <reason> placeholder [nullkey]"}},
		{"angle brackets inside a reason", "//ydblint:ignore fullscan size <= 10 rows", 1, []string{"fullscan"}, nil},
		{"reason that mentions a type", "//ydblint:ignore fullscan <admin> and <export> only", 1, []string{"fullscan"}, nil},
		{"repeated names collapse", "//ydblint:ignore nullkey,nullkey,,fullscan r", 1, []string{"nullkey", "fullscan"}, nil},
		{"tab separator", "//ydblint:ignore\tnullkey\treason", 1, []string{"nullkey"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "package p\n\n" + tt.comment + "\nvar x = 1\n"
			fset, f := parseGo(t, src)
			dirs, problems := ParseGoFile(fset, f)
			var got []string
			for _, p := range problems {
				got = append(got, fmt.Sprintf("%s %v", p.Msg, p.Rules))
				if line := fset.Position(p.Pos).Line; line != 3 {
					t.Errorf("problem on line %d, want 3", line)
				}
				if p.End <= p.Pos {
					t.Errorf("problem End %v <= Pos %v", p.End, p.Pos)
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("problems %q, want %q", got, tt.want)
			}
			if len(dirs) != tt.wantDirs {
				t.Fatalf("%d directives, want %d", len(dirs), tt.wantDirs)
			}
			if len(dirs) == 1 && !reflect.DeepEqual(dirs[0].Rules, tt.wantRules) {
				t.Errorf("rules %q, want %q", dirs[0].Rules, tt.wantRules)
			}
		})
	}
}

func TestProblemConcerns(t *testing.T) {
	if !(Problem{}).Concerns("fullscan") {
		t.Error("a problem naming no rule must concern every rule")
	}
	p := Problem{Rules: []string{"nullkey"}}
	if !p.Concerns("nullkey") || p.Concerns("fullscan") {
		t.Error("a problem naming nullkey concerns nullkey only")
	}
}

func TestUnusedTracking(t *testing.T) {
	src := `package p
func f() {
	//ydblint:ignore fullscan,nullkey two rules
	a := 1
	//ydblint:ignore all everything
	b := 2
	//ydblint:ignore hashprefix never matched
	c := 3
	_, _, _ = a, b, c
}`
	fset, f := parseGo(t, src)
	dirs, _ := ParseGoFile(fset, f)
	set := &Set{}
	set.Add(dirs...)
	tf := fset.File(f.FileStart)
	at := func(line int) token.Pos { return tf.LineStart(line) + 1 }
	if d := set.Match("fullscan", at(4)); d == nil || d.Reason != "two rules" {
		t.Fatalf("fullscan on line 4 not suppressed: %+v", d)
	}
	if d := set.Match("monotonickey", at(6)); d == nil || d.Reason != "everything" {
		t.Fatalf("all on line 6 not applied: %+v", d)
	}
	if d := set.Match("hashprefix", at(4)); d != nil {
		t.Fatalf("hashprefix on line 4 suppressed by %+v", d)
	}
	type use struct {
		reason, rule string
		unused       bool
	}
	var got []use
	for _, d := range set.Directives() {
		for _, r := range Rules {
			if d.UnusedFor(r) {
				got = append(got, use{d.Reason, r, true})
			}
		}
	}
	want := []use{{"two rules", "nullkey", true}, {"never matched", "hashprefix", true}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("unused %+v, want %+v", got, want)
	}
	if !dirs[1].Used("monotonickey") || dirs[1].UnusedFor("fullscan") {
		t.Error("an all directive is never unused for one rule")
	}
	if set.Match("fullscan", token.NoPos) != nil {
		t.Error("NoPos matched")
	}
	var nilSet *Set
	if nilSet.Match("fullscan", at(4)) != nil {
		t.Error("nil set matched")
	}
}

func TestYQL(t *testing.T) {
	// stmts: spans of the statements, by their first and last marker.
	stmtSpans := func(text string, stmts ...string) []Span {
		var out []Span
		for _, s := range stmts {
			i := strings.Index(text, s)
			if i < 0 {
				t.Fatalf("%q not in text", s)
			}
			out = append(out, Span{i, i + len(s)})
		}
		return out
	}
	tests := []struct {
		name     string
		text     string
		stmts    []string
		rule     string
		at       string // a substring whose offset is the diagnostic
		covered  bool
		problems []string
	}{
		{"directive before the statement", "-- ydblint:ignore fullscan admin export\nSELECT * FROM t;", []string{"SELECT * FROM t"},
			"fullscan", "FROM", true, nil},
		{"directive covers only the next statement",
			"-- ydblint:ignore fullscan admin\nSELECT * FROM a;\nSELECT * FROM b;", []string{"SELECT * FROM a", "SELECT * FROM b"},
			"fullscan", "FROM b", false, nil},
		{"directive inside the statement",
			"SELECT * FROM a\n-- ydblint:ignore fullscan admin\nWHERE x > 1;\nSELECT * FROM b;", []string{"SELECT * FROM a\n-- ydblint:ignore fullscan admin\nWHERE x > 1", "SELECT * FROM b"},
			"fullscan", "FROM a", true, nil},
		{"no space after dashes", "--ydblint:ignore nullkey r\nUPSERT INTO t (a) VALUES (NULL);", []string{"UPSERT INTO t (a) VALUES (NULL)"},
			"nullkey", "NULL)", true, nil},
		{"other rule", "-- ydblint:ignore fullscan r\nSELECT 1;", []string{"SELECT 1"}, "nullkey", "1", false, nil},
		{"missing reason", "-- ydblint:ignore fullscan\nSELECT 1;", []string{"SELECT 1"}, "fullscan", "1", false,
			[]string{"ydblint:ignore needs a reason [fullscan]"}},
		{"placeholder reason", "-- ydblint:ignore fullscan <reason>\nSELECT 1;", []string{"SELECT 1"}, "fullscan", "1", false,
			[]string{"ydblint:ignore needs a reason: replace the <reason> placeholder [fullscan]"}},
		{"unknown rule", "-- ydblint:ignore fullscna why\nSELECT 1;", []string{"SELECT 1"}, "fullscan", "1", false,
			[]string{`ydblint:ignore names unknown rule "fullscna" (known: hashprefix, nullkey, fullscan, monotonickey, yqlcheck, yqlinject, resultloop, retrystate, uncommitted, nestedretry, retryerr, txretry, idempotency, scantype, sessionescape, truncation, all) []`}},
		{"inside a string literal is not a comment", "SELECT '-- ydblint:ignore fullscan r' FROM t;", []string{"SELECT '-- ydblint:ignore fullscan r' FROM t"},
			"fullscan", "FROM", false, nil},
		{"inside a raw string is not a comment", "SELECT @@x\n-- ydblint:ignore fullscan r\n@@ FROM t;", []string{"SELECT @@x\n-- ydblint:ignore fullscan r\n@@ FROM t"},
			"fullscan", "FROM", false, nil},
		{"inside a block comment is not a directive", "/* -- ydblint:ignore fullscan r */ SELECT * FROM t;", []string{"SELECT * FROM t"},
			"fullscan", "FROM", false, nil},
		{"after a block comment", "/* x */ -- ydblint:ignore fullscan r\nSELECT * FROM t;", []string{"SELECT * FROM t"},
			"fullscan", "FROM", true, nil},
		{"escaped quote in string", "SELECT 'it\\'s' -- ydblint:ignore fullscan r\nFROM t;", []string{"SELECT 'it\\'s' -- ydblint:ignore fullscan r\nFROM t"},
			"fullscan", "FROM", true, nil},
		{"trailing the statement's last token", "SELECT * FROM logs WHERE e = $e -- ydblint:ignore fullscan small table",
			[]string{"SELECT * FROM logs WHERE e = $e"}, "fullscan", "FROM", true, nil},
		{"trailing the last line of a multi-line statement, after its semicolon",
			"SELECT *\nFROM logs\nWHERE e = $e;  -- ydblint:ignore fullscan small table\nSELECT * FROM b;",
			[]string{"SELECT *\nFROM logs\nWHERE e = $e", "SELECT * FROM b"}, "fullscan", "FROM logs", true, nil},
		{"a trailing directive does not cover the next statement",
			"SELECT * FROM a;  -- ydblint:ignore fullscan small table\nSELECT * FROM b;",
			[]string{"SELECT * FROM a", "SELECT * FROM b"}, "fullscan", "FROM b", false, nil},
		{"a directive on its own line after a statement covers the next one",
			"SELECT * FROM a;\n-- ydblint:ignore fullscan small table\nSELECT * FROM b;",
			[]string{"SELECT * FROM a", "SELECT * FROM b"}, "fullscan", "FROM b", true, nil},
		{"nothing after the directive", "SELECT 1;\n-- ydblint:ignore fullscan r\n", []string{"SELECT 1"}, "fullscan", "1", false, nil},
		{"unterminated string stops the scan", "SELECT 'x -- ydblint:ignore fullscan r\nFROM t", []string{"SELECT 'x -- ydblint:ignore fullscan r\nFROM t"},
			"fullscan", "FROM", false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dirs, problems := ParseYQL(tt.text, stmtSpans(tt.text, tt.stmts...))
			var got []string
			for _, p := range problems {
				got = append(got, fmt.Sprintf("%s %v", p.Msg, p.Rules))
				if !strings.HasPrefix(tt.text[p.Off:p.EndOff], "--") {
					t.Errorf("problem span %q is not the comment", tt.text[p.Off:p.EndOff])
				}
			}
			if !reflect.DeepEqual(got, tt.problems) {
				t.Errorf("problems %q, want %q", got, tt.problems)
			}
			off := strings.Index(tt.text, tt.at)
			d := MatchYQL(dirs, tt.rule, off)
			if (d != nil) != tt.covered {
				t.Errorf("covered = %v, want %v", d != nil, tt.covered)
			}
			if d != nil && (!d.Used(tt.rule) || !strings.HasPrefix(tt.text[d.Off:d.EndOff], "--")) {
				t.Errorf("directive %+v not marked used or wrong span", d)
			}
		})
	}
}

func TestYQLHugeText(t *testing.T) {
	text := "-- ydblint:ignore fullscan r\n" + strings.Repeat("SELECT 1;\n", maxYQL/10+1)
	if dirs, problems := ParseYQL(text, []Span{{29, 37}}); dirs != nil || problems != nil {
		t.Error("text over the bound was scanned")
	}
}

func FuzzParseYQL(f *testing.F) {
	f.Add("-- ydblint:ignore fullscan r\nSELECT 1;", 0, 5)
	f.Add("SELECT @@a@@@@b@@ -- ydblint:ignore all x\n", 3, 9)
	f.Add("/* unterminated", 0, 1)
	f.Fuzz(func(t *testing.T, text string, a, b int) {
		dirs, problems := ParseYQL(text, []Span{{a, b}})
		for _, d := range dirs {
			if d.Off < 0 || d.EndOff > len(text) || d.Off > d.EndOff {
				t.Fatalf("bad span %d..%d", d.Off, d.EndOff)
			}
		}
		for _, p := range problems {
			if p.Off < 0 || p.EndOff > len(text) {
				t.Fatalf("bad problem span %d..%d", p.Off, p.EndOff)
			}
		}
	})
}
