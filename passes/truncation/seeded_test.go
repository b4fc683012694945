package truncation

import (
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/srcfiles"
)

// TestSeedScan: a table every write of which gives constant keys is
// bounded by the rows those writes list; a write of run-time keys, an
// INSERT … SELECT, a BulkUpsert, or a write the scan cannot place leaves
// it (or every table) unbounded.
func TestSeedScan(t *testing.T) {
	currencies := &schema.Table{Path: "currencies", PrimaryKey: []string{"code"},
		Columns: []*schema.Column{{Name: "code"}, {Name: "name"}}}
	const seed = `UPSERT INTO currencies (code, name) VALUES ("USD", "dollar"), ("EUR", "euro");`
	cases := []struct {
		name string
		sql  string // a schema file's text
		gos  string // a Go file's text
		rows int64  // -1: unbounded
	}{
		{"migration", seed, "", 2},
		{"no column list", `INSERT INTO currencies VALUES ("USD", "dollar");`, "", 1},
		{"typed literals", `REPLACE INTO currencies (code, name) VALUES (Utf8("USD"), $n), (CAST("EUR" AS Utf8), $m);`, "", 2},
		{"two files", seed, "package p\nconst q = `UPSERT INTO currencies (code, name) VALUES (\"JPY\", $name);`\n", 3},
		{"concatenated literal", seed, "package p\nconst q = \"UPSERT INTO currencies (code, name) \" +\n\t\"VALUES (\\\"JPY\\\", $name);\"\n", 3},
		{"update and delete add no rows", seed, "package p\nconst q = `UPDATE currencies SET name = $n WHERE code = $c; DELETE FROM currencies WHERE code = $d;`\n", 2},
		{"run-time key", seed, "package p\nconst q = `UPSERT INTO currencies (code, name) VALUES ($code, $name);`\n", -1},
		{"select source", seed + "\nINSERT INTO currencies SELECT * FROM old_currencies;", "", -1},
		{"nothing writes it", "", "", -1},
		{"key from a function", `UPSERT INTO currencies (code, name) VALUES (CAST(RandomUuid(1) AS Utf8), "x");`, "", -1},
		{"table name from Go", seed, "package p\nfunc q(t string) string { return \"UPSERT INTO \" + t + \" (code) VALUES ('x')\" }\n", -1},
		{"sprintf", seed, "package p\nimport \"fmt\"\nvar q = fmt.Sprintf(\"UPSERT INTO %s (code) VALUES ('x')\", \"t\")\n", -1},
		{"bulk upsert of it", seed, "package p\nfunc f(s S) { s.BulkUpsert(ctx, path.Join(db, \"currencies\"), rows) }\n", -1},
		{"bulk upsert of another", seed, "package p\nfunc f(s S) { s.BulkUpsert(ctx, path.Join(db, \"orders\"), rows) }\n", 2},
		{"bulk upsert of a variable", seed, "package p\nfunc f(s S, t string) { s.BulkUpsert(ctx, t, rows) }\n", -1},
		{"orm", seed, "package p\nimport _ \"gorm.io/gorm\"\n", -1},
		{"embedded templates", seed, "package p\nimport _ \"embed\"\n//go:embed queries/*.tmpl\nvar q string\n", -1},
		{"embedded migrations", seed, "package p\nimport _ \"embed\"\n//go:embed migrations/*.sql\nvar q string\n", 2},
		{"create as select", seed + "\nCREATE TABLE archive AS SELECT * FROM currencies;", "", -1},
		{"prefix", "PRAGMA TablePathPrefix(\"/db\");\n" + seed, "", -1},
		{"unparsed write", seed + "\nUPSERT INTO currencies (code, name) VALUES (;", "", -1},
		{"another directory's table of the name", seed + "\nUPSERT INTO archive/currencies (code) VALUES (\"X\");", "", -1},
	}
	for _, c := range cases {
		s := &seedScan{complete: true, writes: map[string][]seedWrite{}, opaque: map[string]bool{}}
		if c.sql != "" {
			s.text(c.sql, "migrations/1.sql", 1)
		}
		if c.gos != "" {
			s.goFile(t.TempDir(), srcfiles.File{Rel: "p/p.go", Content: []byte(c.gos)})
		}
		n, why, ok := s.rowsOf(currencies)
		if !ok {
			n = -1
		}
		if n != c.rows {
			t.Errorf("%s: rows %d (%s; complete %v %s), want %d", c.name, n, why, s.complete, s.note, c.rows)
		}
	}
}
