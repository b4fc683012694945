package schemafact

import (
	"go/token"
	"reflect"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
)

func TestSiteDefinitions(t *testing.T) {
	srcOf := func(p token.Pos) schema.Source { return schema.Source{File: "repo/repo.go", Line: int(p)} }
	path := func(s string, holes ...site.Hole) *site.TableArg {
		return &site.TableArg{Path: &site.Text{YQL: s, Holes: holes}}
	}
	sites := []*site.Site{
		{Pos: 1, Kind: sdk.KindYQL, Query: &site.Query{Texts: []*site.Text{{YQL: "SELECT 1"}}}},
		{Pos: 2, Kind: sdk.KindYQL, Query: &site.Query{Texts: []*site.Text{
			{YQL: "CREATE TABLE a (id Uint64, PRIMARY KEY (id))"},
			{YQL: "CREATE TABLE a (x Uint64, PRIMARY KEY (x))"},
		}}},
		{Pos: 3, Kind: sdk.KindYQL, Query: &site.Query{NotYQL: true, Texts: []*site.Text{{YQL: "CREATE TABLE pg (id bigint PRIMARY KEY)"}}}},
		{Pos: 4, Kind: sdk.KindCreateTable, Table: path(h(0)+"/lines", site.Hole{Key: "call:ydb.Driver.Name"}), DDL: &site.DDL{Known: true,
			Options: &site.TableOptions{
				Columns:    []site.ColumnOption{{Name: "id", YDBType: "Uint64", Pos: 5}, {Name: "note", YDBType: "Utf8", Optional: true}},
				PrimaryKey: []string{"id"},
				Indexes:    []site.IndexOption{{Name: "by_note", Columns: []string{"note"}, Async: true}},
			}}},
		{Pos: 6, Kind: sdk.KindCreateTable, Table: path("t"), DDL: &site.DDL{Known: false, Options: &site.TableOptions{}}},
		{Pos: 7, Kind: sdk.KindCreateTable, Table: path(h(0)), DDL: &site.DDL{Known: true, Options: &site.TableOptions{PrimaryKey: []string{"id"}}}},
		{Pos: 8, Kind: sdk.KindAlterTable, Table: path("a"), DDL: &site.DDL{Known: true, Options: &site.TableOptions{
			Columns:     []site.ColumnOption{{Name: "c", YDBType: "Utf8", Optional: true}},
			DropColumns: []string{"d"},
			Indexes:     []site.IndexOption{{Name: "ix", Columns: []string{"c"}, Cover: []string{"x"}, Unique: true}},
			DropIndexes: []string{"old"},
		}}},
		{Pos: 9, Kind: sdk.KindAlterTable, Table: path("a"), DDL: &site.DDL{Known: false, Options: &site.TableOptions{}}},
		{Pos: 10, Kind: sdk.KindDropTable, Table: path("dir/b")},
		{Pos: 11, Kind: sdk.KindDropTable, Table: &site.TableArg{}},
	}
	defs, notes := siteDefinitions(sites, srcOf)
	var got []string
	for _, d := range defs {
		switch {
		case d.def != nil && d.def.Incomplete != "":
			got = append(got, "def "+d.def.Path+" incomplete: "+d.def.Incomplete)
		case d.def != nil:
			got = append(got, "def "+d.def.Path+" key="+strings.Join(d.def.PrimaryKey, ",")+" cols="+colsString(d.def.Columns)+" idx="+d.def.Indexes[0].Name)
		default:
			got = append(got, d.src.String()+" v"+string(rune('0'+d.variant))+" "+d.text)
		}
	}
	want := []string{
		"repo/repo.go:2 v0 CREATE TABLE a (id Uint64, PRIMARY KEY (id))",
		"repo/repo.go:2 v1 CREATE TABLE a (x Uint64, PRIMARY KEY (x))",
		"def {call:ydb.Driver.Name}/lines key=id cols=id:Uint64,note:Utf8? idx=by_note",
		// Options not decoded: a placeholder known by name.
		"def t incomplete: CreateTable at repo/repo.go:6 has options ydblint cannot decode",
		"repo/repo.go:8 v0 ALTER TABLE `a` ADD COLUMN `c` Optional<Utf8>, DROP COLUMN `d`, ADD INDEX `ix` GLOBAL UNIQUE ON (`c`) COVER (`x`), DROP INDEX `old`;",
		"repo/repo.go:9 v0 ALTER TABLE `a` SET (ydblint_unknown_options = TRUE);",
		// repo.go:10 drops a table: program DDL never drops (schema.ProgramDDL).
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("defs =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(notes) != 1 || notes[0].Category != CategoryIncomplete || !strings.Contains(notes[0].Message, "CreateTable of t") || notes[0].Pos != 6 {
		t.Errorf("notes = %+v, want one incomplete-options note at the CreateTable of t", notes)
	}
	// The decoded definition applies: the column source comes from its option.
	c := schema.New()
	for _, d := range defs {
		if d.def != nil {
			c.ApplyDefinition(*d.def)
		}
	}
	tbl, st := c.Lookup("lines", "")
	if !st.OK() || tbl.Column("id").Src.Line != 5 || tbl.Column("note").NotNull || !tbl.Column("id").NotNull {
		t.Errorf("applied CreateTable: %+v, %v", tbl, st)
	}
	if tbl, st := c.Lookup("t", ""); st != schema.LookupIncomplete || tbl == nil || !strings.Contains(tbl.Incomplete, "repo/repo.go:6") {
		t.Errorf("undecoded CreateTable: %+v, %v; want a placeholder that says where", tbl, st)
	}
}

func colsString(cols []schema.ColumnSpec) string {
	var s []string
	for _, c := range cols {
		q := ""
		if c.Optional {
			q = "?"
		}
		s = append(s, c.Name+":"+c.Type+q)
	}
	return strings.Join(s, ",")
}

func TestApplyHashEvidence(t *testing.T) {
	c := schema.New()
	c.ApplyText("db/0001.sql", 1, "CREATE TABLE orders (order_hash Uint64, order_id Uint64, PRIMARY KEY (order_hash, order_id));")
	problems := applyHashEvidence(c, []HashEvidence{
		{Table: "orders", Hash: schema.HashPrefix{Column: "order_hash", Func: "Digest::NumericHash", SourceColumn: "order_id", Src: schema.Source{File: "repo/repo.go", Line: 9}}},
		{Table: "orders", Hash: schema.HashPrefix{Column: "order_id", SourceColumn: "order_hash"}},
		{Table: "missing", Hash: schema.HashPrefix{Column: "h", SourceColumn: "id"}},
	}, nil)
	tbl, _ := c.Lookup("orders", "")
	if tbl.Hash == nil || tbl.Hash.Evidence != "write" || tbl.Hash.Func != "Digest::NumericHash" {
		t.Errorf("hash = %+v, want write evidence Digest::NumericHash", tbl.Hash)
	}
	if len(problems) != 2 {
		t.Fatalf("problems = %+v, want 2 (wrong column, unknown table)", problems)
	}
	f := newFact(c, nil)
	if got, want := f.String(), "schema(orders(order_hash,order_id)@db/0001.sql:1#order_hash=Digest::NumericHash(order_id))"; got != want {
		t.Errorf("fact = %s, want %s", got, want)
	}
}

func TestFactString(t *testing.T) {
	f := &schemaFact{Tables: []*schema.Table{
		{Path: "orders", PrimaryKey: []string{"a", "b"}, Src: schema.Source{File: "m.sql", Line: 3}},
		{Path: "s", PrefixUnknown: true, PrimaryKey: []string{"k"}, Src: schema.Source{File: "b.go", Line: 2}, Incomplete: "x",
			Conflict: true, ConflictSrc: schema.Source{File: "c.go", Line: 4}},
	}}
	want := "schema(orders(a,b)@m.sql:3; .../s(k)?@b.go:2!conflict@c.go:4)"
	if got := f.String(); got != want {
		t.Errorf("String() = %s, want %s", got, want)
	}
}

func TestEmbedPatterns(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{` migrations/*.sql schema.sql`, []string{"migrations/*.sql", "schema.sql"}},
		{` "with space.sql" ` + "`raw.sql`", []string{"with space.sql", "raw.sql"}},
		{` "unterminated`, nil},
	}
	for _, tt := range tests {
		if got := splitEmbedPatterns(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("splitEmbedPatterns(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestWriteEvidence(t *testing.T) {
	cat := schema.New()
	cat.ApplyText("db/1.sql", 1, "CREATE TABLE orders (order_hash Uint64, order_id Uint64, PRIMARY KEY (order_hash, order_id));"+
		"CREATE TABLE users (user_hash Uint64, user_id Uint64, PRIMARY KEY (user_hash, user_id));")
	srcOf := func(p token.Pos) schema.Source {
		if !p.IsValid() {
			return schema.Source{}
		}
		return schema.Source{File: "repo/repo.go", Line: int(p)}
	}
	sites := []*site.Site{
		{Pos: 10, Kind: sdk.KindYQL, Query: &site.Query{Texts: []*site.Text{{
			YQL: "UPSERT INTO orders (order_hash, order_id) VALUES (Digest::NumericHash($id), $id)",
		}}}},
		{Pos: 20, Kind: sdk.KindYQL, Query: &site.Query{Texts: []*site.Text{{
			YQL: "UPSERT INTO users (user_hash, user_id) VALUES ($h, $id)",
		}}, Params: &site.Params{Known: true, Bindings: []*site.Binding{
			{Name: "h", Value: site.Value{HashFunc: "hash/fnv.New64a", HashOf: "param:id"}},
			{Name: "id", Value: site.Value{Origin: "param:id"}},
		}}}},
		// Explain-only and non-writing texts give nothing.
		{Pos: 30, Kind: sdk.KindYQL, Query: &site.Query{ExplainOnly: true, NotYQL: true, Texts: []*site.Text{{
			YQL: "UPSERT INTO orders (order_hash, order_id) VALUES (Digest::CityHash($id), $id)",
		}}}},
		{Pos: 40, Kind: sdk.KindYQL, Query: &site.Query{Texts: []*site.Text{{YQL: "SELECT * FROM orders"}}}},
	}
	ev, _ := writeEvidence(sites, cat, srcOf, nil)
	var got []string
	for _, e := range ev {
		got = append(got, e.Table+" "+e.Hash.Column+"="+e.Hash.Func+"("+e.Hash.SourceColumn+")@"+e.Hash.Src.String())
	}
	want := []string{
		"orders order_hash=Digest::NumericHash(order_id)@repo/repo.go:10",
		"users user_hash=(user_id)@repo/repo.go:20",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("evidence =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if problems := applyHashEvidence(cat, ev, nil); len(problems) != 0 {
		t.Errorf("problems: %+v", problems)
	}
	if tbl, _ := cat.Lookup("users", ""); tbl.Hash == nil || tbl.Hash.SourceColumn != "user_id" {
		t.Errorf("users hash = %+v", tbl.Hash)
	}
}
