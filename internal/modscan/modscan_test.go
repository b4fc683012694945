package modscan

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ydblint/ydblint/internal/srcfiles"
)

// tree writes files (slash paths → content) under a fresh directory.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

var module = map[string]string{
	"go.mod":                "module example.com/m\n",
	"db/0001.sql":           "CREATE TABLE a (id Uint64, PRIMARY KEY (id));",
	"db/0002.YQL":           "ALTER TABLE a ADD COLUMN b Utf8;",
	"db/readme.md":          "not listed",
	"repo/repo.go":          "package repo\n",
	"repo/repo_test.go":     "package repo\n",
	"cmd/main.go":           "package main\n",
	"testdata/fixture.go":   "package fixture\n",
	"nested/go.mod":         "module example.com/m/nested\n",
	"nested/n.go":           "package n\n",
	"vendor/v/v.go":         "package v\n",
	".hidden/schema.sql":    "CREATE TABLE h (id Uint64, PRIMARY KEY (id));",
	"repo/big/generated.go": "package big\n// " + strings.Repeat("x", 1<<20) + "\n",
}

func rels(files []srcfiles.File) []string {
	var out []string
	for _, f := range files {
		out = append(out, f.Rel)
	}
	return out
}

// TestViews: each view reads its part of the one walk, as a walk of its
// own with its bounds would.
func TestViews(t *testing.T) {
	root := tree(t, module)
	m := new(Cache).Module(root)
	if m.Root() != root || m.Path() != "example.com/m" {
		t.Errorf("Root, Path = %q, %q", m.Root(), m.Path())
	}
	for _, tc := range []struct {
		name  string
		view  func() ([]srcfiles.File, []srcfiles.Note)
		lim   srcfiles.Limits
		match func(string) bool
		want  []string
	}{
		{"schema inputs", m.SchemaInputs, SchemaLimits(),
			func(rel string) bool {
				return IsSchemaFile(rel) || strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go")
			},
			[]string{"cmd/main.go", "db/0001.sql", "db/0002.YQL", "repo/repo.go"}},
		{"Go sources", m.GoSources, codeLimits(),
			func(rel string) bool { return strings.HasSuffix(rel, ".go") },
			[]string{"cmd/main.go", "repo/big/generated.go", "repo/repo.go", "repo/repo_test.go"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files, notes := tc.view()
			if got := rels(files); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("files = %q, want %q", got, tc.want)
			}
			wantFiles, wantNotes := srcfiles.Walk(root, tc.lim, tc.match)
			if !reflect.DeepEqual(files, wantFiles) || !reflect.DeepEqual(notes, wantNotes) {
				t.Errorf("view = %q %v, a walk of its own = %q %v", rels(files), notes, rels(wantFiles), wantNotes)
			}
		})
	}
	// The generated file is over the schema inputs' byte bound only.
	if _, notes := m.SchemaInputs(); len(notes) != 1 || notes[0].Rel != "repo/big/generated.go" {
		t.Errorf("schema input notes = %v, want the generated file skipped", notes)
	}
}

// TestCacheAndDerive: one Module per root, each derived value built once
// however many callers race for it, and all of it dropped by Forget.
func TestCacheAndDerive(t *testing.T) {
	root := tree(t, module)
	c := new(Cache)
	m := c.Module(root)
	if c.Module(root) != m {
		t.Fatal("two Modules for one root")
	}
	type countKey struct{ name string }
	var builds atomic.Int32
	build := func(m *Module) []string {
		builds.Add(1)
		files, _ := m.GoSources()
		return rels(files)
	}
	var wg sync.WaitGroup
	results := make([][]string, 8)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = Derive(m, countKey{"go"}, build)
		}()
	}
	wg.Wait()
	if builds.Load() != 1 {
		t.Errorf("built %d times, want once", builds.Load())
	}
	for _, r := range results[1:] {
		if !reflect.DeepEqual(r, results[0]) {
			t.Fatal("callers got different values")
		}
	}
	if Derive(m, countKey{"other"}, build); builds.Load() != 2 {
		t.Error("another key shared the first key's value")
	}
	c.Forget()
	m2 := c.Module(root)
	if m2 == m {
		t.Fatal("Forget kept the Module")
	}
	if Derive(m2, countKey{"go"}, build); builds.Load() != 3 {
		t.Error("a forgotten value was not built again")
	}
	if Derive(m, countKey{"go"}, build); builds.Load() != 3 {
		t.Error("a Module held across Forget lost its values")
	}
}

// TestNilCache: a nil Cache caches nothing but still reads.
func TestNilCache(t *testing.T) {
	root := tree(t, module)
	var c *Cache
	if c.Module(root) == c.Module(root) {
		t.Error("a nil Cache returned one Module twice")
	}
	files, _ := c.Module(root).GoSources()
	if len(files) != 4 {
		t.Errorf("read %d Go files, want 4", len(files))
	}
	c.Forget()
}

// TestMissingRoot: a root that does not exist reads nothing, with a note.
func TestMissingRoot(t *testing.T) {
	m := new(Cache).Module(filepath.Join(t.TempDir(), "none"))
	files, notes := m.SchemaInputs()
	if len(files) != 0 || len(notes) != 1 || notes[0].Rel != "." || m.Path() != "" {
		t.Errorf("files %v, notes %v, path %q", files, notes, m.Path())
	}
}

func TestInputs(t *testing.T) {
	for _, tc := range []struct {
		rel, content                         string
		schemaFile, ddl, tableCall, mentions bool
	}{
		{"db/1.sql", "CREATE TABLE t (id Uint64, PRIMARY KEY (id));", true, true, false, true},
		{"db/1.YQL", "create table t (id Uint64, primary key (id));", true, true, false, true},
		{"db/seed.sql", "UPSERT INTO t (id) VALUES (1);", true, false, false, false},
		{"repo/q.go", "const q = `DROP TABLE t`", false, true, false, true},
		{"repo/c.go", "err := s.CreateTable(ctx, path, opts...)", false, false, true, true},
		{"repo/a.go", "s.AlterTable(ctx, path)", false, false, true, true},
		{"repo/p.go", "// the table of prices", false, false, false, false},
		{"repo/s.sql.go", "package s", false, false, false, false},
		{"db/1.sql", "CREATE TABLE t", true, true, false, true},
	} {
		if got := IsSchemaFile(tc.rel); got != tc.schemaFile {
			t.Errorf("IsSchemaFile(%q) = %v", tc.rel, got)
		}
		if got := MentionsDDL([]byte(tc.content)); got != tc.ddl {
			t.Errorf("MentionsDDL(%q) = %v", tc.content, got)
		}
		if got := IsDDL(tc.content); got != tc.ddl {
			t.Errorf("IsDDL(%q) = %v", tc.content, got)
		}
		if got := MentionsTableCall([]byte(tc.content)); got != tc.tableCall {
			t.Errorf("MentionsTableCall(%q) = %v", tc.content, got)
		}
		if got := MentionsSchema(tc.rel, []byte(tc.content)); got != tc.mentions {
			t.Errorf("MentionsSchema(%q, %q) = %v", tc.rel, tc.content, got)
		}
	}
}

// FuzzMentionsDDL: the whole-file pre-filter never keeps a file whose text
// holds no DDL (it may drop unusual spellings of TABLE, which it trades
// for speed).
func FuzzMentionsDDL(f *testing.F) {
	f.Add([]byte("CREATE TABLE t"))
	f.Add([]byte("create\ttable"))
	f.Add([]byte("DROP  TaBlE x"))
	f.Add([]byte("the table"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if MentionsDDL(b) && !IsDDL(string(b)) {
			t.Errorf("MentionsDDL(%q) without DDL", b)
		}
	})
}

func TestSchemaOwner(t *testing.T) {
	files := map[string]string{
		"go.mod":                         "module example.com/m\n",
		"internal/store/store.go":        "package store\n",
		"internal/store/schema/0001.sql": "CREATE TABLE a (k Uint64, PRIMARY KEY (k));\n",
		"cmd/server/main.go":             "package main\n",
		"api/api.go":                     "package api\n",
		"tools/gen_test.go":              "package tools\n", // tests only: not a package here
		"db/migrations/0001.sql":         "CREATE TABLE b (k Uint64, PRIMARY KEY (k));\n",
		"testdata/x.go":                  "package x\n",
	}
	root := tree(t, files)
	m := new(Cache).Module(root)
	if got, want := strings.Join(m.PackageDirs(), " "), "api cmd/server internal/store"; got != want {
		t.Errorf("PackageDirs = %q, want %q", got, want)
	}
	for rel, want := range map[string]string{
		"internal/store/schema/0001.sql": "internal/store", // nearest holder
		"db/migrations/0001.sql":         "api",            // none holds it: the root-most, then lexical
	} {
		if got := m.SchemaOwner(rel, nil); got != want {
			t.Errorf("SchemaOwner(%s) = %q, want %q", rel, got, want)
		}
	}
	if got := m.SchemaOwner("db/migrations/0001.sql", func(d string) bool { return d != "api" }); got != "cmd/server" {
		t.Errorf("with api out of scope, SchemaOwner = %q, want cmd/server", got)
	}
	files["root.go"] = "package m\n"
	m = new(Cache).Module(tree(t, files))
	if got := m.SchemaOwner("db/migrations/0001.sql", nil); got != "." {
		t.Errorf("with a root package, SchemaOwner = %q, want .", got)
	}
	if got := m.SchemaOwner("internal/store/schema/0001.sql", nil); got != "internal/store" {
		t.Errorf("with a root package, the nearest holder still owns: got %q", got)
	}
}
