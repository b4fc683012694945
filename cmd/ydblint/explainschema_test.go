package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSchemaExplain: -explain=<migration> says whether discovery reads the
// file, where its tool applies it, and line by line what the catalogue
// made of it, including the statements it could not read.
func TestSchemaExplain(t *testing.T) {
	mod := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(mod, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/svc\n\ngo 1.24\n")
	write("db/migrations/00001_init.sql", "-- +goose Up\nCREATE TABLE users (\n    id Uint64,\n    email Utf8,\n    PRIMARY KEY (id),\n    INDEX by_email GLOBAL UNIQUE ON (email)\n);\n-- +goose Down\nDROP TABLE users;\n")
	write("db/migrations/00002_members.sql", "-- +goose Up\nALTER TABLE users ADD COLUMN nick Utf8;\nCREATE TABLE members (\n    id Uint64,\n    first_name Utf8,s\n    last_name Utf8,\n    PRIMARY KEY (id)\n);\n-- +goose Down\nDROP TABLE members;\n")
	write("_legacy/schema.sql", "CREATE TABLE old (id Uint64, PRIMARY KEY (id));\n")
	tests := []struct {
		file string
		want []string
	}{
		{"db/migrations/00001_init.sql", []string{
			"db/migrations/00001_init.sql: read by the module walk",
			"  goose layout: applied 1 of 2 in db/migrations/",
			"  line 2: table users, primary key (id), 2 columns, indexes by_email",
		}},
		{"db/migrations/00002_members.sql", []string{
			"  goose layout: applied 2 of 2 in db/migrations/",
			"  line 2: ALTER TABLE users: applied to the table as the earlier migrations left it",
			"  line 3: table members: incomplete (",
			"  line 5: YDB rejects it (yqlcheck schema-syntax): the word s before column last_name (Utf8) is not YQL",
			`  line 6: YQL parse error: expected ), found "Utf8"`,
		}},
		{"_legacy/schema.sql", []string{
			"_legacy/schema.sql: read only if a package embeds it (//go:embed): the module walk does not enter _legacy directories",
			"  plain layout: applied 1 of 1 in _legacy/",
		}},
	}
	for _, tt := range tests {
		var out strings.Builder
		f := &explainFlag{}
		if err := f.Set(tt.file); err != nil {
			t.Fatal(err)
		}
		if !f.isSchemaExplain() {
			t.Fatalf("-explain=%s is not a schema explanation", tt.file)
		}
		printSchemaExplain(&out, mod, f)
		for _, w := range tt.want {
			if !strings.Contains(out.String(), w+"\n") && !strings.Contains(out.String(), w) {
				t.Errorf("-explain=%s:\n%s\nwant a line %q", tt.file, out.String(), w)
			}
		}
	}
	write(".ydblint.yml", "version: 1\nschema:\n  paths: [_legacy]\n")
	var out strings.Builder
	f := &explainFlag{}
	_ = f.Set("db/migrations/00001_init.sql")
	printSchemaExplain(&out, mod, f)
	if want := "not read by the analysis: the configuration's schema paths replace discovery and do not name it"; !strings.Contains(out.String(), want) {
		t.Errorf("with configured schema paths:\n%s\nwant %q", out.String(), want)
	}
}
