package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestLiftTags(t *testing.T) {
	tests := []struct {
		args        []string
		goflags     string
		wantArgs    []string
		wantGoflags string
		wantErr     bool
	}{
		{[]string{"./..."}, "", []string{"./..."}, "", false},
		{[]string{"./..."}, "-mod=mod", []string{"./..."}, "-mod=mod", false},
		{[]string{"-tags", "ydb", "./..."}, "", []string{"./..."}, "-tags=ydb", false},
		{[]string{"-tags=ydb,integration", "-strict", "./..."}, "-mod=mod", []string{"-strict", "./..."}, "-mod=mod -tags=ydb,integration", false},
		{[]string{"--tags", "a b", "./x"}, "", []string{"./x"}, "-tags=a,b", false},
		{[]string{"-strict", "-tags=a", "-tags=b", "./..."}, "-tags=old", []string{"-strict", "./..."}, "-tags=old -tags=b", false},
		{[]string{"-tags="}, "", []string{}, "-tags=", false},
		{[]string{"-json", "--", "-tags", "x"}, "", []string{"-json", "--", "-tags", "x"}, "", false},
		{[]string{"-migrations", "db", "-tags"}, "", nil, "", true},
		{[]string{"-tagsx=1", "./..."}, "", []string{"-tagsx=1", "./..."}, "", false},
	}
	for _, tt := range tests {
		args, goflags, err := liftTags(tt.args, tt.goflags)
		if (err != nil) != tt.wantErr {
			t.Errorf("liftTags(%q): err %v, want error %v", tt.args, err, tt.wantErr)
			continue
		}
		if tt.wantErr {
			continue
		}
		if len(args) == 0 && len(tt.wantArgs) == 0 {
			args, tt.wantArgs = nil, nil
		}
		if !reflect.DeepEqual(args, tt.wantArgs) || goflags != tt.wantGoflags {
			t.Errorf("liftTags(%q, %q) = %q, %q; want %q, %q", tt.args, tt.goflags, args, goflags, tt.wantArgs, tt.wantGoflags)
		}
	}
}

// TestTagsFlag: the standalone command analyses the files of -tags like
// go vet does; without the tag the tagged file is not read.
func TestTagsFlag(t *testing.T) {
	bin := buildTool(t)
	mod := t.TempDir()
	writeFile(t, filepath.Join(mod, "go.mod"), "module example.com/tagged\n\ngo 1.26\n")
	mustMkdir(t, filepath.Join(mod, "db", "migrations"))
	writeFile(t, filepath.Join(mod, "db", "migrations", "0001_logs.sql"),
		"CREATE TABLE logs (timestamp Timestamp, userid Uint64, userevent Utf8, PRIMARY KEY (timestamp, userid));\n")
	writeFile(t, filepath.Join(mod, "plain.go"), "package tagged\n")
	writeFile(t, filepath.Join(mod, "store.go"), `//go:build ydb

package tagged

import (
	"context"
	"database/sql"
)

func ByUser(ctx context.Context, db *sql.DB, u uint64) {
	_ = db.QueryRowContext(ctx, "SELECT userevent FROM logs WHERE userid = $u", sql.Named("u", u))
}
`)
	const finding = "SELECT reads every partition of logs:"
	if _, stderr, code := run(t, mod, bin, "./..."); code != 0 || strings.Contains(stderr, finding) {
		t.Errorf("without -tags: exit %d, want 0 and no finding:\n%s", code, stderr)
	}
	for _, args := range [][]string{{"-tags", "ydb", "./..."}, {"-tags=ydb", "./..."}} {
		if _, stderr, code := run(t, mod, bin, args...); code != 3 || !strings.Contains(stderr, "store.go:11") || !strings.Contains(stderr, finding) {
			t.Errorf("%q: exit %d, want 3 and the finding in store.go:\n%s", args, code, stderr)
		}
	}
	// go vet handles -tags itself.
	if _, stderr, code := run(t, mod, "go", "vet", "-vettool="+bin, "-tags", "ydb", "./..."); code != 1 || !strings.Contains(stderr, finding) {
		t.Errorf("go vet -tags ydb: exit %d, want 1 and the finding:\n%s", code, stderr)
	}
}

func mustMkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}
