package load

import (
	"context"
	"go/ast"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/ydblint/ydblint/internal/yql"
)

// writeTree writes files (slash names) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// touch rewrites a file with text and moves its modification time forward,
// so that a rewrite within the file system's time granularity still shows.
func touch(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(2 * time.Second)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
}

// The module: app imports lib (both loaded from source, lib because the
// policy asks for it), lib imports strings (export data).
func loadApp(t *testing.T) (dir string, s *Snapshot) {
	t.Helper()
	dir = t.TempDir()
	writeTree(t, dir, map[string]string{
		"go.mod":     "module example.com/m\n\ngo 1.22\n",
		"lib/lib.go": "package lib\n\nimport \"strings\"\n\n// Name is what app prints.\nconst Name = \"lib\"\n\nfunc Upper(s string) string { return strings.ToUpper(s) }\n",
		"app/app.go": "package app\n\nimport \"example.com/m/lib\"\n\nvar Greeting = lib.Upper(lib.Name)\n",
	})
	policy := func(graph map[string]*packages.Package) map[string]bool {
		return map[string]bool{"example.com/m/lib": true}
	}
	s, err := Load(context.Background(), Config{Dir: filepath.Join(dir, "app"), Policy: policy}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Roots) != 1 || !s.Source("example.com/m/app") || !s.Source("example.com/m/lib") || s.Source("strings") {
		t.Fatalf("roots %v; source app %v lib %v strings %v", s.Roots, s.Source("example.com/m/app"), s.Source("example.com/m/lib"), s.Source("strings"))
	}
	return dir, s
}

// nameSeenByApp returns the constant value app's types.Info records for
// the expression lib.Name: it changes only if app was checked again
// against the new lib.
func nameSeenByApp(t *testing.T, s *Snapshot) string {
	t.Helper()
	app := s.Package("example.com/m/app")
	for expr, tv := range app.TypesInfo.Types {
		if sel, ok := expr.(*ast.SelectorExpr); ok && sel.Sel.Name == "Name" && tv.Value != nil {
			return tv.Value.ExactString()
		}
	}
	t.Fatal("app does not use lib.Name")
	return ""
}

func TestUpdateRechecksImporters(t *testing.T) {
	dir, s := loadApp(t)
	ctx := context.Background()
	if n, ok, err := s.Update(ctx); err != nil || !ok || n != s {
		t.Fatalf("no change: %v %v, same snapshot %v", ok, err, n == s)
	}
	if got := nameSeenByApp(t, s); got != `"lib"` {
		t.Fatalf("before: %s", got)
	}
	libPath := filepath.Join(dir, "lib", "lib.go")
	src, _ := os.ReadFile(libPath)
	touch(t, libPath, strings.Replace(string(src), `Name = "lib"`, `Name = "library"`, 1))
	n, ok, err := s.Update(ctx)
	if err != nil || !ok {
		t.Fatalf("body edit: ok %v, %v (want an incremental update)", ok, err)
	}
	if got := nameSeenByApp(t, n); got != `"library"` {
		t.Errorf("app after lib's constant changed: %s (app was not checked again)", got)
	}
	if got := nameSeenByApp(t, s); got != `"lib"` {
		t.Errorf("the old snapshot changed: %s", got)
	}
	if n.Package("strings") != s.Package("strings") {
		t.Error("a package read from export data was loaded again")
	}
	if len(n.Package("example.com/m/app").Errors) != 0 {
		t.Errorf("app errors after the update: %v", n.Package("example.com/m/app").Errors)
	}
}

func TestUpdateAsksForALoad(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(t *testing.T, dir string)
	}{
		{"import added", func(t *testing.T, dir string) {
			touch(t, filepath.Join(dir, "lib", "lib.go"), "package lib\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\nconst Name = \"lib\"\n\nfunc Upper(s string) string { return fmt.Sprint(strings.ToUpper(s)) }\n")
		}},
		{"build constraint", func(t *testing.T, dir string) {
			touch(t, filepath.Join(dir, "app", "app.go"), "//go:build ignore\n\npackage app\n\nimport \"example.com/m/lib\"\n\nvar Greeting = lib.Upper(lib.Name)\n")
		}},
		{"new file", func(t *testing.T, dir string) {
			writeTree(t, dir, map[string]string{"app/more.go": "package app\n"})
		}},
		{"go.mod", func(t *testing.T, dir string) {
			touch(t, filepath.Join(dir, "go.mod"), "module example.com/m\n\ngo 1.23\n")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, s := loadApp(t)
			tc.edit(t, dir)
			if _, ok, err := s.Update(context.Background()); err != nil || ok {
				t.Errorf("ok %v, err %v; want a new load", ok, err)
			}
		})
	}
}

func TestHeaderOf(t *testing.T) {
	dir := t.TempDir()
	write := func(text string) string {
		p := filepath.Join(dir, "f.go")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return headerOf(p)
	}
	base := write("// Package p.\npackage p\n\nimport \"fmt\"\n\nfunc F() { fmt.Println(1) }\n")
	if h := write("// Package p, edited.\npackage p\n\nimport \"fmt\"\n\nfunc F() { fmt.Println(2) }\n\nfunc G() {}\n"); h != base {
		t.Errorf("body and doc edits changed the header:\n%s\n%s", base, h)
	}
	for _, changed := range []string{
		"package q\n\nimport \"fmt\"\n",
		"package p\n\nimport f \"fmt\"\n",
		"package p\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n",
		"//go:build linux\n\npackage p\n\nimport \"fmt\"\n",
	} {
		if h := write(changed); h == base {
			t.Errorf("header of %q equals the original's", changed)
		}
	}
}

func TestStringHasPair(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"package p\n\nconst q = \"SELECT a FROM t\"\n", true},
		{"package p\n\nconst q = `UPSERT INTO t (a) VALUES (1)`\n", true},
		{"package p\n\n// SELECT a FROM t in a comment\nconst q = \"x\"\n", false},
		{"package p\n\nconst q = \"select a from t\"\n", false},
		{"package p\n\nconst a, b = \"x\", \"a SELECT b\" + \" FROM t\"\n", false}, // pairs count within one literal
		{"package p\n\nconst a, b = \"SELECT \", \" FROM \"\n", true},              // a builder's first piece
		{"package p\n\nfunc f(s string) string { return s + \" WHERE id = $id\" }\n", false},
	} {
		if got := fileMentionsYQL([]byte(tc.src)); got != tc.want {
			t.Errorf("%q: %v, want %v", tc.src, got, tc.want)
		}
	}
}

// TestEmbedsText: a package of the user's module that embeds a file into a
// string variable needs source (its .sql files may be the queries its
// importers run); the same directive in the module cache or a vendor
// directory does not, nor one that fills an embed.FS or a []byte.
func TestEmbedsText(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, src string) string {
		name := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return name
	}
	embeds := "package q\n\nimport _ \"embed\"\n\n//go:embed jobs.sql\nvar Jobs string\n"
	plain := "package q\n\nvar Jobs = \"jobs\"\n"
	block := "package q\n\nimport _ \"embed\"\n\nvar (\n\t// Jobs lists the jobs.\n\t//go:embed jobs.sql\n\n\tJobs string\n)\n"
	files := "package q\n\nimport \"embed\"\n\n//go:embed sql/*.sql\nvar Files embed.FS\n"
	bytes := "package q\n\nimport _ \"embed\"\n\n//go:embed logo.png\nvar Logo []byte\n"
	later := "package q\n\nimport _ \"embed\"\n\n//go:embed logo.png\nvar Logo []byte\n\nvar Name string\n"
	for _, tc := range []struct {
		name  string
		files []string
		want  bool
	}{
		{"module", []string{write("app/q/a.go", plain), write("app/q/b.go", embeds)}, true},
		{"no directive", []string{write("app/p/a.go", plain)}, false},
		{"var block", []string{write("app/b/a.go", block)}, true},
		{"embed.FS", []string{write("app/f/a.go", files)}, false},
		{"[]byte", []string{write("app/y/a.go", bytes)}, false},
		{"string declared later", []string{write("app/l/a.go", later)}, false},
		{"module cache", []string{write("gopath/pkg/mod/example.com/lib@v1.0.0/q/b.go", embeds)}, false},
		{"vendor", []string{write("app/vendor/example.com/lib/q/b.go", embeds)}, false},
	} {
		if got := embedsText(tc.files); got != tc.want {
			t.Errorf("%s: embedsText = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func FuzzStringHasPair(f *testing.F) {
	f.Add([]byte("package p\n\nconst q = \"SELECT a FROM t\"\n"))
	f.Add([]byte("\"SELECT  FROM \" // UPSERT INTO"))
	f.Add([]byte("var (\n//go:embed a.sql\nA string\n)"))
	f.Fuzz(func(t *testing.T, src []byte) {
		if stringHasPair(src) && !yql.HasStatementPair(string(src)) && !yql.MayStartStatement(string(src)) {
			t.Errorf("a literal holds a pair or a statement start the file does not: %q", src)
		}
		if embedsString(src) && !strings.Contains(string(src), "//go:embed ") {
			t.Errorf("an embedded string with no directive: %q", src)
		}
	})
}
