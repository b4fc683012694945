package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocsConfiguration keeps the configuration reference,
// docs/configuration.md, in step with the code: it quotes
// testdata/configured/.ydblint.yml verbatim and names every flag, its
// golangci-lint setting (the same name) and every key of the file.
func TestDocsConfiguration(t *testing.T) {
	b, err := os.ReadFile("../../docs/configuration.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	example, err := os.ReadFile("../../testdata/configured/.ydblint.yml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(doc, "```yaml\n"+string(example)+"```") {
		t.Error("docs/configuration.md does not quote testdata/configured/.ydblint.yml verbatim")
	}
	for _, name := range FlagNames {
		if !strings.Contains(doc, "`-"+name) {
			t.Errorf("docs/configuration.md does not show the flag -%s", name)
		}
		if name != ConfigFlag && !strings.Contains(doc, "| `"+name+"` |") {
			t.Errorf("docs/configuration.md has no golangci-lint setting %s", name)
		}
	}
	for _, key := range []string{"strict", "report-unused-ignores", "include-pkgs", "exclude-pkgs", "schema.paths", "schema.tool", "schema.order", "hash", "sinks"} {
		if !strings.Contains(doc, "`"+key+"`") {
			t.Errorf("docs/configuration.md does not name the file key %s", key)
		}
	}
	if c := Load("", Settings{}); len(c.Errors) != 0 {
		t.Fatalf("Load: %v", c.Errors)
	}
	c := Load("../../testdata/configured", Settings{})
	if len(c.Errors) != 0 {
		t.Errorf("testdata/configured/.ydblint.yml: %v", c.Errors)
	}
}

// TestREADMEConfigExample loads the README's .ydblint.yml example (the
// yaml block that starts with "# .ydblint.yml") in a module that has the
// migration directory it names: it must hold no error.
func TestREADMEConfigExample(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "```yaml\n# .ydblint.yml\n")
	if !ok {
		t.Fatal("README.md has no yaml block starting with \"# .ydblint.yml\"")
	}
	example, _, ok := strings.Cut(rest, "```")
	if !ok {
		t.Fatal("README.md: the .ydblint.yml block does not end")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":                         "module example.com/shop\n\ngo 1.26\n",
		".ydblint.yml":                   example,
		"db/migrations/00001_orders.sql": "CREATE TABLE orders (order_hash Uint64, order_id Uint64, PRIMARY KEY (order_hash, order_id));\n",
	}
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := Load(dir, Settings{})
	if len(c.Errors) != 0 {
		t.Fatalf("README.md's .ydblint.yml example: %v", c.Errors)
	}
	if !c.Strict || len(c.ExcludePkgs) == 0 || len(c.SchemaPaths) == 0 || len(c.Hashes) == 0 {
		t.Errorf("README.md's .ydblint.yml example lost an option: %+v", c)
	}
}
