package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/analyzer"
)

// TestGolden runs the binary over the module testdata/golden/mod (a
// repository with a finding, a full-key read, a table named by a struct
// field, a table no migration defines, text read from a file) and compares
// the text, -json, -explain and -stats outputs with testdata/golden/*.txt
// (go test -run TestGolden -update rewrites them). Absolute paths are
// written as $DIR.
func TestGolden(t *testing.T) {
	bin := buildTool(t)
	mod, err := filepath.Abs(filepath.Join("testdata", "golden", "mod"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout bool // compare stdout, else stderr
	}{
		{"text", nil, exitFindings, false},
		{"json", []string{"-json"}, exitClean, true},
		{"explain", []string{"-explain"}, exitFindings, true},
		{"explain-line", []string{"-explain=orders/orders.go:42"}, exitFindings, true},
		{"stats", []string{"-stats"}, exitFindings, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			stdout, stderr, code := run(t, mod, bin, append(c.args, "./...")...)
			if code != c.code {
				t.Errorf("exit %d, want %d\nstderr:\n%s", code, c.code, stderr)
			}
			got := stderr
			if c.stdout {
				got = stdout
			}
			got = strings.ReplaceAll(got, mod, "$DIR")
			// Adding a rule to the suite must not break the golden files.
			got = strings.ReplaceAll(got, "rules run: "+suiteNames(), "rules run: $SUITE")
			if c.name == "json" {
				var tree map[string]map[string]json.RawMessage
				if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
					t.Fatalf("-json output is not the JSON tree: %v", err)
				}
			}
			golden(t, filepath.Join("testdata", "golden", c.name+".txt"), got)
		})
	}
}

func golden(t *testing.T, file, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (go test -run TestGolden -update to accept):\n%s", file, lineDiff(want, []byte(got)))
	}
}

// TestExitMatrix runs the binary on the exit-code matrix, standalone and
// with -json: clean, findings, findings left after -fix, compile error, bad
// configuration, bad pattern, a -migrations path without DDL.
func TestExitMatrix(t *testing.T) {
	bin := buildTool(t)
	rules, err := filepath.Abs(filepath.Join("..", "..", "testdata", "rules"))
	if err != nil {
		t.Fatal(err)
	}
	golden, err := filepath.Abs(filepath.Join("testdata", "golden", "mod"))
	if err != nil {
		t.Fatal(err)
	}
	broken := t.TempDir()
	writeFile(t, filepath.Join(broken, "go.mod"), "module example.com/broken\n\ngo 1.24\n")
	writeFile(t, filepath.Join(broken, "b.go"), "package b\n\nfunc F() int { return undefinedName }\n")
	emptyMigrations := filepath.Join(t.TempDir(), "nothing-here")
	if err := os.MkdirAll(emptyMigrations, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(emptyMigrations, "README"), "no DDL here\n")

	cases := []struct {
		name       string
		dir        string
		args       []string
		text, json int
		stderr     string // a substring stderr must hold (text mode)
		jsonKey    string // a key the -json tree must hold
	}{
		{"clean", golden, []string{"./clean"}, exitClean, exitClean, "", ""},
		{"findings", golden, []string{"./orders"}, exitFindings, exitClean, "(hashprefix)", "hashprefix"},
		{"compile error", broken, []string{"./..."}, exitLoad, exitLoad, "undefinedName", "load"},
		{"bad config", golden, []string{"-migration-tool=bogus", "./clean"}, exitUsage, exitUsage, "configuration error", "config"},
		{"bad pattern", golden, []string{"./no/such/dir"}, exitLoad, exitLoad, "no/such/dir", "load"},
		{"migrations without DDL", golden, []string{"-migrations=" + emptyMigrations, "./orders"}, exitUsage, exitUsage, emptyMigrations, "config"},
		{"unknown flag", golden, []string{"-no-such-flag", "./..."}, exitUsage, exitUsage, "no-such-flag", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, stderr, code := run(t, c.dir, bin, c.args...)
			if code != c.text {
				t.Errorf("exit %d, want %d\nstderr:\n%s", code, c.text, stderr)
			}
			if !strings.Contains(stderr, c.stderr) {
				t.Errorf("stderr lacks %q:\n%s", c.stderr, stderr)
			}
			stdout, stderr, code := run(t, c.dir, bin, append([]string{"-json"}, c.args...)...)
			if code != c.json {
				t.Errorf("-json: exit %d, want %d\nstderr:\n%s", code, c.json, stderr)
			}
			if c.jsonKey == "" {
				return
			}
			var tree map[string]map[string]json.RawMessage
			if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
				t.Fatalf("-json stdout is not the JSON tree: %v\n%s", err, stdout)
			}
			found := false
			for _, byKey := range tree {
				_, ok := byKey[c.jsonKey]
				found = found || ok
			}
			if !found {
				t.Errorf("-json tree has no %q entry:\n%s", c.jsonKey, stdout)
			}
		})
	}

	t.Run("findings after -fix", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "rules")
		if out, err := exec.Command("cp", "-r", rules, dir).CombinedOutput(); err != nil {
			t.Fatalf("cp: %v\n%s", err, out)
		}
		_, stderr, code := run(t, dir, bin, "-fix", "./hashprefix/fix")
		if code != exitFindings {
			t.Errorf("-fix: exit %d, want %d (findings without a fix remain)\n%s", code, exitFindings, stderr)
		}
		fixed, err := os.ReadFile(filepath.Join(dir, "hashprefix", "fix", "fix.go"))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(rules, "hashprefix", "fix", "fix.go.golden"))
		if err != nil {
			t.Fatal(err)
		}
		if string(fixed) != string(want) {
			t.Errorf("-fix did not write fix.go.golden:\n%s", lineDiff(want, fixed))
		}
		if !strings.Contains(stderr, "(hashprefix)") {
			t.Errorf("-fix printed no remaining finding:\n%s", stderr)
		}
		// A second run has nothing left to fix and reports the same.
		_, stderr2, code := run(t, dir, bin, "-fix", "./hashprefix/fix")
		if code != exitFindings || stderr2 != stderr {
			t.Errorf("second -fix: exit %d, output changed:\n%s\nvs\n%s", code, stderr2, stderr)
		}
	})

	t.Run("version", func(t *testing.T) {
		for _, arg := range []string{"version", "-version"} {
			out, _, code := run(t, "", bin, arg)
			if code != 0 || !strings.HasPrefix(out, "ydblint ") {
				t.Errorf("%s: exit %d, %q", arg, code, out)
			}
		}
	})
}

func suiteNames() string {
	var names []string
	for _, a := range analyzer.Suite {
		names = append(names, a.Name)
	}
	return strings.Join(names, ", ")
}
