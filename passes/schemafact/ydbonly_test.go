package schemafact

import (
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/srcfiles"
)

func TestInModuleCache(t *testing.T) {
	for dir, want := range map[string]bool{
		"/root/go/pkg/mod/github.com/pressly/goose/v3@v3.21.1":           true,
		"/home/u/go/pkg/mod/github.com/pressly/goose/v3@v3.21.1/db":      true,
		"/work/corpus/seaweedfs":                                         false,
		"/home/u/src/pkg/mod/app":                                        false, // no module@version element
		`C:\Users\u\go\pkg\mod\github.com\x\y@v1.0.0`:                    false, // backslashes: not a slash path here
		"/srv/build/pkg/mod/cache/download/github.com/x/y/@v/v1.0.0.zip": true,
	} {
		if got := inModuleCache(dir); got != want {
			t.Errorf("inModuleCache(%q) = %v, want %v", dir, got, want)
		}
	}
}

func TestDirDialect(t *testing.T) {
	pg := sqlDir{dir: "db/pg", files: []srcfiles.File{
		{Rel: "db/pg/0001.sql", Content: []byte("CREATE TABLE users (id BIGSERIAL PRIMARY KEY, email VARCHAR(255));")},
		{Rel: "db/pg/0002.sql", Content: []byte("ALTER TABLE users ADD COLUMN note TEXT;")},
	}}
	ydb := sqlDir{dir: "db/ydb", files: []srcfiles.File{
		{Rel: "db/ydb/0001.sql", Content: []byte("CREATE TABLE users (id Uint64, email Utf8, PRIMARY KEY (id));")},
		{Rel: "db/ydb/0002.sql", Content: []byte("-- was VARCHAR in the old PostgreSQL schema\nALTER TABLE users ADD COLUMN note String;")},
	}}
	if dl, w, f := dirDialect(pg); dl != schema.DialectOther || w != "VARCHAR" || f != "db/pg/0001.sql" {
		t.Errorf("pg: %v %q %q", dl, w, f)
	}
	if dl, _, _ := dirDialect(ydb); dl != schema.DialectYQL {
		t.Errorf("ydb: %v", dl)
	}
	d := &discovery{}
	kept := d.yqlDirs([]sqlDir{pg, ydb})
	if len(kept) != 1 || kept[0].dir != "db/ydb" || len(d.problems) != 1 || d.problems[0].Category != CategorySkippedFile {
		t.Errorf("yqlDirs kept %v, problems %+v", kept, d.problems)
	}
}

func TestOtherDatabaseSite(t *testing.T) {
	ddl := "CREATE TABLE t (id Uint64, PRIMARY KEY (id))"
	if otherDatabase(&site.Query{SQLDriver: "ydb"}, ddl) || otherDatabase(&site.Query{}, ddl) {
		t.Error("YDB DDL through YDB or an unknown driver is YDB's")
	}
	if !otherDatabase(&site.Query{SQLDriver: "pgx"}, ddl) {
		t.Error("DDL sent to pgx is not YDB's")
	}
	if !otherDatabase(&site.Query{}, "CREATE TABLE t (id INTEGER PRIMARY KEY)") {
		t.Error("INTEGER PRIMARY KEY DDL is not YDB's")
	}
}
