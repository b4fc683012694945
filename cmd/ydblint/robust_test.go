package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// Robustness of the whole binary: hostile inputs are generated into a copy
// of testdata/rules (a module with real findings), and each run must end in
// bounded time, without a panic or an internal error, with the findings of
// the untouched packages unchanged. YDBLINT_ROBUST_SLOW=1 adds the runs over
// all of GOROOT/src and the public repositories under YDBLINT_REAL_DIR
// (default /work/real).

// runBound is generous: the machine running the tests may be shared.
const runBound = 3 * time.Minute

// copyRules copies testdata/rules into a temporary directory.
func copyRules(t *testing.T) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "rules")
	if err := os.CopyFS(dst, os.DirFS("../../testdata/rules")); err != nil {
		t.Fatal(err)
	}
	return dst
}

type lintRun struct {
	stdout, stderr string
	code           int
	took           time.Duration
}

// lint runs the binary in dir with GOFLAGS=-mod=mod and no network for the
// go command, and fails the test on a panic, an internal error or a run
// longer than runBound.
func lint(t *testing.T, bin, dir string, args ...string) lintRun {
	t.Helper()
	return lintEnv(t, bin, dir, []string{"GOFLAGS=-mod=mod"}, runBound, args...)
}

// lintEnv is lint with other environment (added to the test's, GOPROXY=off
// always) and time bound.
func lintEnv(t *testing.T, bin, dir string, env []string, bound time.Duration, args ...string) lintRun {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOPROXY=off"), env...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(bound, func() { cmd.Process.Kill() })
	err := cmd.Wait()
	timer.Stop()
	r := lintRun{stdout: o.String(), stderr: e.String(), took: time.Since(start)}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%v", err)
	}
	if r.took >= bound {
		t.Fatalf("ydblint %v in %s did not finish within %v", args, dir, bound)
	}
	for _, bad := range []string{"panic:", "goroutine ", "internal error"} {
		if strings.Contains(r.stderr, bad) || strings.Contains(r.stdout, bad) {
			t.Fatalf("ydblint %v in %s printed %q:\n%s%s", args, dir, bad, tailLines(r.stdout, 20), tailLines(r.stderr, 40))
		}
	}
	t.Logf("ydblint %v in %s: exit %d in %v", args, filepath.Base(dir), r.code, r.took.Round(time.Millisecond))
	return r
}

// findings returns the diagnostic lines of a text-mode run, sorted, with
// the module directory removed.
func findings(r lintRun, dir string) []string {
	var out []string
	for _, line := range strings.Split(r.stderr, "\n") {
		// Headlines: "file:line:col: … (rule)", relative to the run's
		// directory (absolute before the driver printed relative paths).
		line = strings.TrimPrefix(line, dir+string(filepath.Separator))
		if line == "" || line[0] == ' ' || line[0] == '\t' || !headline.MatchString(line) {
			continue
		}
		out = append(out, line)
	}
	slices.Sort(out)
	return out
}

var headline = regexp.MustCompile(`^[^\s:]+\.go:\d+:\d+: `)

func tailLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func write(t *testing.T, name string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// hostileSchemaFiles are migration-like files that the module scan finds:
// binary data, a 50 MB file, 100,000-deep nesting (statement and CREATE
// TABLE), NUL bytes, invalid UTF-8, an unterminated goose StatementBegin and
// a goose file that is nothing but annotations.
func hostileSchemaFiles() map[string][]byte {
	rng := rand.New(rand.NewPCG(1, 2))
	binary := make([]byte, 256<<10)
	for i := range binary {
		binary[i] = byte(rng.UintN(256))
	}
	deep := 100000
	files := map[string][]byte{
		"hostile/binary.sql": binary,
		"hostile/huge.sql":   bytes.Repeat([]byte("CREATE TABLE huge (id Uint64, PRIMARY KEY (id));\n"), 50<<20/49),
		"hostile/deep_select.sql": []byte("CREATE TABLE deep (id Uint64, PRIMARY KEY (id));\nSELECT * FROM deep WHERE id = " +
			strings.Repeat("(", deep) + "1" + strings.Repeat(")", deep) + ";\n"),
		"hostile/deep_create.sql": []byte("CREATE TABLE deeper (id " + strings.Repeat("Optional<", deep) + "Uint64" +
			strings.Repeat(">", deep) + ", PRIMARY KEY (id));\n"),
		"hostile/deep_unclosed.sql": []byte("CREATE TABLE unclosed (" + strings.Repeat("(", deep) + "\n"),
		"hostile/nul.sql":           []byte("CREATE TABLE nul\x00t (id\x00 Uint64, PRIMARY KEY (id\x00));\x00\x00SELECT \x00 FROM nul;"),
		"hostile/badutf8.sql":       []byte("CREATE TABLE `b\xff\xfe` (id Uint64, `n\xc3\x28` Utf8, PRIMARY KEY (id));\nSELECT '\xed\xa0\x80' FROM `b\xff\xfe`;"),
		"hostile/goose/00001_unbalanced.sql": []byte("-- +goose Up\n-- +goose StatementBegin\nCREATE TABLE unbalanced (id Uint64, PRIMARY KEY (id));\n" +
			"-- +goose StatementBegin\n-- +goose Down\nDROP TABLE unbalanced;\n"),
		"hostile/goose/00002_only_annotations.sql": []byte(strings.Repeat("-- +goose StatementEnd\n-- +goose Up\n", 10000)),
		"hostile/goose/00003_crlf.yql":             []byte("-- +goose Up\r\nCREATE TABLE crlf (id Uint64,\r\r\n PRIMARY KEY (id));\r\n"),
	}
	return files
}

// hostileGoPackage is a package whose query texts are hostile: a
// 100,000-deep expression, NUL bytes and invalid UTF-8 in the literal.
func hostileGoPackage() []byte {
	deep := strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000)
	return []byte(`package hostilego

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

const deep = "SELECT * FROM scans WHERE id = ` + deep + `"

func Run(ctx context.Context, c query.Client) error {
	if _, err := c.Query(ctx, deep); err != nil {
		return err
	}
	if _, err := c.Query(ctx, "SELECT * FROM scans WHERE id = 1 AND \x00 \xff\xfe = 2"); err != nil {
		return err
	}
	_, err := c.Query(ctx, "UPSERT INTO scans SELECT * FROM scans WHERE ` + strings.Repeat("id = 1 AND ", 20000) + `id = 2")
	return err
}
`)
}

func TestHostileInputs(t *testing.T) {
	bin := buildTool(t)
	pristine := copyRules(t)
	baseline := lint(t, bin, pristine, "./...")
	base := findings(baseline, pristine)
	if len(base) == 0 || baseline.code != 3 {
		t.Fatalf("baseline run on testdata/rules: exit %d, %d findings\n%s", baseline.code, len(base), baseline.stderr)
	}

	t.Run("migration files", func(t *testing.T) {
		dir := copyRules(t)
		for name, data := range hostileSchemaFiles() {
			write(t, filepath.Join(dir, name), data)
		}
		r := lint(t, bin, dir, "./...")
		if got := findings(r, dir); r.code != 3 || !slices.Equal(got, base) {
			t.Errorf("exit %d; findings changed:\n got %q\nwant %q", r.code, got, base)
		}
	})

	t.Run("query texts in Go", func(t *testing.T) {
		dir := copyRules(t)
		write(t, filepath.Join(dir, "hostilego", "hostile.go"), hostileGoPackage())
		r := lint(t, bin, dir, "./...")
		var other []string
		for _, f := range findings(r, dir) {
			if !strings.HasPrefix(f, "hostilego/") {
				other = append(other, f)
			}
		}
		if r.code != 3 || !slices.Equal(other, base) {
			t.Errorf("exit %d; findings outside hostilego changed:\n got %q\nwant %q", r.code, other, base)
		}
	})

	for _, tc := range []struct {
		name    string
		content []byte
		want    string // in a "ydblint: configuration error:" line; "" for none
	}{
		{"binary", []byte{0x00, 0xff, 0xfe, 0x01, 0x80, 0x7f, '\n', 0x00}, "malformed YAML"},
		{"deep flow", []byte("strict: " + strings.Repeat("[", 100000) + "\n"), "malformed YAML"},
		{"deep block", []byte(deepYAMLBlock(1000)), "configuration error:"},
		{"wrong types", []byte("strict: [1, 2]\nschema: {a: b}\ninclude-pkgs: 7\n"), "strict: want true or false"},
		{"invalid utf-8", []byte("include-pkgs: \"\xff\xfe\"\n"), "malformed YAML"},
		{"tabs", []byte("strict:\ttrue\n\tinclude-pkgs: x\n"), "malformed YAML"},
		{"huge comment", bytes.Repeat([]byte("# comment\n"), 2<<20), "file is larger than"},
		{"comments only", []byte("# nothing\n---\n"), ""},
	} {
		t.Run(".ydblint.yml "+tc.name, func(t *testing.T) {
			dir := copyRules(t)
			write(t, filepath.Join(dir, ".ydblint.yml"), tc.content)
			r := lint(t, bin, dir, "./...")
			want := 3 // the findings of testdata/rules
			if tc.want != "" {
				want = 2 // a configuration error wins (printed once, the rules still run)
			}
			if r.code != want {
				t.Errorf("exit %d, want %d\n%s", r.code, want, tailLines(r.stderr, 20))
			}
			got := strings.Contains(r.stderr, "configuration error:")
			if tc.want == "" && got || tc.want != "" && !strings.Contains(r.stderr, tc.want) {
				t.Errorf("want a configuration diagnostic with %q (none when empty):\n%s", tc.want, tailLines(r.stderr, 20))
			}
		})
	}

	t.Run("type errors", func(t *testing.T) {
		dir := copyRules(t)
		write(t, filepath.Join(dir, "broken", "broken.go"), []byte("package broken\n\nfunc Broken() int { return \"not an int\" }\n"))
		write(t, filepath.Join(dir, "syntax", "syntax.go"), []byte("package syntax\n\nfunc Half( {\n"))
		// An importer of the broken package that is itself well-typed and
		// uses the SDK: it must still be analysed.
		write(t, filepath.Join(dir, "importer", "importer.go"), []byte(`package importer

import (
	"context"

	"example.com/rules/broken"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

func Run(ctx context.Context, c query.Client) (int, error) {
	_, err := c.Query(ctx, "SELECT * FROM scans WHERE id = 1")
	return broken.Broken(), err
}
`))
		// An in-package test of a package with findings imports the broken
		// package: its test variant is skipped, and the package's own
		// files are analysed without it, saying so.
		write(t, filepath.Join(dir, "fullscan", "scan", "broken_test.go"), []byte(`package scan

import (
	"testing"

	"example.com/rules/broken"
)

func TestBroken(t *testing.T) { _ = broken.Broken() }
`))
		r := lint(t, bin, dir, "./...")
		if want := "ydblint: example.com/rules/fullscan/scan [example.com/rules/fullscan/scan.test] not analysed: " +
			"it imports example.com/rules/broken, which does not type-check; example.com/rules/fullscan/scan was analysed without its test files"; !strings.Contains(r.stderr, want) {
			t.Errorf("stderr does not say what was skipped, %q:\n%s", want, tailLines(r.stderr, 20))
		}
		if r.code != 1 && r.code != 3 { // the driver exits max(1 for load errors, 3 for findings)
			t.Errorf("exit %d, want 1 or 3", r.code)
		}
		for _, want := range []string{"broken/broken.go:3:28: cannot use", "syntax/syntax.go:3:"} {
			if !strings.Contains(r.stderr, want) {
				t.Errorf("stderr does not name the error %q:\n%s", want, tailLines(r.stderr, 20))
			}
		}
		for _, noise := range []string{"failed prerequisites", "analysis skipped"} {
			if strings.Contains(r.stderr, noise) {
				t.Errorf("stderr has %q (the error should be reported once, by the driver):\n%s", noise, tailLines(r.stderr, 30))
			}
		}
		var got []string
		for _, f := range findings(r, dir) {
			if !strings.HasPrefix(f, "broken/") && !strings.HasPrefix(f, "syntax/") && !strings.HasPrefix(f, "importer/") {
				got = append(got, f)
			}
		}
		if !slices.Equal(got, base) {
			t.Errorf("findings of the other packages changed:\n got %q\nwant %q", got, base)
		}
	})
}

func deepYAMLBlock(depth int) string {
	var b strings.Builder
	for i := range depth {
		b.WriteString(strings.Repeat(" ", i))
		b.WriteString("k:\n")
	}
	return b.String()
}

// TestDeterministic runs ydblint twice over testdata/rules, in JSON and in
// text mode, and requires byte-identical output.
func TestDeterministic(t *testing.T) {
	bin := buildTool(t)
	dir, err := filepath.Abs("../../testdata/rules")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"-json", "./..."}, {"./..."}} {
		first := lint(t, bin, dir, args...)
		second := lint(t, bin, dir, args...)
		out1, out2 := first.stdout+first.stderr, second.stdout+second.stderr
		if len(out1) < 100 {
			t.Fatalf("%v: too little output to compare:\n%s", args, out1)
		}
		if out1 != out2 {
			t.Errorf("%v: two runs differ:\n--- first\n%s\n--- second\n%s", args, out1, out2)
		}
	}
}

// TestRobustSlow runs ydblint over all of GOROOT/src and the public
// repositories; only with YDBLINT_ROBUST_SLOW=1.
func TestRobustSlow(t *testing.T) {
	if os.Getenv("YDBLINT_ROBUST_SLOW") == "" {
		t.Skip("set YDBLINT_ROBUST_SLOW=1 to run ydblint over GOROOT/src and the repositories in YDBLINT_REAL_DIR")
	}
	bin := buildTool(t)
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	dirs := []string{filepath.Join(strings.TrimSpace(string(goroot)), "src")}
	real := os.Getenv("YDBLINT_REAL_DIR")
	if real == "" {
		real = "/work/real"
	}
	for _, rel := range []string{"ydb-platform+ydb-go-sdk", "ydb-platform+ydb-go-sdk/tests/slo", "seaweedfs+seaweedfs"} {
		if _, err := os.Stat(filepath.Join(real, rel, "go.mod")); err == nil {
			dirs = append(dirs, filepath.Join(real, rel))
		}
	}
	for _, dir := range dirs {
		t.Run(dir, func(t *testing.T) {
			env := []string{"GOFLAGS=-mod=mod"}
			if strings.HasSuffix(dir, "/src") {
				env = []string{"GOFLAGS="} // GOROOT/src is module std, vendored
			}
			// Exit 1 is allowed: with GOPROXY=off a repository whose
			// modules are not all in the module cache has load errors
			// (seaweedfs here); what matters is no panic, no internal
			// error, bounded time.
			r := lintEnv(t, bin, dir, env, 20*time.Minute, "./...")
			if r.code != 0 && r.code != 1 && r.code != 3 {
				t.Errorf("exit %d\n%s", r.code, tailLines(r.stderr, 20))
			}
		})
	}
}
