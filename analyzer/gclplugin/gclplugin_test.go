package gclplugin_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"github.com/ydblint/ydblint/analyzer"
	_ "github.com/ydblint/ydblint/analyzer/gclplugin"
	"github.com/ydblint/ydblint/passes/config"
	"golang.org/x/tools/go/analysis"
)

func flagValue(t *testing.T, name string) string {
	t.Helper()
	f := config.Analyzer.Flags.Lookup(name)
	if f == nil {
		t.Fatalf("no flag %q", name)
	}
	return f.Value.String()
}

// The tests share config.Analyzer's process-wide flags, so they run in
// order and each sets what it checks.
func TestPlugin(t *testing.T) {
	newPlugin, err := register.GetPlugin("ydblint")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		settings  any
		wantErr   string
		wantFlags map[string]string
	}{
		{"nil settings", nil, "", nil},
		{"empty settings", map[string]any{}, "", nil},
		{"all settings as golangci-lint passes them", map[string]any{
			"config":                ".ci/ydblint.yml",
			"strict":                true,
			"migrations":            []any{"db/migrations", "db/ddl/*.sql"},
			"migration-tool":        "goose",
			"migration-order":       "lexical",
			"include-pkgs":          "github.com/acme/app, github.com/acme/lib",
			"exclude-pkgs":          []any{},
			"report-unused-ignores": false,
		}, "", map[string]string{
			config.ConfigFlag:              ".ci/ydblint.yml",
			config.StrictFlag:              "true",
			config.MigrationsFlag:          "db/migrations,db/ddl/*.sql",
			config.MigrationToolFlag:       "goose",
			config.MigrationOrderFlag:      "lexical",
			config.IncludePkgsFlag:         "github.com/acme/app,github.com/acme/lib",
			config.ExcludePkgsFlag:         "",
			config.ReportUnusedIgnoresFlag: "false",
		}},
		{"later settings replace earlier ones", map[string]any{"strict": false, "migrations": "m"}, "",
			map[string]string{config.StrictFlag: "false", config.MigrationsFlag: "m"}},
		{"unknown key", map[string]any{"strikt": true}, `unknown field "strikt"`, nil},
		{"camelCase key is not a flag name", map[string]any{"includePkgs": "x"}, `unknown field "includePkgs"`, nil},
		{"wrong type", map[string]any{"strict": "yes"}, "cannot unmarshal string", nil},
		{"wrong list type", map[string]any{"migrations": 3}, "want a string or a list of strings", nil},
		{"invalid tool", map[string]any{"migration-tool": "flyway"}, `unknown migration tool "flyway"`, nil},
		{"comma inside a list entry", map[string]any{"include-pkgs": []any{"a,b"}}, "contains a comma", nil},
		{"not a mapping", []any{"strict"}, "cannot unmarshal array", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := newPlugin(tt.settings)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want it to contain %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
				t.Errorf("load mode %q, want %q", got, register.LoadModeTypesInfo)
			}
			as, err := p.BuildAnalyzers()
			if err != nil {
				t.Fatal(err)
			}
			if len(as) != len(analyzer.Suite)+1 {
				t.Fatalf("%d analyzers, want the suite's %d and the input marker", len(as), len(analyzer.Suite))
			}
			if m := as[len(as)-1]; !strings.HasPrefix(m.Name, "ydblint_inputs_") || analysis.Validate([]*analysis.Analyzer{m}) != nil {
				t.Errorf("last analyzer %q is not a valid input marker", m.Name)
			}
			for i := range as[:len(as)-1] {
				if as[i] != analyzer.Suite[i] {
					t.Errorf("analyzer %d is %s, want %s", i, as[i].Name, analyzer.Suite[i].Name)
				}
			}
			for name, want := range tt.wantFlags {
				if got := flagValue(t, name); got != want {
					t.Errorf("flag %s = %q, want %q", name, got, want)
				}
			}
		})
	}
}

// TestInputsMarker: the marker's name, which golangci-lint's issue cache
// key is made of, changes when a migration or .ydblint.yml changes and
// not when an unrelated file does; a broken .ydblint.yml fails
// BuildAnalyzers once with a stable prefix.
func TestInputsMarker(t *testing.T) {
	newPlugin, err := register.GetPlugin("ydblint")
	if err != nil {
		t.Fatal(err)
	}
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
	write("store/store.go", "package store\n")
	write("migrations/0001_init.sql", "CREATE TABLE users (id Uint64, PRIMARY KEY (id));\n")
	t.Chdir(filepath.Join(mod, "store"))
	marker := func() string {
		t.Helper()
		p, err := newPlugin(nil)
		if err != nil {
			t.Fatal(err)
		}
		as, err := p.BuildAnalyzers()
		if err != nil {
			t.Fatal(err)
		}
		return as[len(as)-1].Name
	}
	base := marker()
	if again := marker(); again != base {
		t.Fatalf("marker not stable: %s, then %s", base, again)
	}
	write("README.md", "# svc\n")
	if got := marker(); got != base {
		t.Errorf("a README changed the marker: %s → %s", base, got)
	}
	write("migrations/0001_init.sql", "CREATE TABLE users (id Uint64, email Utf8, PRIMARY KEY (id));\n")
	migrated := marker()
	if migrated == base {
		t.Errorf("an edited migration kept the marker %s", base)
	}
	write(".ydblint.yml", "version: 1\nstrict: true\n")
	if got := marker(); got == migrated {
		t.Errorf("a new .ydblint.yml kept the marker %s", got)
	}
	write(".ydblint.yml", "version: 1\nstrict: maybe\n")
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.BuildAnalyzers()
	if err == nil || !strings.HasPrefix(err.Error(), "ydblint: configuration error: ") || !strings.Contains(err.Error(), ".ydblint.yml") {
		t.Errorf("BuildAnalyzers with a broken .ydblint.yml: %v", err)
	}
}
