package config

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func errStrings(errs []Error) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.String())
	}
	return out
}

func TestParseFileValid(t *testing.T) {
	src := `# full example
version: 1
strict: true
report-unused-ignores: false
include-pkgs: [github.com/acme/app, github.com/acme/lib/...]
exclude-pkgs: "github.com/acme/app/gen, github.com/acme/app/mocks"
schema:
  paths: [db/migrations, "db/ddl/*.yql"]
  tool: goose
  order: lexical
hash:
  - table: orders
    column: order_hash
    function: Digest::NumericHash
    source-column: order_id
  - table: /local/db/events
    column: h
    source-column: event_id
sinks:
  - package: github.com/acme/app/db
    function: (*Repo).Query
    query-arg: 1
    params-arg: 2
  - package: github.com/acme/app/db
    function: Exec
    query-arg: 1
`
	fc := parseFile("/m/.ydblint.yml", []byte(src))
	if len(fc.errors) != 0 {
		t.Fatalf("unexpected errors: %v", errStrings(fc.errors))
	}
	if fc.strict == nil || !*fc.strict || fc.reportUnusedIgnores == nil || *fc.reportUnusedIgnores {
		t.Errorf("strict/report-unused-ignores = %v/%v", fc.strict, fc.reportUnusedIgnores)
	}
	if want := []string{"github.com/acme/app", "github.com/acme/lib/..."}; !reflect.DeepEqual(fc.includePkgs, want) {
		t.Errorf("include-pkgs = %q, want %q", fc.includePkgs, want)
	}
	if want := []string{"github.com/acme/app/gen", "github.com/acme/app/mocks"}; !reflect.DeepEqual(fc.excludePkgs, want) {
		t.Errorf("exclude-pkgs = %q, want %q", fc.excludePkgs, want)
	}
	if want := []string{"db/migrations", "db/ddl/*.yql"}; !reflect.DeepEqual(fc.schemaPaths, want) {
		t.Errorf("schema.paths = %q, want %q", fc.schemaPaths, want)
	}
	if fc.tool != ToolGoose || fc.order != OrderLexical {
		t.Errorf("tool/order = %q/%q", fc.tool, fc.order)
	}
	wantHashes := []HashAnnotation{
		{Table: "orders", Column: "order_hash", Function: "Digest::NumericHash", SourceColumn: "order_id", Src: Source{"/m/.ydblint.yml", 12}},
		{Table: "/local/db/events", Column: "h", SourceColumn: "event_id", Src: Source{"/m/.ydblint.yml", 16}},
	}
	if !reflect.DeepEqual(fc.hashes, wantHashes) {
		t.Errorf("hashes = %+v\nwant %+v", fc.hashes, wantHashes)
	}
	wantSinks := []Sink{
		{Package: "github.com/acme/app/db", Function: "(*Repo).Query", QueryArg: 1, ParamsArg: 2, Src: Source{"/m/.ydblint.yml", 20}},
		{Package: "github.com/acme/app/db", Function: "Exec", QueryArg: 1, ParamsArg: -1, Src: Source{"/m/.ydblint.yml", 24}},
	}
	if !reflect.DeepEqual(fc.sinks, wantSinks) {
		t.Errorf("sinks = %+v\nwant %+v", fc.sinks, wantSinks)
	}
}

func TestParseFileErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // exact error strings, in order
	}{
		{"empty file", "", nil},
		{"only comments", "# nothing here\n\n", nil},
		{"empty document", "---\n", nil},
		{"unknown top-level key", "strict: true\nstrikt: true\n",
			[]string{"f.yml:2: strikt: unknown key (known: version, strict, report-unused-ignores, include-pkgs, exclude-pkgs, schema, hash, sinks)"}},
		{"unknown nested key", "schema:\n  tool: goose\n  dirs: [a]\n",
			[]string{"f.yml:3: schema.dirs: unknown key (known: paths, tool, order)"}},
		{"unknown key in list entry", "hash:\n  - table: t\n    column: h\n    source-column: id\n    func: X\n",
			[]string{"f.yml:5: hash[0].func: unknown key (known: table, column, function, source-column)"}},
		{"bool as string", "strict: \"yes\"\n",
			[]string{`f.yml:1: strict: want true or false, got the string "yes"`}},
		{"bool as yes", "strict: yes\n",
			[]string{`f.yml:1: strict: want true or false, got the string "yes"`}},
		{"bool as int", "report-unused-ignores: 1\n",
			[]string{"f.yml:1: report-unused-ignores: want true or false, got int 1"}},
		{"null value", "strict:\n",
			[]string{"f.yml:1: strict: want true or false, got nothing"}},
		{"list of ints", "include-pkgs: [1, a]\n",
			[]string{"f.yml:1: include-pkgs[0]: want a string, got int 1"}},
		{"list as mapping", "exclude-pkgs: {a: b}\n",
			[]string{"f.yml:1: exclude-pkgs: want a list of strings or a comma-separated string, got a mapping"}},
		{"list entry with comma", "include-pkgs: [\"a,b\"]\n",
			[]string{"f.yml:1: include-pkgs[0]: entry contains a comma"}},
		{"schema not a mapping", "schema: db/migrations\n",
			[]string{`f.yml:1: schema: want a mapping, got the string "db/migrations"`}},
		{"unknown tool", "schema:\n  tool: flyway\n",
			[]string{`f.yml:2: schema.tool: unknown migration tool "flyway" (want auto, goose, migrate, plain)`}},
		{"unknown order", "schema:\n  order: random\n",
			[]string{`f.yml:2: schema.order: unknown migration order "random" (want numeric, lexical)`}},
		{"version 2", "version: 2\n",
			[]string{"f.yml:1: version: want an integer from 1 to 1, got 2"}},
		{"root is a list", "- a\n- b\n",
			[]string{"f.yml:1: want a mapping, got a list"}},
		{"duplicate key", "strict: true\nstrict: false\n",
			[]string{"f.yml:2: strict: key given twice"}},
		{"alias", "x: &a true\n",
			[]string{"f.yml:1: x: unknown key (known: version, strict, report-unused-ignores, include-pkgs, exclude-pkgs, schema, hash, sinks)"}},
		{"alias value", "schema: &s {tool: goose}\nhash: *s\n",
			[]string{"f.yml:2: hash: YAML aliases are not supported"}},
		{"merge key", "schema:\n  <<: {tool: goose}\n",
			[]string{"f.yml:2: schema.<<: unknown key (known: paths, tool, order)"}},
		{"hash missing keys", "hash:\n  - table: t\n",
			[]string{`f.yml:2: hash[0]: missing required key "column"`, `f.yml:2: hash[0]: missing required key "source-column"`}},
		{"hash bad column", "hash:\n  - {table: t, column: \"a b\", source-column: id}\n",
			[]string{`f.yml:2: hash[0].column: want a column name, got "a b"`}},
		{"hash same column", "hash:\n  - {table: t, column: id, source-column: id}\n",
			[]string{`f.yml:2: hash[0]: column and source-column are the same column "id"`}},
		{"hash duplicate table", "hash:\n  - {table: t, column: h, source-column: id}\n  - {table: t, column: h2, source-column: id}\n",
			[]string{`f.yml:3: hash[1]: table "t" already has a hash annotation at line 2`}},
		{"hash entry not a mapping", "hash:\n  - orders\n",
			[]string{`f.yml:2: hash[0]: want a mapping, got the string "orders"`}},
		{"hash bad function", "hash:\n  - {table: t, column: h, source-column: id, function: \"Digest::\"}\n",
			[]string{`f.yml:2: hash[0].function: want a YQL function name like Digest::NumericHash, got "Digest::"`}},
		{"sink missing query-arg", "sinks:\n  - {package: a/b, function: Q}\n",
			[]string{`f.yml:2: sinks[0]: missing required key "query-arg"`}},
		{"sink bad function", "sinks:\n  - {package: a/b, function: \"*Repo.Q\", query-arg: 0}\n",
			[]string{`f.yml:2: sinks[0].function: want "Func", "(*T).Method", "(T).Method" or "T.Method", got "*Repo.Q"`}},
		{"sink negative query-arg", "sinks:\n  - {package: a/b, function: Q, query-arg: -1}\n",
			[]string{"f.yml:2: sinks[0].query-arg: want an integer from 0 to 255, got -1"}},
		{"sink query-arg string", "sinks:\n  - {package: a/b, function: Q, query-arg: \"1\"}\n",
			[]string{`f.yml:2: sinks[0].query-arg: want an integer, got the string "1"`}},
		{"sink same args", "sinks:\n  - {package: a/b, function: Q, query-arg: 1, params-arg: 1}\n",
			[]string{"f.yml:2: sinks[0]: query-arg and params-arg are both 1"}},
		{"sink duplicate", "sinks:\n  - {package: a/b, function: (T).Q, query-arg: 1}\n  - {package: a/b, function: T.Q, query-arg: 2}\n",
			[]string{"f.yml:3: sinks[1]: sink (a/b.T).Q is already declared at line 2"}},
		// yaml.v3 reports an unclosed flow sequence one line early; the
		// line is passed through as the library reports it.
		{"malformed YAML", "strict: true\nschema:\n  tool: [goose\n",
			[]string{"f.yml:2: malformed YAML: did not find expected ',' or ']'"}},
		{"tab indentation", "schema:\n\ttool: goose\n",
			[]string{"f.yml:2: malformed YAML: found character that cannot start any token"}},
		{"two documents", "strict: true\n---\nstrict: false\n",
			[]string{"f.yml:2: file holds more than one YAML document"}},
		{"bad indentation", "a: 1\n  b: 2\n",
			[]string{"f.yml:2: malformed YAML: mapping values are not allowed in this context"}},
		{"no line known", "a: b: c\n",
			[]string{"f.yml: malformed YAML: mapping values are not allowed in this context"}},
		{"empty string", "schema:\n  tool: \"\"\n",
			[]string{"f.yml:2: schema.tool: must not be empty"}},
		{"errors keep going", "strikt: 1\nschema: {tool: x}\nstrict: true\n",
			[]string{
				"f.yml:1: strikt: unknown key (known: version, strict, report-unused-ignores, include-pkgs, exclude-pkgs, schema, hash, sinks)",
				`f.yml:2: schema.tool: unknown migration tool "x" (want auto, goose, migrate, plain)`,
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fc := parseFile("f.yml", []byte(tt.src))
			if got := errStrings(fc.errors); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("errors:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestParseFileValuesAfterErrors(t *testing.T) {
	// A bad entry is left out; the good ones stay.
	fc := parseFile("f.yml", []byte("strict: true\nschema: {tool: flyway, order: numeric}\nhash:\n  - {table: a}\n  - {table: b, column: h, source-column: id}\n"))
	if fc.strict == nil || !*fc.strict || fc.tool != "" || fc.order != OrderNumeric {
		t.Errorf("strict=%v tool=%q order=%q", fc.strict, fc.tool, fc.order)
	}
	if len(fc.hashes) != 1 || fc.hashes[0].Table != "b" {
		t.Errorf("hashes = %+v", fc.hashes)
	}
	if len(fc.errors) != 3 {
		t.Errorf("errors = %q", errStrings(fc.errors))
	}
}

func TestParseFileHuge(t *testing.T) {
	t.Run("over the size limit", func(t *testing.T) {
		fc := parseFile("f.yml", []byte(strings.Repeat("# padding\n", MaxFileSize/10+1)))
		if got := errStrings(fc.errors); len(got) != 1 || !strings.Contains(got[0], "larger than") {
			t.Errorf("errors = %q", got)
		}
	})
	t.Run("many entries under the limit", func(t *testing.T) {
		var b strings.Builder
		b.WriteString("hash:\n")
		for i := 0; i < 5000; i++ {
			fmt.Fprintf(&b, "  - {table: t%d, column: h, source-column: id}\n", i)
		}
		fc := parseFile("f.yml", []byte(b.String()))
		if len(fc.errors) != 0 || len(fc.hashes) != 5000 {
			t.Errorf("errors=%d hashes=%d", len(fc.errors), len(fc.hashes))
		}
	})
	t.Run("many errors are bounded", func(t *testing.T) {
		var b strings.Builder
		for i := 0; i < 500; i++ {
			fmt.Fprintf(&b, "unknown%d: 1\n", i)
		}
		fc := parseFile("f.yml", []byte(b.String()))
		if len(fc.errors) != maxErrors+1 || !strings.Contains(fc.errors[maxErrors].Msg, "too many errors") {
			t.Errorf("got %d errors, last %q", len(fc.errors), fc.errors[len(fc.errors)-1].Msg)
		}
	})
	t.Run("deep nesting", func(t *testing.T) {
		src := "schema: " + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + "\n"
		fc := parseFile("f.yml", []byte(src))
		if len(fc.errors) != 1 {
			t.Errorf("errors = %q", errStrings(fc.errors))
		}
	})
}

func TestSinkFullName(t *testing.T) {
	tests := []struct{ fn, want string }{
		{"Query", "a/db.Query"},
		{"(*Repo).Query", "(*a/db.Repo).Query"},
		{"(Repo).Query", "(a/db.Repo).Query"},
		{"Repo.Query", "(a/db.Repo).Query"},
	}
	for _, tt := range tests {
		if got := (Sink{Package: "a/db", Function: tt.fn}).FullName(); got != tt.want {
			t.Errorf("FullName(%q) = %q, want %q", tt.fn, got, tt.want)
		}
	}
}

func TestErrorString(t *testing.T) {
	tests := []struct {
		e    Error
		want string
	}{
		{Error{File: "a.yml", Line: 3, Key: "schema.tool", Msg: "bad"}, "a.yml:3: schema.tool: bad"},
		{Error{File: "a.yml", Msg: "bad"}, "a.yml: bad"},
		{Error{Key: "migration-tool", Msg: "bad"}, "-migration-tool: bad"},
		{Error{Msg: "bad"}, "bad"},
	}
	for _, tt := range tests {
		if got := tt.e.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.e, got, tt.want)
		}
	}
}

func FuzzParseFile(f *testing.F) {
	f.Add("strict: true\nschema: {paths: [a], tool: goose}\n")
	f.Add("hash:\n  - {table: t, column: h, source-column: id}\n")
	f.Add("sinks: [{package: a, function: (*T).M, query-arg: 0}]\n")
	f.Add("a: &x [*x]\n")
	f.Fuzz(func(t *testing.T, src string) {
		fc := parseFile("f.yml", []byte(src))
		if len(fc.errors) > maxErrors+1 {
			t.Fatalf("%d errors", len(fc.errors))
		}
	})
}

// The example shipped for users must stay valid.
func TestExampleFile(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "example.ydblint.yml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fc := parseFile(path, data)
	if len(fc.errors) != 0 {
		t.Fatalf("example has errors: %q", errStrings(fc.errors))
	}
	if len(fc.hashes) != 2 || len(fc.sinks) != 2 || fc.tool != ToolGoose || len(fc.schemaPaths) != 2 {
		t.Errorf("example not fully read: %+v", fc)
	}
}
