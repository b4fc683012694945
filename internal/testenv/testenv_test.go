package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMissing builds a module cache by hand: a module counts as cached by
// its escaped go.mod download and its zip (or extracted directory).
func TestMissing(t *testing.T) {
	cache := t.TempDir()
	stamp := "github.com/Foo/bar v1.2.0\nexample.com/dep v0.1.0\nexample.com/nozip v1.0.0\n"
	all := []string{"github.com/Foo/bar v1.2.0", "example.com/dep v0.1.0", "example.com/nozip v1.0.0"}
	if got := Missing(cache, stamp); !slices.Equal(got, all) {
		t.Fatalf("empty cache: missing %q, want %q", got, all)
	}
	// Upper-case letters are escaped as !x in the cache.
	write(t, filepath.Join(cache, "cache/download/github.com/!foo/bar/@v/v1.2.0.mod"), "")
	write(t, filepath.Join(cache, "cache/download/github.com/!foo/bar/@v/v1.2.0.zip"), "")
	write(t, filepath.Join(cache, "cache/download/example.com/dep/@v/v0.1.0.mod"), "")
	write(t, filepath.Join(cache, "example.com/dep@v0.1.0/dep.go"), "")
	write(t, filepath.Join(cache, "cache/download/example.com/nozip/@v/v1.0.0.mod"), "")
	want := []string{"example.com/nozip v1.0.0"}
	if got := Missing(cache, stamp); !slices.Equal(got, want) {
		t.Fatalf("missing %q, want %q", got, want)
	}
	write(t, filepath.Join(cache, "cache/download/example.com/nozip/@v/v1.0.0.zip"), "")
	if got := Missing(cache, stamp); len(got) != 0 {
		t.Fatalf("full cache: missing %q", got)
	}
	// The unescaped spelling is not the cache's; a malformed line is missing.
	if got := Missing(cache, "github.com/Foo/bar v1.3.0\ngarbage\n"); len(got) != 2 {
		t.Errorf("missing %q, want both lines", got)
	}
	os.RemoveAll(filepath.Join(cache, "cache/download/github.com/!foo"))
	if got := Missing(cache, stamp); !slices.Equal(got, []string{"github.com/Foo/bar v1.2.0"}) {
		t.Errorf("after removing a module: missing %q", got)
	}
}

// TestModules finds the repository's own test-data modules, and only those.
func TestModules(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	mods, err := Modules(root)
	if err != nil {
		t.Fatal(err)
	}
	rel := map[string]bool{}
	for _, m := range mods {
		r, _ := filepath.Rel(root, m)
		rel[filepath.ToSlash(r)] = true
		if !strings.Contains("/"+filepath.ToSlash(r)+"/", "/testdata/") {
			t.Errorf("%s is not inside a testdata directory", r)
		}
	}
	for _, want := range []string{"testdata/rules", "testdata/integration", "passes/querysite/testdata/old"} {
		if !rel[want] {
			t.Errorf("Modules does not list %s (got %v)", want, mods)
		}
	}
	if rel["."] {
		t.Error("Modules lists the repository's own module")
	}
}

// TestPrepare checks the promise Main makes: after Prepare every test-data
// module has a stamp whose modules are all in the cache, so the next test
// binary runs no go command (and needs no network), and a test-data module
// loads with GOPROXY=off.
func TestPrepare(t *testing.T) {
	if err := Prepare(); err != nil {
		t.Fatal(err)
	}
	root, _ := repoRoot()
	mods, _ := Modules(root)
	cache, err := modCache()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mods {
		stamp := stampPath(cache, m)
		list, err := os.ReadFile(stamp)
		if err != nil {
			t.Errorf("%s: no stamp: %v", m, err)
			continue
		}
		if missing := Missing(cache, string(list)); len(missing) > 0 {
			t.Errorf("%s: after go mod download the cache lacks %q: Main would download it again in every test binary", m, missing)
		}
		if testing.Short() {
			continue
		}
		// What analysistest does: load the packages and their tests'
		// dependencies with GOPROXY=off.
		cmd := exec.Command("go", "list", "-e", "-deps", "-test",
			"-f", "{{with .Error}}{{.}}\n{{end}}{{range .DepsErrors}}{{.}}\n{{end}}", "./...")
		cmd.Dir = m
		cmd.Env = append(os.Environ(), "GOPROXY=off", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		if err != nil || strings.Contains(string(out), "GOPROXY=off") {
			t.Errorf("%s: go list with GOPROXY=off after Prepare: %v\n%s", m, err, out)
		}
	}
}
