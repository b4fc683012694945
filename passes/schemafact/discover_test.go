package schemafact

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/ydblint/ydblint/internal/modscan"
)

func TestScanModuleOncePerRoot(t *testing.T) {
	root := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n")
	write("db/001_a.sql", "CREATE TABLE a (id Uint64, PRIMARY KEY (id));")
	write("db/notes.sql", "SELECT 1;") // no DDL: not kept
	write("boot/b.go", "package boot\nimport _ \"database/sql\"\nconst q = \"DROP TABLE a\"\n")
	write("boot/b_test.go", "package boot\nimport _ \"database/sql\"\nconst fixture = \"DROP TABLE fixture\"\n")

	var wg sync.WaitGroup
	scans := make([]*moduleScan, 8)
	modules := new(modscan.Cache)
	for i := range scans {
		wg.Add(1)
		go func() {
			defer wg.Done()
			scans[i] = scanModule(modules.Module(root))
		}()
	}
	wg.Wait()
	for _, s := range scans[1:] {
		if s != scans[0] {
			t.Fatal("concurrent scans of one root returned different results")
		}
	}
	ms := scans[0]
	if ms.modPath != "example.com/m" || len(ms.sqlDirs) != 1 || len(ms.sqlDirs[0].files) != 1 || ms.sqlDirs[0].files[0].Rel != "db/001_a.sql" {
		t.Errorf("sql dirs = %+v (module %q)", ms.sqlDirs, ms.modPath)
	}
	if len(ms.goDDL) != 1 || ms.goDDL[0].File != "boot/b.go" || ms.goDDL[0].Text != "DROP TABLE a" {
		t.Errorf("go DDL = %+v; test files must be left out", ms.goDDL)
	}
}

func TestEmbeddedSchemaFiles(t *testing.T) {
	root := t.TempDir()
	for rel, content := range map[string]string{
		"repo/testdata/a.sql":    "CREATE TABLE a (id Uint64, PRIMARY KEY (id));",
		"repo/mig/001_b.sql":     "CREATE TABLE b (id Uint64, PRIMARY KEY (id));",
		"repo/mig/sub/002_c.sql": "CREATE TABLE c (id Uint64, PRIMARY KEY (id));",
		"repo/mig/readme.txt":    "CREATE TABLE not_sql (id Uint64, PRIMARY KEY (id));",
		"repo/seed.sql":          "UPSERT INTO a (id) VALUES (1);",
	} {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dirs, notes := embeddedSchemaFiles(root, filepath.Join(root, "repo"), []string{"testdata/*.sql", "mig", "seed.sql", "../escape.sql"})
	var got []string
	for _, d := range dirs {
		for _, f := range d.files {
			got = append(got, d.dir+"|"+f.Rel)
		}
	}
	want := []string{"repo/mig|repo/mig/001_b.sql", "repo/mig/sub|repo/mig/sub/002_c.sql", "repo/testdata|repo/testdata/a.sql"}
	if len(notes) != 0 || len(got) != len(want) {
		t.Fatalf("got %v (notes %v), want %v", got, notes, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("got[%d] = %s, want %s", i, got[i], want[i])
		}
	}
}
