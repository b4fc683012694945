package pkgscope

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// TestLiteralDecisions pins which string literals, as written in source
// (quotes included), make a package hold YQL (LiteralMentionsYQL, also the
// literal seed of the body plan) and which make it a text builder
// (literalBuildsText, a superset: the first piece of a statement counts).
func TestLiteralDecisions(t *testing.T) {
	for _, c := range []struct {
		lit             string
		mentions, build bool
	}{
		{`"SELECT a FROM t"`, true, true},
		{"`\n\tUPSERT INTO t (a) VALUES ($a)`", true, true},
		{`"DECLARE $id AS Uint64;"`, true, true},
		{`"CREATE TABLE t"`, true, true},
		{`"SELECT "`, false, true},                // first piece of "SELECT " + cols + " FROM " + t
		{`" \n UPDATE "`, false, true},            // leading space and escaped newline
		{`"SELECT a"`, false, true},               // no FROM: not a pair, but a start
		{`"a FROM t"`, false, false},              // FROM alone
		{`"select a from t"`, false, false},       // lower case is prose
		{`"update the select box"`, false, false}, // prose
		{`"INSERT"`, false, false},                // one keyword of a pair
		{`"x INSERT INTO"`, true, true},           // a pair not at the start
		{`""`, false, false},
	} {
		if got := LiteralMentionsYQL(c.lit); got != c.mentions {
			t.Errorf("LiteralMentionsYQL(%s) = %v, want %v", c.lit, got, c.mentions)
		}
		if got := literalBuildsText(c.lit); got != c.build {
			t.Errorf("literalBuildsText(%s) = %v, want %v", c.lit, got, c.build)
		}
	}
}

// TestFileDecisions runs the file-level scans on parsed sources: a
// statement in a string literal (not in a comment or a rune), a statement
// start only, and a file the parser could not read.
func TestFileDecisions(t *testing.T) {
	for _, c := range []struct {
		name, src                 string
		mentions, builds, badSyns bool
	}{
		{"pair", "package p\nconst q = `SELECT a FROM t`\n", true, true, false},
		{"start", "package p\nfunc f(c string) string { return \"SELECT \" + c }\n", false, true, false},
		{"comment", "package p\n// SELECT a FROM t\nvar x = \"select a from t\"\n", false, false, false},
		{"badexpr", "package p\nvar x = \"SELECT a FROM t\" + )\n", true, true, true},
		{"badexpr2", "package p\nfunc f() { if }\n", false, false, true},
		{"badstmt", "package p\nfunc f() { ) }\n", false, false, true},
		{"baddecl", "package p\n!\nvar y = 1\n", false, false, true},
	} {
		fset := token.NewFileSet()
		f, _ := parser.ParseFile(fset, c.name+".go", c.src, parser.AllErrors|parser.SkipObjectResolution)
		if f == nil {
			t.Fatalf("%s: parser returned no file", c.name)
		}
		files := []*ast.File{f}
		if got := MentionsYQL(files); got != c.mentions {
			t.Errorf("%s: MentionsYQL = %v, want %v", c.name, got, c.mentions)
		}
		if got := BuildsText(files); got != c.builds {
			t.Errorf("%s: BuildsText = %v, want %v", c.name, got, c.builds)
		}
		if got := HasBadSyntax(files); got != c.badSyns {
			t.Errorf("%s: HasBadSyntax = %v, want %v", c.name, got, c.badSyns)
		}
	}
	if HasBadSyntax(nil) || MentionsYQL(nil) || BuildsText(nil) {
		t.Error("no files: want false from every scan")
	}
}

// TestEmbedsFile: a string variable a //go:embed directive initialises,
// above the spec or above a declaration of one spec, makes the package a
// text builder for its importers; an embed.FS, a []byte or a directive in
// prose does not.
func TestEmbedsFile(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      bool
	}{
		{"decl", "package p\nimport _ \"embed\"\n//go:embed q.sql\nvar q string\n", true},
		{"spec", "package p\nimport _ \"embed\"\nvar (\n\t//go:embed q.sql\n\tq string\n\tn int\n)\n", true},
		{"fs", "package p\nimport \"embed\"\n//go:embed *.sql\nvar fs embed.FS\n", false},
		{"bytes", "package p\nimport _ \"embed\"\n//go:embed q.sql\nvar q []byte\n", false},
		{"prose", "package p\n// Use //go:embed to keep queries in files.\nvar q string\n", false},
		{"group doc", "package p\nimport _ \"embed\"\n//go:embed q.sql\nvar (\n\tq string\n\tr string\n)\n", false},
	} {
		f, err := parser.ParseFile(token.NewFileSet(), c.name+".go", c.src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if got := EmbedsFile([]*ast.File{f}); got != c.want {
			t.Errorf("%s: EmbedsFile = %v, want %v", c.name, got, c.want)
		}
	}
}
