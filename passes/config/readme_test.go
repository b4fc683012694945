package config

import (
	"os"
	"strings"
	"testing"
)

// TestREADMEConfiguration keeps the README's configuration reference in
// step with the code: it quotes testdata/configured/.ydblint.yml verbatim
// and names every flag (and its golangci-lint setting, the same name).
func TestREADMEConfiguration(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## Configuration\n")
	if !ok {
		t.Fatal(`README.md has no "## Configuration" section`)
	}
	if i := strings.Index(section, "\n## "); i >= 0 {
		section = section[:i]
	}
	example, err := os.ReadFile("../../testdata/configured/.ydblint.yml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(section, "```yaml\n"+string(example)+"```") {
		t.Error("the Configuration section does not quote testdata/configured/.ydblint.yml verbatim")
	}
	for _, name := range FlagNames {
		if !strings.Contains(section, "`-"+name) {
			t.Errorf("the Configuration section does not show the flag -%s", name)
		}
		if name != ConfigFlag && !strings.Contains(section, "| `"+name+"` |") {
			t.Errorf("the Configuration section has no golangci-lint setting %s", name)
		}
	}
	for _, key := range []string{"strict", "report-unused-ignores", "include-pkgs", "exclude-pkgs", "schema.paths", "schema.tool", "schema.order", "hash", "sinks"} {
		if !strings.Contains(section, "`"+key+"`") {
			t.Errorf("the Configuration section does not name the file key %s", key)
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
