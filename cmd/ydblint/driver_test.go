package main

import (
	"bytes"
	"flag"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

var update = flag.Bool("update", false, "rewrite the golden files of the driver tests")

func TestSplitMessage(t *testing.T) {
	tests := []struct {
		msg  string
		want []string
	}{
		{"plain", []string{"plain"}},
		{"head; tail", []string{"head", "tail"}},
		{"a (x; y); b", []string{"a (x; y)", "b"}},
		{"a `x; y`; b \"c; d\"; e", []string{"a `x; y`", "b \"c; d\"", "e"}},
		{"a;b", []string{"a;b"}},
		{"a; ", []string{"a", ""}},
	}
	for _, tt := range tests {
		got := splitMessage(tt.msg)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("splitMessage(%q) = %q, want %q", tt.msg, got, tt.want)
		}
		if strings.Join(got, "; ") != tt.msg {
			t.Errorf("splitMessage(%q) does not join back", tt.msg)
		}
	}
}

func FuzzSplitMessage(f *testing.F) {
	f.Add("a (b; c); d `e; f`")
	f.Fuzz(func(t *testing.T, msg string) {
		if got := strings.Join(splitMessage(msg), "; "); got != msg {
			t.Errorf("splitMessage(%q) joins to %q", msg, got)
		}
	})
}

func TestExplainFlag(t *testing.T) {
	tests := []struct {
		in   string
		want explainFlag
		err  bool
	}{
		{"true", explainFlag{on: true}, false},
		{"false", explainFlag{}, false},
		{"a/b.go", explainFlag{on: true, file: "a/b.go"}, false},
		{"a/b.go:12", explainFlag{on: true, file: "a/b.go", line: 12}, false},
		{"a/b.go:x", explainFlag{}, true},
		{"a/b.go:0", explainFlag{}, true},
	}
	for _, tt := range tests {
		var f explainFlag
		err := f.Set(tt.in)
		if (err != nil) != tt.err || (!tt.err && f != tt.want) {
			t.Errorf("Set(%q) = %+v, %v; want %+v, error %v", tt.in, f, err, tt.want, tt.err)
		}
	}
	site := &siteOutcome{Posn: token.Position{Filename: "/m/a/b.go", Line: 10}, End: token.Position{Filename: "/m/a/b.go", Line: 12}}
	for in, want := range map[string]bool{"a/b.go": true, "b.go": true, "c.go": false, "a/b.go:11": true, "a/b.go:13": false, "/m/a/b.go:10": true} {
		var f explainFlag
		if err := f.Set(in); err != nil {
			t.Fatal(err)
		}
		if got := f.matches("/m", site); got != want {
			t.Errorf("-explain=%s matches a site at b.go:10-12: %v, want %v", in, got, want)
		}
	}
}

// TestExitCodes is the exit-code matrix on stage A results: configuration
// errors win over load errors, which win over findings; -json exits 0 on
// findings but never on a load or configuration error.
func TestExitCodes(t *testing.T) {
	f := finding{Rule: "fullscan", Message: "SELECT reads every partition", Posn: token.Position{Filename: "/m/a.go", Line: 1, Column: 1}}
	cfgErr := f
	cfgErr.Message = configPrefix + "-migration-tool: unknown migration tool"
	pkg := func(mod func(*pkgResult)) *runResult {
		p := &pkgResult{ID: "example.com/m", PkgPath: "example.com/m", Root: true}
		mod(p)
		return &runResult{Packages: []*pkgResult{p}}
	}
	tests := []struct {
		name           string
		run            *runResult
		text, jsonCode int
	}{
		{"clean", pkg(func(*pkgResult) {}), exitClean, exitClean},
		{"findings", pkg(func(p *pkgResult) { p.Findings = []finding{f} }), exitFindings, exitClean},
		{"compile error", pkg(func(p *pkgResult) {
			p.Errors = []loadError{{Pos: "/m/a.go:1:1", Msg: "undefined: x"}}
			p.Findings = []finding{f}
		}), exitLoad, exitLoad},
		{"analysis failure", pkg(func(p *pkgResult) { p.Failures = []failure{{"fullscan", "boom"}} }), exitLoad, exitLoad},
		{"configuration error", pkg(func(p *pkgResult) { p.Findings = []finding{f, cfgErr} }), exitUsage, exitUsage},
	}
	for _, tt := range tests {
		s := summarize(tt.run, "/m")
		if got := s.exitCode(false); got != tt.text {
			t.Errorf("%s: exit %d, want %d", tt.name, got, tt.text)
		}
		if got := s.exitCode(true); got != tt.jsonCode {
			t.Errorf("%s -json: exit %d, want %d", tt.name, got, tt.jsonCode)
		}
	}
}

// TestConfigErrorOnce: a configuration error that every package (and every
// rule) reports is printed once per run.
func TestConfigErrorOnce(t *testing.T) {
	msg := configPrefix + "config file x.yml not found"
	var run runResult
	for _, id := range []string{"a", "b", "c"} {
		run.Packages = append(run.Packages, &pkgResult{ID: id, Findings: []finding{
			{Rule: "hashprefix", Message: msg, Posn: token.Position{Filename: "/m/" + id + ".go", Line: 1, Column: 1}},
			{Rule: "fullscan", Message: msg, Posn: token.Position{Filename: "/m/" + id + ".go", Line: 1, Column: 1}},
		}})
	}
	s := summarize(&run, "/m")
	if len(s.ConfigErrors) != 1 || len(s.Findings) != 0 {
		t.Errorf("config errors %q, findings %d; want one error, no finding", s.ConfigErrors, len(s.Findings))
	}
	var b bytes.Buffer
	printErrors(&b, s)
	if got := b.String(); strings.Count(got, "x.yml") != 1 {
		t.Errorf("printed:\n%s", got)
	}
}

// TestEmptySchemaPath: a configured schema path that exists but defines no
// table is a configuration error naming the path; one that defines a table
// is not.
func TestEmptySchemaPath(t *testing.T) {
	root := t.TempDir()
	empty := filepath.Join(root, "db", "typo")
	full := filepath.Join(root, "db", "migrations")
	for _, d := range []string{empty, full} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	run := &runResult{Packages: []*pkgResult{{
		ID: "m", ModuleRoot: root,
		Config:   &config.Config{SchemaPaths: []string{empty, full}},
		Outcomes: []siteOutcome{{API: "query.Client.Exec", Text: queryplan.TextFull}},
		Tables:   []tableInfo{{Path: "orders", Key: "(id)", Src: "db/migrations/1.sql:3", File: "db/migrations/1.sql"}},
	}}}
	got := emptySchemaPaths(run)
	if len(got) != 1 || !strings.Contains(got[0], empty) {
		t.Errorf("emptySchemaPaths = %q, want one error naming %s", got, empty)
	}
	if s := summarize(run, root); s.exitCode(false) != exitUsage {
		t.Errorf("exit %d, want %d", s.exitCode(false), exitUsage)
	}
	// Without query sites nothing is said: the module does not use YDB.
	run.Packages[0].Outcomes = nil
	if got := emptySchemaPaths(run); len(got) != 0 {
		t.Errorf("without query sites: %q", got)
	}
}

func TestTextOutput(t *testing.T) {
	fs := []finding{
		{Rule: "nullkey", Posn: token.Position{Filename: "/m/b.go", Line: 3, Column: 1}, Message: "NULL into key k of table t; write a value"},
		{Rule: "fullscan", Posn: token.Position{Filename: "/m/a.go", Line: 9, Column: 2}, Message: "SELECT reads every partition of table t (schema: s.sql:1); filter on k"},
		{Rule: "fullscan", Posn: token.Position{Filename: "/other/c.go", Line: 1, Column: 1}, Message: "x"},
	}
	sortFindings(fs)
	var b bytes.Buffer
	printText(&b, "/m", fs, -1)
	want := `a.go:9:2: SELECT reads every partition of table t (schema: s.sql:1) (fullscan)
    filter on k
b.go:3:1: NULL into key k of table t (nullkey)
    write a value
/other/c.go:1:1: x (fullscan)
`
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestOutsideModule: run where no go.mod is above the directory, ydblint
// says what go vet says (the go command's own line) and exits 1 as go vet
// does, instead of "matched no packages" and a usage error.
func TestOutsideModule(t *testing.T) {
	dir := t.TempDir()
	if moduleRootFor(dir) != "" || workRootFor(dir) != "" {
		t.Skip("the temporary directory lies inside a module or workspace")
	}
	if err := os.WriteFile(filepath.Join(dir, "x.go"), []byte("package x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		env  []string
		want bool
	}{
		{nil, true},
		{[]string{"GO111MODULE=on"}, true},
		{[]string{"GOWORK=off"}, true},
		{[]string{"GO111MODULE=off"}, false},            // GOPATH mode loads a directory without go.mod
		{[]string{"GOWORK=" + dir + "/go.work"}, false}, // a workspace named in the environment
	}
	for _, c := range cases {
		if got := outsideModule(dir, c.env); got != c.want {
			t.Errorf("outsideModule(%v) = %v, want %v", c.env, got, c.want)
		}
	}
	mod := t.TempDir()
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module m\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(mod, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if outsideModule(filepath.Join(mod, "sub"), nil) {
		t.Errorf("a directory below a go.mod reads as outside a module")
	}

	bin := buildTool(t)
	_, stderr, code := run(t, dir, bin, ".")
	_, vetErr, vetCode := run(t, dir, "go", "vet", ".")
	if code != vetCode || !strings.Contains(stderr, "go.mod file not found") || !strings.Contains(vetErr, "go.mod file not found") {
		t.Errorf("ydblint . outside a module: exit %d, %q; go vet: exit %d, %q", code, stderr, vetCode, vetErr)
	}
}

// TestTypeErrorsOnce: a package whose export data cannot be built gets the
// compiler's errors from the go command ("# pkg" block, files relative to
// the current directory) and the same errors from the type checker
// (absolute files); each is printed once, in the go command's block, as go
// vet prints it. Other errors of the package stay.
func TestTypeErrorsOnce(t *testing.T) {
	dir := "/m/b"
	msg := `cannot use "x" (untyped string constant) as int value in return statement`
	for _, rel := range []string{"../a/a.go", "/m/a/a.go"} {
		errs := []loadError{
			{Msg: "# example.com/m/a\n" + rel + ":3:23: " + msg},
			{Pos: "/m/a/a.go:3:23", Msg: msg},
			{Pos: "/m/a/a.go:4:1", Msg: "undefined: y"},
		}
		got := errorsOnce(errs, dir)
		if len(got) != 2 || got[0].Msg != errs[0].Msg || got[1].Pos != "/m/a/a.go:4:1" {
			t.Errorf("go command file %s: errors %q", rel, got)
		}
		if txt := got[0].text(dir, "example.com/m/a"); !strings.HasPrefix(txt, "# example.com/m/a\n") {
			t.Errorf("the go command's block is printed as %q", txt)
		}
	}
	// Without the go command's block every type error stays.
	only := []loadError{{Pos: "/m/a/a.go:3:23", Msg: msg}}
	if got := errorsOnce(only, dir); len(got) != 1 {
		t.Errorf("errors %q", got)
	}
}

// TestNameAfterHeadline: under go vet the rule is named where the
// standalone command names it, after the headline, and the detail follows
// on the same line; a "; " inside parentheses or quotes does not end the
// headline, and a message already named is left alone (a copy of a rule
// may wrap another's report).
func TestNameAfterHeadline(t *testing.T) {
	cases := []struct{ msg, want string }{
		{"SELECT reads every partition of t: no predicate on k; table t, primary key (k) (schema: s.sql:1); filter on k",
			"SELECT reads every partition of t: no predicate on k (fullscan); table t, primary key (k) (schema: s.sql:1); filter on k"},
		{"x", "x (fullscan)"},
		{`WHERE "a; b" (x; y) is slow; fix it`, `WHERE "a; b" (x; y) is slow (fullscan); fix it`},
		{"x (fullscan); detail", "x (fullscan); detail"},
	}
	for _, c := range cases {
		if got := nameAfterHeadline(c.msg, "fullscan"); got != c.want {
			t.Errorf("nameAfterHeadline(%q) = %q, want %q", c.msg, got, c.want)
		}
		if got, rule, ok := cutRuleName(c.want); !ok || rule != "fullscan" || (got != c.msg && c.msg != c.want) {
			t.Errorf("cutRuleName(%q) = %q, %q, %v", c.want, got, rule, ok)
		}
	}
}
