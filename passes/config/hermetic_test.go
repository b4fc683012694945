package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHermetic: under -hermetic no config file is looked for, a named
// schema input that is missing is an error that says what to do, and only
// named inputs may be read.
func TestHermetic(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"go.mod":        "module example.com/m\n",
		".ydblint.yml":  "version: 1\nstrict: true\n",
		"db/001.sql":    "CREATE TABLE t (id Uint64, PRIMARY KEY (id));\n",
		"ddl/x/002.sql": "CREATE TABLE u (id Uint64, PRIMARY KEY (id));\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	on := boolp(true)

	if c := Load(dir, Settings{}); c.File == "" || !c.Strict || c.Hermetic {
		t.Fatalf("normal load: file %q strict %v hermetic %v", c.File, c.Strict, c.Hermetic)
	}
	c := Load(dir, Settings{Hermetic: on, Migrations: StringList{"db/001.sql", "ddl", "gen/*.yql"}})
	if c.File != "" || c.Strict || !c.Hermetic {
		t.Errorf("hermetic load found the config file by name: file %q strict %v", c.File, c.Strict)
	}
	if len(c.Errors) != 1 || !strings.Contains(c.Errors[0].Msg, `glob "`) {
		t.Errorf("errors %v, want only the glob that matches nothing", c.Errors)
	}

	c = Load(dir, Settings{Hermetic: on, Config: ".ydblint.yml", Migrations: StringList{"db/001.sql", "db/missing.sql"}})
	if c.File == "" || !c.Strict {
		t.Errorf("-config under -hermetic: file %q strict %v", c.File, c.Strict)
	}
	if len(c.Errors) != 1 || !strings.Contains(c.Errors[0].Msg, "missing.sql\" does not exist") || !strings.Contains(c.Errors[0].Msg, "analyzer.CompiledSchema") {
		t.Errorf("missing named input: %v", c.Errors)
	}

	c = Load(dir, Settings{Hermetic: on, Config: ".ydblint.yml", Migrations: StringList{"db/001.sql", "ddl", "gen/*.yql"}})
	for _, tt := range []struct {
		path string
		want bool
	}{
		{"db/001.sql", true},
		{"ddl/x/002.sql", true},
		{"gen/a.yql", true},
		{".ydblint.yml", true},
		{"db/002.sql", false},
		{"gen/sub/a.yql", false},
		{"other/other.go", false},
		{"ddlx/a.sql", false},
	} {
		path := filepath.Join(dir, filepath.FromSlash(tt.path))
		if got := c.MayRead(path); got != tt.want {
			t.Errorf("hermetic MayRead(%s) = %v, want %v", tt.path, got, tt.want)
		}
		if !Load(dir, Settings{}).MayRead(path) {
			t.Errorf("normal MayRead(%s) = false", tt.path)
		}
	}
	var nilCfg *Config
	if !nilCfg.MayRead(dir) {
		t.Error("nil Config refuses a read")
	}
}
