package config

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func boolp(b bool) *bool { return &b }

func TestLoad(t *testing.T) {
	mod := t.TempDir()
	writeFile(t, filepath.Join(mod, "go.mod"), "module example.com/m\n")
	writeFile(t, filepath.Join(mod, ".ydblint.yml"), "strict: true\ninclude-pkgs: [example.com/m]\nschema: {paths: [db/mig, \"ddl/*.sql\"], tool: goose}\n")
	writeFile(t, filepath.Join(mod, "ci", "other.yaml"), "report-unused-ignores: true\nschema: {paths: [../db]}\n")
	writeFile(t, filepath.Join(mod, "db", "mig", "0001_init.sql"), "CREATE TABLE t (id Uint64, PRIMARY KEY (id));\n")
	writeFile(t, filepath.Join(mod, "ddl", "tables.sql"), "CREATE TABLE u (id Uint64, PRIMARY KEY (id));\n")
	noFile := t.TempDir()
	yamlOnly := t.TempDir()
	writeFile(t, filepath.Join(yamlOnly, ".ydblint.yaml"), "strict: true\n")

	tests := []struct {
		name      string
		moduleDir string
		over      Settings
		check     func(t *testing.T, c *Config)
	}{
		{"defaults without a file", noFile, Settings{}, func(t *testing.T, c *Config) {
			want := &Config{ModuleDir: noFile, MigrationTool: ToolAuto}
			if !reflect.DeepEqual(c, want) {
				t.Errorf("got %+v, want %+v", c, want)
			}
		}},
		{"no module root", "", Settings{}, func(t *testing.T, c *Config) {
			if c.File != "" || len(c.Errors) != 0 {
				t.Errorf("file=%q errors=%v", c.File, c.Errors)
			}
		}},
		{".ydblint.yml at the module root", mod, Settings{}, func(t *testing.T, c *Config) {
			if c.File != filepath.Join(mod, ".ydblint.yml") || !c.Strict || c.MigrationTool != ToolGoose {
				t.Errorf("file=%q strict=%v tool=%q", c.File, c.Strict, c.MigrationTool)
			}
			want := []string{filepath.Join(mod, "db", "mig"), filepath.Join(mod, "ddl", "*.sql")}
			if !reflect.DeepEqual(c.SchemaPaths, want) {
				t.Errorf("paths = %q, want %q", c.SchemaPaths, want)
			}
		}},
		{".ydblint.yaml fallback", yamlOnly, Settings{}, func(t *testing.T, c *Config) {
			if c.File != filepath.Join(yamlOnly, ".ydblint.yaml") || !c.Strict {
				t.Errorf("file=%q strict=%v", c.File, c.Strict)
			}
		}},
		{"flags override the file", mod, Settings{Strict: boolp(false), Migrations: StringList{"m1", "/abs/m2"}, MigrationTool: ToolMigrate, IncludePkgs: StringList{}}, func(t *testing.T, c *Config) {
			if c.Strict || c.MigrationTool != ToolMigrate || len(c.IncludePkgs) != 0 {
				t.Errorf("strict=%v tool=%q include=%q", c.Strict, c.MigrationTool, c.IncludePkgs)
			}
			want := []string{filepath.Join(mod, "m1"), filepath.Clean("/abs/m2")}
			if !reflect.DeepEqual(c.SchemaPaths, want) {
				t.Errorf("paths = %q, want %q", c.SchemaPaths, want)
			}
		}},
		{"unset flags keep the file", mod, Settings{MigrationOrder: OrderLexical}, func(t *testing.T, c *Config) {
			if !c.Strict || c.MigrationOrder != OrderLexical || !reflect.DeepEqual(c.IncludePkgs, []string{"example.com/m"}) {
				t.Errorf("strict=%v order=%q include=%q", c.Strict, c.MigrationOrder, c.IncludePkgs)
			}
		}},
		{"-config relative to the module root, paths relative to the file", mod, Settings{Config: "ci/other.yaml"}, func(t *testing.T, c *Config) {
			if c.File != filepath.Join(mod, "ci", "other.yaml") || c.Strict || !c.ReportUnusedIgnores {
				t.Errorf("file=%q strict=%v unused=%v", c.File, c.Strict, c.ReportUnusedIgnores)
			}
			if want := []string{filepath.Join(mod, "db")}; !reflect.DeepEqual(c.SchemaPaths, want) {
				t.Errorf("paths = %q, want %q", c.SchemaPaths, want)
			}
		}},
		{"-config missing", mod, Settings{Config: "nope.yml"}, func(t *testing.T, c *Config) {
			if c.File != "" || len(c.Errors) != 1 || !strings.Contains(c.Errors[0].String(), "-config: config file ") {
				t.Errorf("file=%q errors=%q", c.File, errStrings(c.Errors))
			}
		}},
		{"-config relative without module", "", Settings{Config: "x.yml"}, func(t *testing.T, c *Config) {
			if len(c.Errors) != 1 || !strings.Contains(c.Errors[0].Msg, "no module root") {
				t.Errorf("errors=%q", errStrings(c.Errors))
			}
		}},
		{"bad flag values are errors and ignored", mod, Settings{MigrationTool: "flyway", MigrationOrder: "random"}, func(t *testing.T, c *Config) {
			got := errStrings(c.Errors)
			want := []string{
				`-migration-tool: unknown migration tool "flyway" (want auto, goose, migrate, plain)`,
				`-migration-order: unknown migration order "random" (want numeric, lexical)`,
			}
			if !reflect.DeepEqual(got, want) || c.MigrationTool != ToolGoose || c.MigrationOrder != "" {
				t.Errorf("errors=%q tool=%q order=%q", got, c.MigrationTool, c.MigrationOrder)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, Load(tt.moduleDir, tt.over)) })
	}
}

func TestLoadSchemaPathsMustExist(t *testing.T) {
	mod := t.TempDir()
	writeFile(t, filepath.Join(mod, "go.mod"), "module example.com/m\n")
	writeFile(t, filepath.Join(mod, "db", "0001.sql"), "CREATE TABLE t (id Uint64, PRIMARY KEY (id));\n")
	writeFile(t, filepath.Join(mod, ".ydblint.yml"), "strict: false\nschema:\n  paths: [db, dbb, \"sql/*.sql\", \"db/*.sql\"]\n")
	c := Load(mod, Settings{})
	var got []string
	for _, e := range c.Errors {
		got = append(got, e.String())
	}
	want := []string{
		filepath.Join(mod, ".ydblint.yml") + ":3: schema.paths: schema path " + strconvQuote(filepath.Join(mod, "dbb")) + " does not exist",
		filepath.Join(mod, ".ydblint.yml") + ":3: schema.paths: glob " + strconvQuote(filepath.Join(mod, "sql", "*.sql")) + " matches no file",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("errors =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	c = Load(mod, Settings{Migrations: []string{"nope"}})
	if len(c.Errors) != 1 || c.Errors[0].Key != MigrationsFlag || !strings.Contains(c.Errors[0].Msg, "does not exist") {
		t.Errorf("flag errors = %v", c.Errors)
	}
}

func strconvQuote(s string) string { return fmt.Sprintf("%q", s) }

func TestLoadCacheSeesEdits(t *testing.T) {
	mod := t.TempDir()
	path := filepath.Join(mod, ".ydblint.yml")
	writeFile(t, path, "strict: true\n")
	if c := Load(mod, Settings{}); !c.Strict {
		t.Fatal("strict not read")
	}
	writeFile(t, path, "strict: false\n")
	// Same size: make sure the modification time differs.
	future := time.Now().Add(time.Hour)
	if err := os.Chtimes(path, future, future); err != nil {
		t.Fatal(err)
	}
	if c := Load(mod, Settings{}); c.Strict {
		t.Error("edited file not re-read")
	}
}

func TestIsPkgInScope(t *testing.T) {
	pkg := func(path string) *types.Package { return types.NewPackage(path, "p") }
	tests := []struct {
		name    string
		c       *Config
		path    string
		inScope bool
	}{
		{"default: user package", &Config{}, "github.com/acme/app", true},
		{"default: GOPATH-style test package", &Config{}, "a", true},
		{"default: std", &Config{}, "fmt", false},
		{"default: std nested", &Config{}, "net/http", false},
		{"include prefix itself", &Config{IncludePkgs: []string{"github.com/acme/app"}}, "github.com/acme/app", true},
		{"include prefix child", &Config{IncludePkgs: []string{"github.com/acme/app"}}, "github.com/acme/app/db", true},
		{"include is element-wise", &Config{IncludePkgs: []string{"github.com/acme/app"}}, "github.com/acme/application", false},
		{"include with /...", &Config{IncludePkgs: []string{"github.com/acme/app/..."}}, "github.com/acme/app/db", true},
		{"not included", &Config{IncludePkgs: []string{"github.com/acme/app"}}, "github.com/other/x", false},
		{"include can name std", &Config{IncludePkgs: []string{"database/sql"}}, "database/sql", true},
		{"exclude wins", &Config{IncludePkgs: []string{"github.com/acme"}, ExcludePkgs: []string{"github.com/acme/app/gen"}}, "github.com/acme/app/gen/x", false},
		{"exclude only", &Config{ExcludePkgs: []string{"github.com/acme/app/gen"}}, "github.com/acme/app", true},
		{"nil config", nil, "github.com/acme/app", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.c.IsPkgInScope(pkg(tt.path)); got != tt.inScope {
				t.Errorf("IsPkgInScope(%q) = %v, want %v", tt.path, got, tt.inScope)
			}
		})
	}
	if (&Config{}).IsPkgInScope(nil) {
		t.Error("nil package in scope")
	}
}

func TestSettingsJSON(t *testing.T) {
	tests := []struct {
		name    string
		json    string
		want    Settings
		wantErr string
	}{
		{"empty", `{}`, Settings{}, ""},
		{"all", `{"config":"c.yml","strict":true,"migrations":"a, b","migration-tool":"goose","migration-order":"numeric","include-pkgs":["x","y"],"exclude-pkgs":"","report-unused-ignores":false}`,
			Settings{Config: "c.yml", Strict: boolp(true), Migrations: StringList{"a", "b"}, MigrationTool: "goose", MigrationOrder: "numeric",
				IncludePkgs: StringList{"x", "y"}, ExcludePkgs: StringList{}, ReportUnusedIgnores: boolp(false)}, ""},
		{"list of non-strings", `{"migrations":[1]}`, Settings{}, "want a string or a list of strings"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s Settings
			err := json.Unmarshal([]byte(tt.json), &s)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(s, tt.want) {
				t.Errorf("got %+v, want %+v", s, tt.want)
			}
		})
	}
}

func TestSettingsValidate(t *testing.T) {
	tests := []struct {
		name    string
		s       Settings
		wantErr string
	}{
		{"zero", Settings{}, ""},
		{"valid", Settings{MigrationTool: ToolPlain, MigrationOrder: OrderLexical, Migrations: StringList{"a"}}, ""},
		{"bad tool", Settings{MigrationTool: "x"}, `migration-tool: unknown migration tool "x"`},
		{"bad order", Settings{MigrationOrder: "x"}, `migration-order: unknown migration order "x"`},
		{"comma in list entry", Settings{IncludePkgs: StringList{"a,b"}}, `include-pkgs: entry "a,b" contains a comma`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.s.Validate()
			if (err == nil) != (tt.wantErr == "") || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
				t.Errorf("Validate() = %v, want %q", err, tt.wantErr)
			}
		})
	}
}

func TestFlagValuesRoundTrip(t *testing.T) {
	s := Settings{Config: "c.yml", Strict: boolp(true), Migrations: StringList{"a", "b/*.sql"}, MigrationTool: ToolGoose,
		MigrationOrder: OrderNumeric, IncludePkgs: StringList{"x"}, ExcludePkgs: StringList{}, ReportUnusedIgnores: boolp(true),
		Hermetic: boolp(true)}
	vals := s.FlagValues()
	if len(vals) != len(FlagNames) {
		t.Errorf("FlagValues has %d entries, want one per flag (%d): %v", len(vals), len(FlagNames), vals)
	}
	v := &flagValues{}
	fs := newFlagSet(v)
	for name, val := range vals {
		if err := fs.Set(name, val); err != nil {
			t.Fatalf("Set(%s, %q): %v", name, val, err)
		}
	}
	if got := v.overrides(); !reflect.DeepEqual(got, s) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, s)
	}
	if got := (&flagValues{}).overrides(); !reflect.DeepEqual(got, Settings{}) {
		t.Errorf("unset flags give %+v", got)
	}
}

func TestFlagSet(t *testing.T) {
	var names []string
	Analyzer.Flags.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if len(names) != len(FlagNames) {
		t.Errorf("flags %q, want %q", names, FlagNames)
	}
	for _, n := range names {
		if n != strings.ToLower(n) || strings.Contains(n, "_") {
			t.Errorf("flag %q is not kebab-case lower-case", n)
		}
	}
	if f := Analyzer.Flags.Lookup(StrictFlag); f == nil {
		t.Fatal("no strict flag")
	} else if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !bf.IsBoolFlag() {
		t.Error("strict is not a bool flag (go vet -flags must say Bool)")
	}
	v := &flagValues{}
	fs := newFlagSet(v)
	if err := fs.Parse([]string{"-strict", "-include-pkgs= a, ,b ", "-migrations=x"}); err != nil {
		t.Fatal(err)
	}
	want := Settings{Strict: boolp(true), IncludePkgs: StringList{"a", "b"}, Migrations: StringList{"x"}}
	if got := v.overrides(); !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if err := fs.Parse([]string{"-strict=maybe"}); err == nil {
		t.Error("-strict=maybe accepted")
	}
}
