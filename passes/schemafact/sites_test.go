package schemafact

import (
	"go/token"
	"reflect"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/passes/querysite"
)

func TestKeyedText(t *testing.T) {
	const key = "field:example.com/repo.Repo.prefix"
	holes := []querysite.Hole{{Key: key}, {Key: ""}, {Key: "bad`key"}}
	tests := []struct{ name, in, want string }{
		{"no holes", "SELECT 1", "SELECT 1"},
		{"inside backticks", "SELECT * FROM `" + h(0) + "/orders`", "SELECT * FROM `{" + key + "}/orders`"},
		{"alone as a name", "DROP TABLE " + h(0) + ";", "DROP TABLE `{" + key + "}`;"},
		{"no key", "SELECT * FROM `" + h(1) + "/orders`", "SELECT * FROM `" + h(1) + "/orders`"},
		{"unusable key", "DROP TABLE " + h(2), "DROP TABLE " + h(2)},
		{"glued to an identifier", "DROP TABLE t_" + h(0), "DROP TABLE t_" + h(0)},
		{"in a string literal", "SELECT '" + h(0) + "' FROM t", "SELECT '" + h(0) + "' FROM t"},
		{"in a comment", "-- " + h(0) + "\nDROP TABLE " + h(0), "-- " + h(0) + "\nDROP TABLE `{" + key + "}`"},
		{"escaped backtick stays inside the name", "SELECT * FROM `a``" + h(0) + "`", "SELECT * FROM `a``{" + key + "}`"},
		{"hole number out of range", "DROP TABLE " + h(7), "DROP TABLE " + h(7)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := KeyedText(&querysite.Text{YQL: tt.in, Holes: holes})
			if got != tt.want {
				t.Errorf("KeyedText(%q) =\n%q, want\n%q", tt.in, got, tt.want)
			}
		})
	}
	if KeyedText(nil) != "" {
		t.Error("KeyedText(nil) is not empty")
	}
}

func TestOrigOffset(t *testing.T) {
	in := "DROP TABLE " + h(0) + "; SELECT 1"
	keyed, shifts := keyHoles(in, []querysite.Hole{{Key: "k"}})
	if keyed != "DROP TABLE `{k}`; SELECT 1" {
		t.Fatalf("keyed = %q", keyed)
	}
	// "DROP" maps to itself, the replacement to the hole's start, and
	// "SELECT" to its original offset.
	for _, c := range []struct{ keyed, orig int }{
		{0, 0},
		{strings.Index(keyed, "`{k}`") + 2, strings.Index(in, h(0))},
		{strings.Index(keyed, "SELECT"), strings.Index(in, "SELECT")},
	} {
		if got := origOffset(shifts, c.keyed); got != c.orig {
			t.Errorf("origOffset(%d) = %d, want %d", c.keyed, got, c.orig)
		}
	}
}

func TestSiteDefinitions(t *testing.T) {
	srcOf := func(p token.Pos) schema.Source { return schema.Source{File: "repo/repo.go", Line: int(p)} }
	path := func(s string, holes ...querysite.Hole) *querysite.Text {
		return &querysite.Text{YQL: s, Holes: holes}
	}
	sites := []*querysite.Site{
		{Pos: 1, Kind: querysite.KindYQL, Texts: []*querysite.Text{{YQL: "SELECT 1"}}},
		{Pos: 2, Kind: querysite.KindYQL, Texts: []*querysite.Text{
			{YQL: "CREATE TABLE a (id Uint64, PRIMARY KEY (id))"},
			{YQL: "CREATE TABLE a (x Uint64, PRIMARY KEY (x))"},
		}},
		{Pos: 3, Kind: querysite.KindYQL, NotYQL: true, Texts: []*querysite.Text{{YQL: "CREATE TABLE pg (id bigint PRIMARY KEY)"}}},
		{Pos: 4, Kind: querysite.KindCreateTable, Table: path(h(0)+"/lines", querysite.Hole{Key: "call:ydb.Driver.Name"}), OptionsKnown: true,
			TableOptions: &querysite.TableOptions{
				Columns:    []querysite.ColumnOption{{Name: "id", YDBType: "Uint64", Pos: 5}, {Name: "note", YDBType: "Utf8", Optional: true}},
				PrimaryKey: []string{"id"},
				Indexes:    []querysite.IndexOption{{Name: "by_note", Columns: []string{"note"}, Async: true}},
			}},
		{Pos: 6, Kind: querysite.KindCreateTable, Table: path("t"), OptionsKnown: false, TableOptions: &querysite.TableOptions{}},
		{Pos: 7, Kind: querysite.KindCreateTable, Table: path(h(0)), OptionsKnown: true, TableOptions: &querysite.TableOptions{PrimaryKey: []string{"id"}}},
		{Pos: 8, Kind: querysite.KindAlterTable, Table: path("a"), OptionsKnown: true, TableOptions: &querysite.TableOptions{
			Columns:     []querysite.ColumnOption{{Name: "c", YDBType: "Utf8", Optional: true}},
			DropColumns: []string{"d"},
			Indexes:     []querysite.IndexOption{{Name: "ix", Columns: []string{"c"}, Cover: []string{"x"}, Unique: true}},
			DropIndexes: []string{"old"},
		}},
		{Pos: 9, Kind: querysite.KindAlterTable, Table: path("a"), OptionsKnown: false, TableOptions: &querysite.TableOptions{}},
		{Pos: 10, Kind: querysite.KindDropTable, Table: path("dir/b")},
		{Pos: 11, Kind: querysite.KindDropTable},
	}
	defs, notes := siteDefinitions(sites, srcOf)
	var got []string
	for _, d := range defs {
		switch {
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
	sites := []*querysite.Site{
		{Pos: 10, Kind: querysite.KindYQL, Texts: []*querysite.Text{{
			YQL: "UPSERT INTO orders (order_hash, order_id) VALUES (Digest::NumericHash($id), $id)",
		}}},
		{Pos: 20, Kind: querysite.KindYQL, Texts: []*querysite.Text{{
			YQL: "UPSERT INTO users (user_hash, user_id) VALUES ($h, $id)",
		}}, Params: &querysite.Params{Known: true, Bindings: []*querysite.Binding{
			{Name: "h", Value: querysite.Value{HashFunc: "hash/fnv.New64a", HashOf: "param:id"}},
			{Name: "id", Value: querysite.Value{Origin: "param:id"}},
		}}},
		// Explain-only and non-writing texts give nothing.
		{Pos: 30, Kind: querysite.KindYQL, ExplainOnly: true, NotYQL: true, Texts: []*querysite.Text{{
			YQL: "UPSERT INTO orders (order_hash, order_id) VALUES (Digest::CityHash($id), $id)",
		}}},
		{Pos: 40, Kind: querysite.KindYQL, Texts: []*querysite.Text{{YQL: "SELECT * FROM orders"}}},
	}
	ev, _ := writeEvidence(nil, sites, cat, srcOf)
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
