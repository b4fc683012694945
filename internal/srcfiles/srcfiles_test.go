package srcfiles

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
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

func TestFindModuleRootAndPath(t *testing.T) {
	root := tree(t, map[string]string{
		"go.mod":             "// comment\nmodule \"example.com/shop\" // trailing\n\ngo 1.26\n",
		"internal/repo/a.go": "package repo\n",
		"sub/go.mod":         "module example.com/shop/sub\n",
		"sub/x/b.go":         "package x\n",
	})
	tests := []struct{ dir, want string }{
		{filepath.Join(root, "internal", "repo"), root},
		{root, root},
		{filepath.Join(root, "sub", "x"), filepath.Join(root, "sub")},
	}
	for _, tt := range tests {
		if got := FindModuleRoot(tt.dir); got != tt.want {
			t.Errorf("FindModuleRoot(%s) = %q, want %q", tt.dir, got, tt.want)
		}
	}
	if got := ModulePath(root); got != "example.com/shop" {
		t.Errorf("ModulePath = %q", got)
	}
	if got := ModulePath(filepath.Join(root, "sub")); got != "example.com/shop/sub" {
		t.Errorf("ModulePath(sub) = %q", got)
	}
	if got := ModulePath(filepath.Join(root, "internal")); got != "" {
		t.Errorf("ModulePath without go.mod = %q, want empty", got)
	}
}

func TestWalkSkipsAndBounds(t *testing.T) {
	root := tree(t, map[string]string{
		"go.mod":                        "module m\n",
		"db/migrations/0001_init.sql":   "CREATE TABLE a (id Uint64, PRIMARY KEY (id));",
		"db/migrations/0002_more.sql":   "ALTER TABLE a ADD COLUMN b Utf8;",
		"db/readme.md":                  "not matched",
		"vendor/x/schema.sql":           "CREATE TABLE v (id Uint64, PRIMARY KEY (id));",
		"node_modules/y/schema.sql":     "x",
		"testdata/fixture.sql":          "x",
		".git/z.sql":                    "x",
		"_old/z.sql":                    "x",
		"nested/go.mod":                 "module n\n",
		"nested/schema.sql":             "x",
		"bin/blob.sql":                  "CREATE\x00TABLE",
		"bin/latin1.sql":                "caf\xe9",
		"big/huge.sql":                  strings.Repeat("-", 200),
		"a/b/c/d/e/too_deep/schema.sql": "x",
	})
	files, notes := Walk(root, Limits{MaxFileBytes: 100, MaxDepth: 4}, func(rel string) bool {
		return strings.HasSuffix(rel, ".sql")
	})
	var got []string
	for _, f := range files {
		got = append(got, f.Rel)
	}
	want := []string{"db/migrations/0001_init.sql", "db/migrations/0002_more.sql"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("files = %v, want %v", got, want)
	}
	var gotNotes []string
	for _, n := range notes {
		gotNotes = append(gotNotes, n.String())
	}
	wantNotes := []string{
		"a/b/c/d/e: not entered: deeper than 4 levels",
		"big/huge.sql: skipped: 200 bytes is over the 100-byte limit",
		"bin/blob.sql: skipped: binary content",
		"bin/latin1.sql: skipped: binary content",
	}
	if !reflect.DeepEqual(gotNotes, wantNotes) {
		t.Errorf("notes =\n%s\nwant\n%s", strings.Join(gotNotes, "\n"), strings.Join(wantNotes, "\n"))
	}
}

func TestWalkLimits(t *testing.T) {
	root := tree(t, map[string]string{
		"a.sql": "1234567890",
		"b.sql": "1234567890",
		"c.sql": "1234567890",
	})
	all := func(string) bool { return true }
	tests := []struct {
		name      string
		lim       Limits
		wantFiles int
		wantNote  string
	}{
		{"file count", Limits{MaxFiles: 2}, 2, "c.sql: walk stopped after 2 files"},
		{"byte budget", Limits{MaxTotalBytes: 25}, 2, "c.sql: skipped: the walk's byte budget is spent"},
		{"entries", Limits{MaxEntries: 2}, 1, "b.sql: walk stopped after 2 entries"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files, notes := Walk(root, tt.lim, all)
			if len(files) != tt.wantFiles {
				t.Errorf("got %d files, want %d", len(files), tt.wantFiles)
			}
			if len(notes) != 1 || notes[0].String() != tt.wantNote {
				t.Errorf("notes = %v, want [%s]", notes, tt.wantNote)
			}
		})
	}
}

// TestListingReadsLikeWalk: one listing of the union of what several readers
// want, read by each with its own match and bounds, gives each what a walk
// of its own gives.
func TestListingReadsLikeWalk(t *testing.T) {
	root := tree(t, map[string]string{
		"go.mod":              "module m\n",
		"a.go":                "package a\n",
		"a_test.go":           "package a\n",
		"db/0001.sql":         "CREATE TABLE a (id Uint64, PRIMARY KEY (id));",
		"db/0002.yql":         "ALTER TABLE a ADD COLUMN b Utf8;",
		"db/big.sql":          strings.Repeat("-", 300),
		"x/y/z/deep.go":       "package z\n",
		"x/y/z/w/v/deeper.go": "package v\n",
		"bin/blob.go":         "package\x00",
		"notes.txt":           "not listed",
		"vendor/v.go":         "package v\n",
	})
	isGo := func(rel string) bool { return strings.HasSuffix(rel, ".go") }
	nonTestGoOrSQL := func(rel string) bool {
		return strings.HasSuffix(rel, ".sql") || strings.HasSuffix(rel, ".yql") || isGo(rel) && !strings.HasSuffix(rel, "_test.go")
	}
	listed := func(rel string) bool { return isGo(rel) || nonTestGoOrSQL(rel) }
	listing := List(root, Limits{MaxDepth: 4, MaxEntries: 100}, listed)
	for _, tc := range []struct {
		name  string
		lim   Limits
		match func(string) bool
	}{
		{"go files", Limits{MaxDepth: 4, MaxEntries: 100}, isGo},
		{"schema inputs", Limits{MaxDepth: 4, MaxEntries: 100, MaxFileBytes: 200}, nonTestGoOrSQL},
		{"two files", Limits{MaxDepth: 4, MaxEntries: 100, MaxFiles: 2}, nonTestGoOrSQL},
		{"byte budget", Limits{MaxDepth: 4, MaxEntries: 100, MaxTotalBytes: 60}, nonTestGoOrSQL},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantFiles, wantNotes := Walk(root, tc.lim, tc.match)
			gotFiles, gotNotes := listing.Read(tc.lim, tc.match)
			if !reflect.DeepEqual(gotFiles, wantFiles) || !reflect.DeepEqual(gotNotes, wantNotes) {
				t.Errorf("Read = %v %v\nWalk = %v %v", gotFiles, gotNotes, wantFiles, wantNotes)
			}
		})
	}
	// A reader with fewer entries than the listing stops at the first item
	// past its bound.
	_, notes := listing.Read(Limits{MaxEntries: 3}, isGo)
	if n := len(notes); n == 0 || notes[n-1].Msg != "walk stopped after 3 entries" {
		t.Errorf("notes with 3 entries = %v, want the walk stopped", notes)
	}
}

// TestListingOfMissingRoot: a root that cannot be opened gives one note to
// every reader, and no files.
func TestListingOfMissingRoot(t *testing.T) {
	files, notes := List(filepath.Join(t.TempDir(), "none"), Limits{}, func(string) bool { return true }).Read(Limits{}, func(string) bool { return true })
	if len(files) != 0 || len(notes) != 1 || notes[0].Rel != "." || !strings.HasPrefix(notes[0].Msg, "cannot open module root") {
		t.Errorf("files %v, notes %v", files, notes)
	}
}

func TestSymlinksNeverLeaveRoot(t *testing.T) {
	outside := tree(t, map[string]string{"secret.sql": "CREATE TABLE secret (id Uint64, PRIMARY KEY (id));"})
	root := tree(t, map[string]string{"in.sql": "CREATE TABLE a (id Uint64, PRIMARY KEY (id));"})
	if err := os.Symlink(filepath.Join(outside, "secret.sql"), filepath.Join(root, "link.sql")); err != nil {
		t.Skip("symlinks unsupported:", err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "linkdir")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("in.sql", filepath.Join(root, "inner.sql")); err != nil {
		t.Fatal(err)
	}
	files, _ := Walk(root, Limits{}, func(string) bool { return true })
	for _, f := range files {
		if f.Rel != "in.sql" {
			t.Errorf("walk returned %s; symlinks must not be followed", f.Rel)
		}
	}
	for _, name := range []string{"link.sql", "linkdir/secret.sql", filepath.Join(outside, "secret.sql"), "../x.sql"} {
		if _, err := ReadFile(root, name, 1<<20); err == nil {
			t.Errorf("ReadFile(%s) succeeded; it must not read outside the root", name)
		}
	}
	// A symlink that stays inside the root is fine.
	if got, err := ReadFile(root, "inner.sql", 1<<20); err != nil || !strings.HasPrefix(string(got), "CREATE TABLE a") {
		t.Errorf("ReadFile(inner.sql) = %q, %v", got, err)
	}
	if _, err := ReadFile(root, filepath.Join(root, "in.sql"), 10); err == nil {
		t.Error("ReadFile over maxBytes succeeded")
	}
}

func TestRel(t *testing.T) {
	root := filepath.FromSlash("/m/root")
	tests := []struct {
		name string
		rel  string
		ok   bool
	}{
		{"/m/root/db/x.sql", "db/x.sql", true},
		{"db/x.sql", "db/x.sql", true},
		{"/m/root", ".", true},
		{"/m/rootless/x.sql", "", false},
		{"/m/root/../x.sql", "", false},
		{"../x.sql", "", false},
	}
	for _, tt := range tests {
		rel, ok := Rel(root, filepath.FromSlash(tt.name))
		if rel != tt.rel || ok != tt.ok {
			t.Errorf("Rel(%s) = %q, %v; want %q, %v", tt.name, rel, ok, tt.rel, tt.ok)
		}
	}
}
