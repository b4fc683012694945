package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/analyzer"
	"github.com/ydblint/ydblint/passes/config"
)

// buildTool builds the ydblint binary once per test binary run.
func buildTool(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "ydblint")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func run(t *testing.T, dir, name string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return o.String(), e.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return o.String(), e.String(), 0
}

func TestBinary(t *testing.T) {
	bin := buildTool(t)

	t.Run("version", func(t *testing.T) {
		out, _, code := run(t, "", bin, "-version")
		if code != 0 || !strings.HasPrefix(out, "ydblint ") || !strings.Contains(out, " go1.") {
			t.Errorf("-version: code %d, output %q", code, out)
		}
	})

	t.Run("flags lists the lifted config flags for go vet", func(t *testing.T) {
		out, _, code := run(t, "", bin, "-flags")
		if code != 0 {
			t.Fatalf("-flags exited %d", code)
		}
		var flags []struct {
			Name  string
			Bool  bool
			Usage string
		}
		if err := json.Unmarshal([]byte(out), &flags); err != nil {
			t.Fatalf("-flags output is not JSON: %v\n%s", err, out)
		}
		byName := map[string]bool{}
		isBool := map[string]bool{}
		for _, f := range flags {
			byName[f.Name] = true
			isBool[f.Name] = f.Bool
		}
		for _, name := range config.FlagNames {
			if !byName[name] {
				t.Errorf("-flags does not list -%s", name)
			}
		}
		for _, name := range []string{config.StrictFlag, config.ReportUnusedIgnoresFlag} {
			if !isBool[name] {
				t.Errorf("-%s is not listed as Bool", name)
			}
		}
		if isBool[config.MigrationsFlag] {
			t.Errorf("-%s is listed as Bool", config.MigrationsFlag)
		}
		for name := range byName {
			if strings.HasPrefix(name, config.Name) {
				t.Errorf("-flags lists %s: the config analyzer's flags must only appear lifted", name)
			}
		}
	})

	t.Run("help", func(t *testing.T) {
		for _, arg := range []string{"help", "-help"} {
			out, _, code := run(t, "", bin, arg)
			if code != 0 {
				t.Errorf("%s exited %d", arg, code)
			}
			for _, want := range []string{"Usage:", "Rules:", "go vet -vettool=", "Exit codes:"} {
				if !strings.Contains(out, want) {
					t.Errorf("%s output lacks %q:\n%s", arg, want, out)
				}
			}
			for _, name := range config.FlagNames {
				if !strings.Contains(out, "-"+name) {
					t.Errorf("%s output lacks -%s", arg, name)
				}
			}
			for _, a := range analyzer.Suite {
				if !strings.Contains(out, a.Name) || !strings.Contains(out, analyzer.Title(a)) {
					t.Errorf("%s output lacks rule %s with its title", arg, a.Name)
				}
			}
			if len(analyzer.Suite) == 0 && !strings.Contains(out, "(none in this build)") {
				t.Errorf("%s output does not say the suite is empty", arg)
			}
		}
	})

	// A module with no findings: standalone exits 0, and go vet accepts the
	// lifted flags (it rejects flags that -flags does not list).
	mod := t.TempDir()
	writeFile(t, filepath.Join(mod, "go.mod"), "module example.com/m\n\ngo 1.26\n")
	writeFile(t, filepath.Join(mod, "m.go"), "package m\n\nfunc F() int { return 1 }\n")

	t.Run("standalone", func(t *testing.T) {
		if _, stderr, code := run(t, mod, bin, "-strict", "-migrations=db", "./..."); code != 0 {
			t.Errorf("exit %d, stderr:\n%s", code, stderr)
		}
		if _, _, code := run(t, mod, bin, "-migration-tool"); code == 0 {
			t.Error("a value flag without a value was accepted")
		}
	})

	t.Run("go vet", func(t *testing.T) {
		_, stderr, code := run(t, mod, "go", "vet", "-vettool="+bin, "-strict", "-include-pkgs=example.com/m", "-report-unused-ignores", "./...")
		if code != 0 {
			t.Errorf("go vet exited %d:\n%s", code, stderr)
		}
		_, stderr, code = run(t, mod, "go", "vet", "-vettool="+bin, "-no-such-flag", "./...")
		if code == 0 || !strings.Contains(stderr, "no-such-flag") {
			t.Errorf("go vet accepted an unknown flag: exit %d\n%s", code, stderr)
		}
	})
}

func TestOwnCommand(t *testing.T) {
	tests := []struct {
		args    []string
		handled bool
		code    int
		want    string // in stdout
		wantErr string // in stderr
	}{
		{nil, false, 0, "", ""},
		{[]string{"./..."}, false, 0, "", ""},
		{[]string{"-version"}, true, 0, "ydblint ", ""},
		{[]string{"-version", "./..."}, false, 0, "", ""},
		{[]string{"help"}, true, 0, "Rules:", ""},
		{[]string{"-h"}, true, 0, "Usage:", ""},
		// Not a rule: said so, with the rule names, as a usage error;
		// never handed to the driver, which took it for a package.
		{[]string{"help", "no-such-rule"}, true, 2, "", `unknown rule "no-such-rule"; the rules are hashprefix, `},
		{[]string{"help", "ydblint_config"}, true, 2, "", `unknown rule "ydblint_config"`},
		// A rule's help is its whole page: the categories and what it
		// does not report, not only the first section.
		{[]string{"help", "truncation"}, true, 0, "\n# Category unbounded-read\n", ""},
		{[]string{"help", "nullkey"}, true, 0, "\n# Not reported\n", ""},
		{[]string{"help", "nullkey", "extra"}, true, 0, "\n# Not reported\n", "ignored: extra"},
		{[]string{"-V=full"}, false, 0, "", ""},
		{[]string{"-flags"}, false, 0, "", ""},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		code, handled := ownCommand(tt.args, &out, &errb)
		if handled != tt.handled || code != tt.code || !strings.Contains(out.String(), tt.want) || !strings.Contains(errb.String(), tt.wantErr) {
			t.Errorf("ownCommand(%q) = %d, %v, stdout %q, stderr %q; want %d, %v, stdout containing %q, stderr containing %q",
				tt.args, code, handled, out.String(), errb.String(), tt.code, tt.handled, tt.want, tt.wantErr)
		}
		if tt.wantErr == "" && errb.Len() > 0 {
			t.Errorf("ownCommand(%q) wrote to stderr: %q", tt.args, errb.String())
		}
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
