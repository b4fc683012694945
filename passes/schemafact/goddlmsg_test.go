package schemafact

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/modscan"
)

var holeNames = regexp.MustCompile(`__ydblint_hole_[0-9]+__`)

// TestScanSkipsMessages: error texts, log lines and printed progress that
// mention "create table" are not DDL; a DDL constant that is both logged
// and executed is still found once, at its declaration.
func TestScanSkipsMessages(t *testing.T) {
	src := map[string]string{
		"setup/setup.go": `package setup

import (
	"database/sql"
	"errors"
	"fmt"
	"log"
	"os"

	"go.uber.org/zap"
)

const createOrders = "CREATE TABLE orders (id Uint64, PRIMARY KEY (id))"

type Migrator struct {
	db     *sql.DB
	logger *zap.Logger
}

func (m *Migrator) Run(tables []string) error {
	log.Println("Create table...")
	log.Printf("Create table: %v\n", tables)
	fmt.Fprintf(os.Stderr, "drop table (if exists) %s\n", "orders")
	log.Printf("running %s", createOrders)
	for _, name := range tables {
		if _, err := m.db.Exec(createOrders); err != nil {
			m.logger.Error("create table failed", zap.String("name", name), zap.Error(err))
			return fmt.Errorf("create table failed: %w", err)
		}
	}
	if len(tables) == 0 {
		return errors.New("create table: nothing to do")
	}
	log.Println("Create table done")
	_, err := m.db.Exec("CREATE TABLE audit (id Uint64, PRIMARY KEY (id))")
	return err
}
`,
	}
	var files []goSource
	for rel, s := range src {
		files = append(files, goSource{rel: rel, content: []byte(s)})
	}
	var got []string
	for _, d := range parseGoPackages(files) {
		got = append(got, fmt.Sprintf("%s:%d %s", d.File, d.Line, d.Text))
	}
	want := []string{
		"setup/setup.go:13 CREATE TABLE orders (id Uint64, PRIMARY KEY (id))",
		"setup/setup.go:35 CREATE TABLE audit (id Uint64, PRIMARY KEY (id))",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestMessageCallNeedsTheImport: a package-level function counts as a
// message only through an import of a message package: a function of the
// package itself named Printf, or a call through a package-level value
// named like an import that is not imported, is not a message call.
func TestMessageCallNeedsTheImport(t *testing.T) {
	src := map[string]string{
		"boot/boot.go": `package boot

import "database/sql"

type runner struct{ db *sql.DB }

func Printf(format string, args ...any) string { return format }

type fmtLike struct{}

func (fmtLike) Sprint(s string) string { return s }

var errors fmtLike

func (r runner) init() {
	r.db.Exec(Printf("CREATE TABLE kv (k Utf8, PRIMARY KEY (k))"))
	r.db.Exec(errors.Sprint("CREATE TABLE kv2 (k Utf8, PRIMARY KEY (k))"))
}
`,
	}
	var files []goSource
	for rel, s := range src {
		files = append(files, goSource{rel: rel, content: []byte(s)})
	}
	got := parseGoPackages(files)
	if len(got) != 2 || !strings.Contains(got[0].Text, "CREATE TABLE kv ") || !strings.Contains(got[1].Text, "CREATE TABLE kv2 ") {
		t.Errorf("got %+v, want the kv and kv2 DDL inside local calls", got)
	}
}

// FuzzScanGoDDL: the syntactic DDL scan, message calls included, never
// panics on any source and records only texts that hold DDL.
func FuzzScanGoDDL(f *testing.F) {
	f.Add("package p\nimport (\"database/sql\"; \"fmt\"; \"log\")\nfunc f(db *sql.DB) error { log.Println(\"Create table...\"); db.Exec(\"CREATE TABLE t (id Uint64, PRIMARY KEY (id))\"); return fmt.Errorf(\"create table failed: %w\", nil) }")
	f.Add("package p\nimport (\"database/sql\"; l \"log\")\nvar q = \"DROP TABLE t\"\nfunc f(db *sql.DB, z interface{ Error(string, ...any) }) { l.Printf(q); z.Error(\"create table \" + q); db.Exec(q) }")
	f.Add("package p\nimport _ \"database/sql\"\nfunc f() { fmt.Errorf(`CREATE TABLE x`); (x).Info(\"ALTER TABLE y\")(\"DROP TABLE z\") }")
	f.Fuzz(func(t *testing.T, src string) {
		for _, d := range parseGoPackages([]goSource{{rel: "p/p.go", content: []byte(src)}}) {
			// Holes were marks (not word characters) when the text was
			// matched; their numbered names are.
			if !modscan.IsDDL(holeNames.ReplaceAllString(d.Text, holeMark)) {
				t.Fatalf("recorded a text without DDL: %q", d.Text)
			}
		}
	})
}

// TestScanPieces: strings written to a builder or grown with += are pieces
// of a statement the scan cannot assemble: dropped unless a piece is a
// whole statement by itself; a grown variable used in an expression is its
// start followed by a hole, never just its start.
func TestScanPieces(t *testing.T) {
	src := map[string]string{
		"migrate/migrate.go": `package migrate

import (
	"database/sql"
	"strings"
)

func CreateOrders(db *sql.DB, withNote bool) error {
	var sb strings.Builder
	sb.WriteString("CREATE TABLE orders (")
	sb.WriteString("id Uint64, ")
	if withNote {
		sb.WriteString("note Utf8, ")
	}
	sb.WriteString("PRIMARY KEY (id))")
	_, err := db.Exec(sb.String())
	return err
}

func CreateUsers(db *sql.DB) error {
	var q = "CREATE TABLE users ("
	q += "id Uint64, PRIMARY KEY (id))"
	_, err := db.Exec(q + "\n")
	return err
}

func CreateAll(db *sql.DB) error {
	var sb strings.Builder
	sb.WriteString("CREATE TABLE carts (id Uint64, PRIMARY KEY (id));")
	_, err := db.Exec(sb.String())
	return err
}
`,
	}
	var files []goSource
	for rel, s := range src {
		files = append(files, goSource{rel: rel, content: []byte(s)})
	}
	var got []string
	for _, d := range parseGoPackages(files) {
		got = append(got, fmt.Sprintf("%s:%d %s", d.File, d.Line, d.Text))
	}
	want := []string{
		"migrate/migrate.go:23 CREATE TABLE users (" + h(0) + "\n",
		"migrate/migrate.go:29 CREATE TABLE carts (id Uint64, PRIMARY KEY (id));",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestScanJoin: strings.Join over a []string literal is evaluated, one
// clause per element; a list built elsewhere is a hole, so its pieces are
// not read as statements either.
func TestScanJoin(t *testing.T) {
	src := map[string]string{
		"migrate/migrate.go": `package migrate

import (
	"database/sql"
	"strings"
)

const keyClause = "PRIMARY KEY (id)"

func CreateOrders(db *sql.DB, table string) error {
	_, err := db.Exec(strings.Join([]string{
		"CREATE TABLE orders (",
		"  id Uint64,",
		"  note Utf8,",
		"  " + keyClause,
		")",
	}, "\n"))
	return err
}

func CreateNamed(db *sql.DB, table string, sep string) error {
	_, err := db.Exec(strings.Join([]string{"CREATE TABLE", table, "(id Uint64, PRIMARY KEY (id))"}, " "))
	if err != nil {
		return err
	}
	_, err = db.Exec(strings.Join([]string{"CREATE TABLE x (", "id Uint64, PRIMARY KEY (id))"}, sep))
	return err
}
`,
	}
	var files []goSource
	for rel, s := range src {
		files = append(files, goSource{rel: rel, content: []byte(s)})
	}
	var got []string
	for _, d := range parseGoPackages(files) {
		got = append(got, fmt.Sprintf("%s:%d %s", d.File, d.Line, d.Text))
	}
	want := []string{
		"migrate/migrate.go:11 CREATE TABLE orders (\n  id Uint64,\n  note Utf8,\n  PRIMARY KEY (id)\n)",
		"migrate/migrate.go:22 CREATE TABLE " + h(0) + " (id Uint64, PRIMARY KEY (id))",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
