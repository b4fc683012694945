package schemafact

import (
	"fmt"
	"path"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/yql"
)

// h is the hole placeholder n, for readable expectations.
func h(n int) string { return yql.HoleName(n) }

func TestScanGoDDL(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string // rel → source
		want  []string          // "file:line text"
		// noDB leaves out the database/sql import the harness otherwise
		// adds to every package (the scan only reads packages that can
		// talk to YDB).
		noDB bool
	}{
		{
			name: "raw literal argument",
			files: map[string]string{"boot/boot.go": `package boot

func Init(db interface{ Exec(string) }) {
	db.Exec(` + "`" + `CREATE TABLE orders (id Uint64, PRIMARY KEY (id))` + "`" + `)
}
`},
			want: []string{"boot/boot.go:4 CREATE TABLE orders (id Uint64, PRIMARY KEY (id))"},
		},
		{
			name: "named constant used by identifier",
			files: map[string]string{"boot/ddl.go": `package boot

const createUsers = "CREATE TABLE users (id Uint64, PRIMARY KEY (id))"
`, "boot/run.go": `package boot

func Run(exec func(string)) { exec(createUsers) }
`},
			want: []string{"boot/ddl.go:3 CREATE TABLE users (id Uint64, PRIMARY KEY (id))"},
		},
		{
			name: "concatenation of constants is recorded once at the use",
			files: map[string]string{"boot/b.go": `package boot

const head = "CREATE TABLE "
const body = "(id Uint64, PRIMARY KEY (id))"

var q = head + "events " + body
`},
			want: []string{"boot/b.go:6 CREATE TABLE events (id Uint64, PRIMARY KEY (id))"},
		},
		{
			name: "Sprintf with a constant format and a constant argument",
			files: map[string]string{"boot/b.go": `package boot

import "fmt"

const createFmt = "CREATE TABLE %s (id Uint64, PRIMARY KEY (id))"

func f() string { return fmt.Sprintf(createFmt, "carts") }
`},
			want: []string{"boot/b.go:7 CREATE TABLE carts (id Uint64, PRIMARY KEY (id))"},
		},
		{
			name: "Sprintf prefix hole and path.Join prefix hole",
			files: map[string]string{"boot/b.go": `package boot

import (
	"fmt"
	"path"
)

func f(prefix string, db interface{ Name() string }) []string {
	return []string{
		fmt.Sprintf("CREATE TABLE ` + "`%s/items`" + ` (id Uint64, PRIMARY KEY (id))", prefix),
		fmt.Sprintf("CREATE TABLE ` + "`%s`" + ` (id Uint64, PRIMARY KEY (id))", path.Join(db.Name(), "lines")),
		fmt.Sprintf("DROP TABLE %v", 42),
	}
}
`},
			want: []string{
				"boot/b.go:10 CREATE TABLE `" + h(0) + "/items` (id Uint64, PRIMARY KEY (id))",
				"boot/b.go:11 CREATE TABLE `" + h(0) + "/lines` (id Uint64, PRIMARY KEY (id))",
				"boot/b.go:12 DROP TABLE 42",
			},
		},
		{
			name: "path.Dir and path.Base: evaluated when known, cut at a known /name, else holes",
			files: map[string]string{"boot/b.go": `package boot

import (
	"fmt"
	"path"
)

const create = "CREATE TABLE ` + "`%s`" + ` (id Uint64, PRIMARY KEY (id))"

func f(p string) []string {
	return []string{
		fmt.Sprintf(create, path.Join(path.Dir("/db/a/x"), path.Base("/skip/b/"))),
		fmt.Sprintf(create, path.Dir(path.Join(p, "sub", "t"))),
		fmt.Sprintf(create, path.Base(path.Join(p, "t"))),
		fmt.Sprintf(create, path.Base(p)),
		fmt.Sprintf(create, path.Join(p, "../t")),
	}
}
`},
			want: []string{
				"boot/b.go:12 CREATE TABLE `/db/a/b` (id Uint64, PRIMARY KEY (id))",
				"boot/b.go:13 CREATE TABLE `" + h(0) + "/sub` (id Uint64, PRIMARY KEY (id))",
				"boot/b.go:14 CREATE TABLE `t` (id Uint64, PRIMARY KEY (id))",
				"boot/b.go:15 CREATE TABLE `" + h(0) + "` (id Uint64, PRIMARY KEY (id))",
				"boot/b.go:16 CREATE TABLE `" + h(0) + "` (id Uint64, PRIMARY KEY (id))",
			},
		},
		{
			name: "format declared apart and used by an unknown wrapper keeps its verbs as holes",
			files: map[string]string{"boot/b.go": `package boot

var createT = "CREATE TABLE ` + "`%s`" + ` (id Uint64, PRIMARY KEY (id)); ALTER TABLE %[1]s ADD COLUMN x Utf8"
`},
			want: []string{"boot/b.go:3 CREATE TABLE `" + h(0) + "` (id Uint64, PRIMARY KEY (id)); ALTER TABLE " + h(1) + " ADD COLUMN x Utf8"},
		},
		{
			name: "non-DDL strings, shadowed names and unknown calls",
			files: map[string]string{"repo/r.go": `package repo

import "strings"

const q = "SELECT * FROM orders WHERE id = $id"

func f() {
	const t = "a"
	_ = strings.ToUpper("create table x (id Uint64, PRIMARY KEY (id))")
}

func g() { const t = "b"; _ = "ALTER TABLE " + t + " DROP COLUMN c" }
`},
			want: []string{
				"repo/r.go:9 create table x (id Uint64, PRIMARY KEY (id))",
				"repo/r.go:12 ALTER TABLE " + h(0) + " DROP COLUMN c",
			},
		},
		{
			name: "a package that imports no database library is not read",
			noDB: true,
			files: map[string]string{"pg/pg.go": `package pg

import "github.com/jackc/pgx/v5"

const q = "CREATE TABLE users (id bigserial PRIMARY KEY)"
`},
		},
		{
			name: "a ydb-go-sdk import in another file of the package counts",
			noDB: true,
			files: map[string]string{
				"boot/a.go": "package boot\n\nconst q = \"DROP TABLE t\"\n",
				"boot/b.go": "package boot\n\nimport _ \"github.com/ydb-platform/ydb-go-sdk/v3/table\"\n",
			},
			want: []string{"boot/a.go:3 DROP TABLE t"},
		},
		{
			name: "files without DDL in a directory without DDL are not parsed; broken files are skipped",
			files: map[string]string{
				"a/a.go": "package a\nconst x = \"hello\"\n",
				"b/b.go": "package b\nfunc {{{ CREATE TABLE",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var files []goSource
			for rel, src := range tt.files {
				files = append(files, goSource{rel: rel, content: []byte(src)})
				if !tt.noDB {
					pkg := strings.Fields(strings.SplitN(src, "package ", 2)[1])[0]
					files = append(files, goSource{rel: path.Dir(rel) + "/zz_db.go", content: []byte("package " + pkg + "\nimport _ \"database/sql\"\n")})
				}
			}
			var got []string
			for _, d := range parseGoPackages(files) {
				got = append(got, fmt.Sprintf("%s:%d %s", d.File, d.Line, d.Text))
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestSprintf(t *testing.T) {
	tests := []struct {
		format string
		args   []string
		want   string
	}{
		{"%s/%s", []string{"a", "b"}, "a/b"},
		{"100%%", nil, "100%"},
		{"%s %s", []string{"a"}, "a " + holeMark},
		{"%q", []string{"x"}, `"x"`},
		{"%q", []string{holeMark}, holeMark},
		{"%-10s|", []string{"a"}, holeMark + "|"},
		{"%[1]s!", []string{"a"}, holeMark + "!"},
		{"tail%", nil, "tail" + holeMark},
	}
	for _, tt := range tests {
		if got := sprintf(tt.format, tt.args); got != tt.want {
			t.Errorf("sprintf(%q, %q) = %q, want %q", tt.format, tt.args, got, tt.want)
		}
	}
}

func TestJoinPath(t *testing.T) {
	tests := []struct {
		elems []string
		want  string
	}{
		{[]string{"/local", "db/", "t"}, "/local/db/t"},
		{[]string{holeMark, "t"}, holeMark + "/t"},
		{[]string{holeMark + "/", "/t"}, holeMark + "/t"},
		{[]string{"", holeMark, "", "dir/t"}, holeMark + "/dir/t"},
	}
	for _, tt := range tests {
		got := joinPath(func(yield func(string) bool) {
			for _, e := range tt.elems {
				if !yield(e) {
					return
				}
			}
		})
		if got != tt.want {
			t.Errorf("joinPath(%q) = %q, want %q", tt.elems, got, tt.want)
		}
	}
}
