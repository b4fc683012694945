package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ydblint/ydblint/analyzer"
)

// TestSchemaInputsHash checks which edits change the tool ID go vet keys
// its cache on: migrations, the configuration, configured schema paths
// outside the module and Go files holding DDL do; other Go files, files
// under testdata and a nested module's migrations do not.
func TestSchemaInputsHash(t *testing.T) {
	root := t.TempDir()
	mod := filepath.Join(root, "svc")
	files := map[string]string{
		"svc/go.mod":                     "module example.com/svc\n\ngo 1.24\n",
		"svc/migrations/00001_init.sql":  "CREATE TABLE orders (id Uint64, PRIMARY KEY (id));\n",
		"svc/repo/repo.go":               "package repo\n\nconst q = `SELECT * FROM orders`\n",
		"svc/setup/setup.go":             "package setup\n\nconst ddl = `CREATE TABLE users (id Uint64, PRIMARY KEY (id))`\n",
		"svc/testdata/x.sql":             "CREATE TABLE t (id Uint64, PRIMARY KEY (id));\n",
		"svc/tools/go.mod":               "module example.com/svc/tools\n",
		"svc/tools/m.sql":                "CREATE TABLE t (id Uint64, PRIMARY KEY (id));\n",
		"svc/.ydblint.yml":               "schema:\n  paths: [../schema]\n",
		"schema/00001_profiles.yql":      "CREATE TABLE profiles (id Uint64, PRIMARY KEY (id));\n",
		"svc/cmd/server/main.go":         "package main\n\nfunc main() {}\n",
		"svc/internal/.hidden/h.sql":     "CREATE TABLE h (id Uint64, PRIMARY KEY (id));\n",
		"svc/migrations/README.md":       "migrations\n",
		"svc/repo/repo_test.go":          "package repo\n\nconst ddl = `CREATE TABLE x (id Uint64, PRIMARY KEY (id))`\n",
		"svc/vendor/example.com/v/v.sql": "CREATE TABLE v (id Uint64, PRIMARY KEY (id));\n",
	}
	for name, text := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, path, text)
	}
	base := analyzer.InputsDigest(filepath.Join(mod, "repo"))
	if again := analyzer.InputsDigest(mod); !bytes.Equal(base, again) {
		t.Fatal("the hash depends on the directory inside the module, or is not stable")
	}
	tick := time.Now().Add(time.Hour)
	for _, tc := range []struct {
		file   string
		change bool
	}{
		{"svc/migrations/00001_init.sql", true},
		{"svc/.ydblint.yml", true},
		{"schema/00001_profiles.yql", true},
		{"svc/setup/setup.go", true},
		{"svc/repo/repo.go", false},
		{"svc/cmd/server/main.go", false},
		{"svc/repo/repo_test.go", false},
		{"svc/testdata/x.sql", false},
		{"svc/tools/m.sql", false},
		{"svc/internal/.hidden/h.sql", false},
		{"svc/migrations/README.md", false},
		{"svc/vendor/example.com/v/v.sql", false},
	} {
		path := filepath.Join(root, filepath.FromSlash(tc.file))
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		comment := map[string]string{".go": "// edited", ".yml": "# edited"}[filepath.Ext(path)]
		if comment == "" {
			comment = "-- edited"
		}
		writeFile(t, path, string(b)+"\n"+comment+"\n")
		tick = tick.Add(time.Second)
		if err := os.Chtimes(path, tick, tick); err != nil {
			t.Fatal(err)
		}
		got := analyzer.InputsDigest(mod)
		if changed := !bytes.Equal(got, base); changed != tc.change {
			t.Errorf("edit of %s: hash changed %v, want %v", tc.file, changed, tc.change)
		}
		base = got
	}
}

// TestVetVersionLine checks the -V=full line keeps the shape the go command
// parses (cmd/go/internal/work.Builder.toolID): "<tool> version devel …
// buildID=<id>", the id without a '/'.
func TestVetVersionLine(t *testing.T) {
	var out bytes.Buffer
	if !vetVersion([]string{"-V=full"}, &out) {
		t.Fatal("-V=full not answered")
	}
	f := bytes.Fields(out.Bytes())
	if len(f) < 4 || string(f[1]) != "version" || !bytes.Contains(f[2], []byte("devel")) || !bytes.HasPrefix(f[len(f)-1], []byte("buildID=")) || bytes.Contains(f[len(f)-1], []byte("/")) {
		t.Errorf("-V=full printed %q", out.String())
	}
	if vetVersion([]string{"-V=full", "x.cfg"}, &out) || vetVersion([]string{"-flags"}, &out) {
		t.Error("answered something other than the version query")
	}
}

// TestGoVetSeesMigrationEdit runs go vet -vettool on a database/sql service
// while its migration changes the table's key: each state gets its own
// result, the full scan finding coming and going with the key, where the
// go command's cache alone would replay the first result (it hashes only
// Go inputs).
func TestGoVetSeesMigrationEdit(t *testing.T) {
	bin := buildTool(t)
	mod := t.TempDir()
	for _, d := range []string{"migrations", "repo"} {
		if err := os.MkdirAll(filepath.Join(mod, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(mod, "go.mod"), "module example.com/vetmod\n\ngo 1.24\n")
	writeFile(t, filepath.Join(mod, "repo", "repo.go"), `package repo

import (
	"context"
	"database/sql"
)

func ByName(ctx context.Context, db *sql.DB, name string) (*sql.Rows, error) {
	return db.QueryContext(ctx, "SELECT id FROM orders WHERE name = $name", sql.Named("name", name))
}
`)
	migration := filepath.Join(mod, "migrations", "00001_init.sql")
	const finding = "SELECT reads every partition of orders:"
	tick := time.Now()
	for i, step := range []struct {
		key  string
		scan bool
	}{{"id", true}, {"name, id", false}, {"id", true}, {"name, id", false}} {
		writeFile(t, migration, "-- +goose Up\nCREATE TABLE orders (id Uint64, name Utf8, PRIMARY KEY ("+step.key+"));\n")
		tick = tick.Add(time.Second) // a distinct modification time even on coarse clocks
		if err := os.Chtimes(migration, tick, tick); err != nil {
			t.Fatal(err)
		}
		_, stderr, _ := run(t, mod, "go", "vet", "-vettool="+bin, "./...")
		if got := strings.Contains(stderr, finding); got != step.scan {
			t.Errorf("step %d, PRIMARY KEY (%s): full scan reported %v, want %v; go vet said:\n%s", i, step.key, got, step.scan, stderr)
		}
	}
}
