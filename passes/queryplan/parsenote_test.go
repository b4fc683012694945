package queryplan

import (
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
)

// TestTableDetailParseNotes: an unknown table's detail blames real parse
// errors as such, and texts with run-time pieces as not read, each with
// the first position.
func TestTableDetailParseNotes(t *testing.T) {
	cat := schema.New()
	cat.ApplyText("migrate/boot.go", 20, "CREATE TABLE ok (id Uint64, PRIMARY KEY (id))")
	cat.ApplyText("migrate/vec.go", 7, "ALTER TABLE `"+yql.HoleName(0)+"` ADD INDEX i GLOBAL USING vector_kmeans_tree ON (e) WITH ("+yql.HoleName(1)+", levels=1)")
	got := tableDetail("orders", "", cat)
	want := "table orders not in the catalogue (1 tables known); a schema statement with run-time pieces was not read, at migrate/vec.go:7"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	cat.ApplyText("migrate/bad.go", 3, "CREATE TABLE bad (id Uint64 PRIMARY KEY (id)")
	got = tableDetail("orders", "", cat)
	want = "table orders not in the catalogue (2 tables known); a schema statement did not parse, at migrate/bad.go:3: expected ), found \"PRIMARY\"" +
		"; a schema statement with run-time pieces was not read, at migrate/vec.go:7"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestTableDetailSystemView: a system view is never in the catalogue; the
// detail says why instead of pointing at the schema.
func TestTableDetailSystemView(t *testing.T) {
	cat := schema.New()
	cat.ApplyText("migrate/boot.go", 20, "CREATE TABLE ok (id Uint64, PRIMARY KEY (id))")
	for _, name := range []string{".sys/query_sessions", "<db.Name()>/.sys/partition_stats"} {
		got := tableDetail(name, "", cat)
		if want := "table " + name + " is a system view: YDB keeps its schema, migrations never define it"; got != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
	if got := tableDetail("sys/x", "", cat); got != "table sys/x not in the catalogue (1 tables known)" {
		t.Errorf("sys/x: %s", got)
	}
}

// TestTableDetailIncomplete: a query on a table whose DDL was not fully
// understood names the statement, its file:line and why (issue 23: every
// silence explained), and says only that the DDL was not understood when
// two incomplete tables could be the one meant.
func TestTableDetailIncomplete(t *testing.T) {
	incomplete := schema.LookupIncomplete.String()
	cat := schema.New()
	cat.ApplyText("migrations/00001_init.sql", 1, "CREATE TABLE accounts (id Uint64, PRIMARY KEY (id))")
	cat.ApplyText("migrations/00002_members.sql", 2, "CREATE TABLE `live/members` (id Uint64 details Json, PRIMARY KEY (id))")
	got := tableDetail("live/members", incomplete, cat)
	want := "table live/members is incomplete: CREATE TABLE at migrations/00002_members.sql:2 not understood (expected ), found \"details\")"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	cat.ApplyText("migrations/00003_archive.sql", 4, "CREATE TABLE `archive/members` (id Uint64 name Utf8, PRIMARY KEY (id))")
	if got, want := tableDetail("members", incomplete, cat), "table members: its DDL was not fully understood"; got != want {
		t.Errorf("two incomplete tables ending in members:\ngot  %s\nwant %s", got, want)
	}
}
