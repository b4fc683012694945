package schemafact

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/passes/config"
)

// TestConfiguredModule runs schemafact on testdata/configured, whose
// .ydblint.yml sets schema.paths (outside discovery), tool, order and a hash
// annotation; the package fact shows the schema they give.
func TestConfiguredModule(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/configured")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, Analyzer, "example.com/configured/schemacheck")
}

func TestOrderMigrations(t *testing.T) {
	names := []string{"m/10_c.sql", "m/2_b.sql", "m/1_a.sql", "m/b.sql", "m/a.sql", "m/3_x.down.sql", "m/3_x.up.sql"}
	tests := []struct {
		layout schema.Layout
		order  string
		want   []string
	}{
		// The tool's own order.
		{schema.LayoutPlain, "", []string{"m/10_c.sql", "m/1_a.sql", "m/2_b.sql", "m/3_x.down.sql", "m/3_x.up.sql", "m/a.sql", "m/b.sql"}},
		{schema.LayoutGoose, "", []string{"m/1_a.sql", "m/2_b.sql", "m/3_x.down.sql", "m/3_x.up.sql", "m/10_c.sql"}},
		{schema.LayoutMigrate, "", []string{"m/3_x.up.sql"}},
		// Overridden.
		{schema.LayoutPlain, config.OrderNumeric, []string{"m/a.sql", "m/b.sql", "m/1_a.sql", "m/2_b.sql", "m/3_x.down.sql", "m/3_x.up.sql", "m/10_c.sql"}},
		{schema.LayoutGoose, config.OrderLexical, []string{"m/10_c.sql", "m/1_a.sql", "m/2_b.sql", "m/3_x.down.sql", "m/3_x.up.sql"}},
		{schema.LayoutGoose, config.OrderNumeric, []string{"m/1_a.sql", "m/2_b.sql", "m/3_x.down.sql", "m/3_x.up.sql", "m/10_c.sql"}},
	}
	for _, tt := range tests {
		got := orderMigrations(tt.layout, append([]string(nil), names...), tt.order)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%v/%q:\n got %v\nwant %v", tt.layout, tt.order, got, tt.want)
		}
	}
}

func TestCompareNumbers(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "0", -1}, {"0", "", 1}, {"2", "10", -1}, {"010", "10", 0},
		{"99999999999999999999999", "100000000000000000000000", -1}, {"20240102150405", "20240102150404", 1},
	}
	for _, tt := range tests {
		if got := compareNumbers(tt.a, tt.b); got != tt.want {
			t.Errorf("compareNumbers(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestGlobBase(t *testing.T) {
	tests := map[string]string{
		"/m/db/ddl/*.yql":      "/m/db/ddl",
		"/m/db/*/schema.sql":   "/m/db",
		"/m/db/[ab]/x/*.sql":   "/m/db",
		"/*.sql":               "/",
		"/m/db/migrations?/up": "/m/db",
	}
	for pat, want := range tests {
		if got := globBase(filepath.FromSlash(pat)); got != filepath.FromSlash(want) {
			t.Errorf("globBase(%q) = %q, want %q", pat, got, want)
		}
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func dirNames(dirs []sqlDir) map[string][]string {
	out := map[string][]string{}
	for _, d := range dirs {
		for _, f := range d.files {
			out[d.dir] = append(out[d.dir], f.Rel)
		}
	}
	return out
}

// TestConfiguredSchemaDirs reads configured directories and globs inside
// and outside the module root, and checks that no symlink leads out of a
// configured directory or glob base.
func TestConfiguredSchemaDirs(t *testing.T) {
	base := t.TempDir()
	mod := filepath.Join(base, "mod")
	outside := filepath.Join(base, "shared-schema")
	secret := filepath.Join(base, "secret")
	ddl := "CREATE TABLE t (id Uint64, PRIMARY KEY (id));\n"
	write(t, filepath.Join(mod, "go.mod"), "module example.com/m\n")
	write(t, filepath.Join(mod, "db", "mig", "1_a.sql"), ddl)
	write(t, filepath.Join(mod, "db", "mig", "nested", "1_b.sql"), ddl)
	write(t, filepath.Join(mod, "db", "mig", "readme.sql"), "-- no DDL here\n")
	write(t, filepath.Join(mod, "db", "mig", "testdata", "x.sql"), ddl)
	write(t, filepath.Join(mod, "ddl", "a.yql"), ddl)
	write(t, filepath.Join(mod, "ddl", "b.sql"), ddl)
	write(t, filepath.Join(outside, "1_shared.sql"), ddl)
	write(t, filepath.Join(secret, "1_secret.sql"), ddl)
	write(t, filepath.Join(secret, "sub", "2_secret.sql"), ddl)
	// Symlinks out of the configured places: a file and a directory inside
	// a configured directory, a directory matched by a glob, and a
	// directory on the way to a glob's matches.
	links := map[string]string{
		filepath.Join(mod, "db", "mig", "2_link.sql"):  filepath.Join(secret, "1_secret.sql"),
		filepath.Join(mod, "db", "mig", "linkdir"):     secret,
		filepath.Join(mod, "ddl", "linkdir.yql"):       secret,
		filepath.Join(mod, "globs", "via"):             secret,
		filepath.Join(mod, "ddl", "inside-link.yql"):   filepath.Join(mod, "ddl", "a.yql"),
		filepath.Join(outside, "link-back", "x"):       secret, // parent created below
		filepath.Join(mod, "ddl", "escape-file.yql"):   filepath.Join(secret, "1_secret.sql"),
		filepath.Join(mod, "globs", "plain", "a.yql"):  filepath.Join(secret, "1_secret.sql"),
		filepath.Join(mod, "globs", "plain", "ok.yql"): filepath.Join(mod, "ddl", "a.yql"),
	}
	for link, target := range links {
		if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, link); err != nil {
			t.Skipf("symlinks not available: %v", err)
		}
	}
	paths := []string{
		filepath.Join(mod, "db", "mig"),
		filepath.Join(mod, "ddl", "*.yql"),
		outside,
		filepath.Join(mod, "globs", "*", "*.sql"),
		filepath.Join(mod, "globs", "plain", "*.yql"),
		filepath.Join(mod, "missing"),
		filepath.Join(mod, "nothing", "*.sql"),
	}
	dirs, notes := readConfigured(mod, paths)
	got := dirNames(dirs)
	slashOutside := filepath.ToSlash(outside)
	want := map[string][]string{
		"db/mig":        {"db/mig/1_a.sql"},
		"db/mig/nested": {"db/mig/nested/1_b.sql"},
		"ddl":           {"ddl/a.yql"},
		slashOutside:    {slashOutside + "/1_shared.sql"},
	}
	// Symlinks below a configured path are not followed even when they
	// point inside it (ddl/inside-link.yql, globs/plain/ok.yql).
	if !reflect.DeepEqual(got, want) {
		t.Errorf("files:\n got %v\nwant %v", got, want)
	}
	for dir, files := range got {
		for _, f := range files {
			if strings.Contains(f, "secret") || strings.Contains(dir, "secret") {
				t.Errorf("read %s through a symlink out of its configured place", f)
			}
		}
	}
	var msgs []string
	for _, n := range notes {
		msgs = append(msgs, n.String())
	}
	joined := strings.Join(msgs, "\n")
	for _, w := range []string{"missing: configured schema path", "nothing/*.sql: configured schema glob matches no file", "globs/via/1_secret.sql: not read"} {
		if !strings.Contains(joined, w) {
			t.Errorf("notes lack %q:\n%s", w, joined)
		}
	}
}

// TestApplyMigrationsToolAndOrder applies one directory under each tool and
// order and checks the resulting key.
func TestApplyMigrationsToolAndOrder(t *testing.T) {
	files := []schema.File{
		{Name: "m/1_create.sql", Content: []byte("CREATE TABLE e (a Uint64, b Uint64, PRIMARY KEY (a, b));")},
		{Name: "m/2_drop.sql", Content: []byte("DROP TABLE e;")},
		{Name: "m/10_recreate.sql", Content: []byte("CREATE TABLE e (a Uint64, b Uint64, PRIMARY KEY (b, a));")},
	}
	key := func(tool, order string) string {
		c := schema.New()
		ApplyMigrations(c, files, tool, order)
		tb, st := c.Lookup("e", "")
		if !st.OK() {
			return "none"
		}
		return strings.Join(tb.PrimaryKey, ",")
	}
	tests := []struct{ tool, order, want string }{
		{config.ToolAuto, "", "b,a"},                    // goose names detected: 1, 2, 10
		{config.ToolGoose, "", "b,a"},                   // 1, 2, 10
		{config.ToolGoose, config.OrderLexical, "none"}, // 1, 10, 2: the drop comes last
		{config.ToolPlain, "", "none"},                  // lexical: 1, 10, 2
		{config.ToolPlain, config.OrderNumeric, "b,a"},  // 1, 2, 10
		{config.ToolMigrate, "", "none"},                // no NNN_x.up.sql file applies
		{config.ToolAuto, config.OrderLexical, "none"},  // goose detected, lexical order
	}
	for _, tt := range tests {
		if got := key(tt.tool, tt.order); got != tt.want {
			t.Errorf("tool %q order %q: key %s, want %s", tt.tool, tt.order, got, tt.want)
		}
	}
}
