package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

// TestFactCache runs the standalone driver three times on a service whose
// query goes through a wrapper in a required module (in the module cache):
// without the fact cache, with an empty one (the wrapper's package is
// analysed from source and its facts stored) and with the filled one (the
// package is read from export data and its facts come from the cache). The
// three outputs must be the same, and must hold the finding only the
// wrapper's facts give.
func TestFactCache(t *testing.T) {
	bin := buildTool(t)
	tmp := t.TempDir()
	gocache := strings.TrimSpace(goEnv(t, "GOCACHE"))

	// example.com/dbkit v1.0.0, served by a file proxy.
	src := filepath.Join(tmp, "dbkit")
	mustWrite(t, filepath.Join(src, "go.mod"), "module example.com/dbkit\n\ngo 1.24\n")
	mustWrite(t, filepath.Join(src, "dbkit.go"), `// Package dbkit wraps database/sql for its users.
package dbkit

import (
	"context"
	"database/sql"
)

// Rows runs a query.
func Rows(ctx context.Context, db *sql.DB, query string, args ...any) (*sql.Rows, error) {
	return db.QueryContext(ctx, query, args...)
}
`)
	proxy := filepath.Join(tmp, "proxy")
	vdir := filepath.Join(proxy, "example.com", "dbkit", "@v")
	mustWrite(t, filepath.Join(vdir, "list"), "v1.0.0\n")
	mustWrite(t, filepath.Join(vdir, "v1.0.0.info"), `{"Version":"v1.0.0","Time":"2026-01-01T00:00:00Z"}`+"\n")
	mustWrite(t, filepath.Join(vdir, "v1.0.0.mod"), "module example.com/dbkit\n\ngo 1.24\n")
	zf, err := os.Create(filepath.Join(vdir, "v1.0.0.zip"))
	if err != nil {
		t.Fatal(err)
	}
	if err := zip.CreateFromDir(zf, module.Version{Path: "example.com/dbkit", Version: "v1.0.0"}, src); err != nil {
		t.Fatal(err)
	}
	zf.Close()

	// The service.
	svc := filepath.Join(tmp, "svc")
	mustWrite(t, filepath.Join(svc, "go.mod"), "module example.com/svc\n\ngo 1.24\n\nrequire example.com/dbkit v1.0.0\n")
	mustWrite(t, filepath.Join(svc, "migrations", "00001_init.sql"), "-- +goose Up\nCREATE TABLE orders (id Uint64, name Utf8, PRIMARY KEY (id));\n")
	mustWrite(t, filepath.Join(svc, "repo", "repo.go"), `package repo

import (
	"context"
	"database/sql"

	"example.com/dbkit"
)

func ByName(ctx context.Context, db *sql.DB, name string) (*sql.Rows, error) {
	return dbkit.Rows(ctx, db, "SELECT id FROM orders WHERE name = $name", sql.Named("name", name))
}
`)
	env := append(os.Environ(),
		"GOPROXY=file://"+filepath.ToSlash(proxy), "GOSUMDB=off", "GOFLAGS=-mod=mod -modcacherw",
		"GOMODCACHE="+filepath.Join(tmp, "modcache"), "GOCACHE="+gocache, "GOWORK=off",
		"XDG_CACHE_HOME="+filepath.Join(tmp, "xdg"), "HOME="+filepath.Join(tmp, "home"))
	runSvc := func(extra ...string) string {
		cmd := exec.Command(bin, "-stats", "-explain", "./...")
		cmd.Dir = svc
		cmd.Env = append(append([]string{}, env...), extra...)
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 3) {
			t.Fatalf("ydblint: %v\n%s", err, out)
		}
		return string(out)
	}
	off := runSvc("YDBLINT_FACT_CACHE=off")
	const finding = "SELECT reads every partition of orders:"
	if !strings.Contains(off, finding) {
		t.Fatalf("no full scan finding through dbkit.Rows without the cache:\n%s", off)
	}
	entries := func() int {
		n := 0
		filepath.WalkDir(filepath.Join(tmp, "xdg", "ydblint", "facts"), func(_ string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				n++
			}
			return nil
		})
		return n
	}
	if n := entries(); n != 0 {
		t.Fatalf("YDBLINT_FACT_CACHE=off wrote %d entries", n)
	}
	if cold := runSvc(); cold != off {
		t.Errorf("first run with the cache differs:\n%s\nwithout:\n%s", cold, off)
	}
	if n := entries(); n == 0 {
		t.Fatal("the first run stored no facts")
	}
	if warm := runSvc(); warm != off {
		t.Errorf("run on the filled cache differs:\n%s\nwithout:\n%s", warm, off)
	}
}

func mustWrite(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, content)
}

func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestGoBuildID reads the build ID of the test binary as go tool buildid
// does: the fact cache names the executable by it.
func TestGoBuildID(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "tool", "buildid", exe).Output()
	if err != nil {
		t.Skipf("go tool buildid: %v", err)
	}
	if got, want := goBuildID(exe), strings.TrimSpace(string(out)); got != want {
		t.Errorf("goBuildID = %q, go tool buildid = %q", got, want)
	}
}
