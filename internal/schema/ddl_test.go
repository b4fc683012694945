package schema

import (
	"fmt"
	"strings"
	"testing"
)

// describe renders a table compactly for table-driven comparisons:
//
//	path key=(a, b)@L cols=[a:Uint64!@L b:Utf8~@L] idx=[…] …
//
// In cols, '!' is NOT NULL and '~' HasDefault.
func describe(t *Table) string {
	if t == nil {
		return "<nil>"
	}
	var b strings.Builder
	b.WriteString(t.Path)
	if t.PrefixUnknown {
		b.WriteString(" (prefix unknown)")
	}
	fmt.Fprintf(&b, " key=%s@%d cols=[", t.KeyString(), t.KeySrc.Line)
	for i, c := range t.Columns {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s:%s", c.Name, c.Type)
		if c.NotNull {
			b.WriteByte('!')
		}
		if c.HasDefault {
			b.WriteByte('~')
		}
		fmt.Fprintf(&b, "@%d", c.Src.Line)
	}
	b.WriteString("]")
	if len(t.Indexes) > 0 {
		b.WriteString(" idx=[")
		for i, ix := range t.Indexes {
			if i > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%s(%s", ix.Name, strings.Join(ix.Columns, ","))
			if len(ix.Cover) > 0 {
				fmt.Fprintf(&b, ";cover %s", strings.Join(ix.Cover, ","))
			}
			if ix.Unique {
				b.WriteString(";unique")
			}
			if ix.Async {
				b.WriteString(";async")
			}
			if ix.Kind != "" {
				b.WriteString(";" + ix.Kind)
			}
			fmt.Fprintf(&b, ")@%d", ix.Src.Line)
		}
		b.WriteString("]")
	}
	if t.Store == ColumnStore {
		b.WriteString(" store=column")
	}
	if len(t.PartitionBy) > 0 {
		fmt.Fprintf(&b, " hash=(%s)", strings.Join(t.PartitionBy, ","))
	}
	if t.UniformPartitions > 0 {
		fmt.Fprintf(&b, " uniform=%d", t.UniformPartitions)
	}
	if t.TTLColumn != "" {
		fmt.Fprintf(&b, " ttl=%s", t.TTLColumn)
	}
	if h := t.Hash; h != nil {
		fmt.Fprintf(&b, " hashprefix=%s=%s(%s)/%s@%d", h.Column, h.Func, h.SourceColumn, h.Evidence, h.Src.Line)
	}
	if t.Incomplete != "" {
		b.WriteString(" INCOMPLETE")
	}
	fmt.Fprintf(&b, " src=%s", t.Src)
	return b.String()
}

func describeAll(c *Catalog) string {
	var parts []string
	for _, t := range c.Tables {
		parts = append(parts, describe(t))
	}
	return strings.Join(parts, "\n")
}

func TestCreateTableForms(t *testing.T) {
	tests := []struct {
		name string
		ddl  string
		want string
	}{
		{
			"basic with NOT NULL and DEFAULT",
			"CREATE TABLE t (\n  a Uint64 NOT NULL,\n  b Utf8 DEFAULT 'x',\n  c Timestamp,\n  PRIMARY KEY (a)\n);",
			"t key=(a)@5 cols=[a:Uint64!@2 b:Utf8~@3 c:Timestamp@4] src=m.sql:1",
		},
		{
			"key order is the PRIMARY KEY order, not column order",
			"CREATE TABLE t (a Uint64, b Uint64, c Uint64, PRIMARY KEY (c, a));",
			"t key=(c, a)@1 cols=[a:Uint64@1 b:Uint64@1 c:Uint64@1] src=m.sql:1",
		},
		{
			"serial family has defaults",
			"CREATE TABLE t (a SmallSerial, b Serial2, c Serial, d Serial4, e Serial8, f BigSerial, PRIMARY KEY (a));",
			"t key=(a)@1 cols=[a:SmallSerial~@1 b:Serial2~@1 c:Serial~@1 d:Serial4~@1 e:Serial8~@1 f:BigSerial~@1] src=m.sql:1",
		},
		{
			"parametrised and optional types",
			"CREATE TABLE t (a Uint64, d Decimal(22,9), o Optional<Utf8>, q Int32?, PRIMARY KEY (a));",
			"t key=(a)@1 cols=[a:Uint64@1 d:Decimal(22,9)@1 o:Utf8@1 q:Int32@1] src=m.sql:1",
		},
		{
			"backticked names",
			"CREATE TABLE `dir/my table` (`key` Uint64, `value` Utf8, PRIMARY KEY (`key`));",
			"dir/my table key=(key)@1 cols=[key:Uint64@1 value:Utf8@1] src=m.sql:1",
		},
		{
			"absolute path",
			"CREATE TABLE `/local/db/t` (a Uint64, PRIMARY KEY (a));",
			"/local/db/t key=(a)@1 cols=[a:Uint64@1] src=m.sql:1",
		},
		{
			"indexes: sync, async, unique, cover, using",
			"CREATE TABLE t (\n a Uint64, b Utf8, c Utf8, v String,\n" +
				" INDEX ix_b GLOBAL ON (b),\n" +
				" INDEX ix_c GLOBAL SYNC ON (c, b) COVER (a),\n" +
				" INDEX ix_u GLOBAL UNIQUE SYNC ON (c),\n" +
				" INDEX ix_a GLOBAL ASYNC ON (b),\n" +
				" INDEX ix_s GLOBAL USING secondary ON (c),\n" +
				" INDEX ix_v GLOBAL USING vector_kmeans_tree ON (v) WITH (distance=cosine, vector_type=\"float\", vector_dimension=8, clusters=4, levels=2),\n" +
				" PRIMARY KEY (a)\n);",
			"t key=(a)@9 cols=[a:Uint64@2 b:Utf8@2 c:Utf8@2 v:String@2] idx=[ix_b(b)@3 ix_c(c,b;cover a)@4 ix_u(c;unique)@5 ix_a(b;async)@6 ix_s(c)@7 ix_v(v;vector_kmeans_tree)@8] src=m.sql:1",
		},
		{
			"column store with partition by hash",
			"CREATE TABLE t (a Timestamp NOT NULL, b Uint64 NOT NULL, PRIMARY KEY (a, b)) PARTITION BY HASH (b) WITH (STORE = COLUMN);",
			"t key=(a, b)@1 cols=[a:Timestamp!@1 b:Uint64!@1] store=column hash=(b) src=m.sql:1",
		},
		{
			"store row is the default",
			"CREATE TABLE t (a Uint64, PRIMARY KEY (a)) WITH (STORE = ROW);",
			"t key=(a)@1 cols=[a:Uint64@1] src=m.sql:1",
		},
		{
			"uniform partitions and auto partitioning",
			"CREATE TABLE t (a Uint64, PRIMARY KEY (a)) WITH (AUTO_PARTITIONING_BY_LOAD = ENABLED, UNIFORM_PARTITIONS = 64, AUTO_PARTITIONING_MIN_PARTITIONS_COUNT = 64);",
			"t key=(a)@1 cols=[a:Uint64@1] uniform=64 src=m.sql:1",
		},
		{
			"ttl",
			"CREATE TABLE t (a Uint64, exp Timestamp, PRIMARY KEY (a)) WITH (TTL = Interval(\"PT0S\") ON exp);",
			"t key=(a)@1 cols=[a:Uint64@1 exp:Timestamp@1] ttl=exp src=m.sql:1",
		},
		{
			"ttl on a number column with unit",
			"CREATE TABLE t (a Uint64, exp Uint32, PRIMARY KEY (a)) WITH (TTL = Interval(\"P1D\") ON exp AS SECONDS, KEY_BLOOM_FILTER = ENABLED);",
			"t key=(a)@1 cols=[a:Uint64@1 exp:Uint32@1] ttl=exp src=m.sql:1",
		},
		{
			"families are skipped",
			"CREATE TABLE t (a Uint64 FAMILY default, b String FAMILY cold, FAMILY default (DATA = \"ssd\"), FAMILY cold (DATA = \"rot\", COMPRESSION = \"lz4\"), PRIMARY KEY (a));",
			"t key=(a)@1 cols=[a:Uint64@1 b:String@1] src=m.sql:1",
		},
		{
			"no primary key is incomplete",
			"CREATE TABLE t (a Uint64);",
			"t key=()@1 cols=[a:Uint64@1] INCOMPLETE src=m.sql:1",
		},
		{
			"key column that is not a column is incomplete",
			"CREATE TABLE t (a Uint64, PRIMARY KEY (b));",
			"t key=(b)@1 cols=[a:Uint64@1] INCOMPLETE src=m.sql:1",
		},
		{
			"temporary table",
			"CREATE TEMPORARY TABLE tmp (a Uint64, PRIMARY KEY (a));",
			"tmp key=(a)@1 cols=[a:Uint64@1] src=m.sql:1",
		},
		{
			"non-DDL statements are skipped",
			"SELECT 1;\nUPSERT INTO t (a) VALUES (1);\nCREATE TABLE t (a Uint64, PRIMARY KEY (a));\nDELETE FROM t WHERE a = 1;\nCOMMIT;",
			"t key=(a)@3 cols=[a:Uint64@3] src=m.sql:3",
		},
		{
			"other CREATE statements are ignored",
			"CREATE TOPIC tp;\nCREATE VIEW v WITH (security_invoker = TRUE) AS SELECT 1;\nCREATE TABLE t (a Uint64, PRIMARY KEY (a));",
			"t key=(a)@3 cols=[a:Uint64@3] src=m.sql:3",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := New()
			c.ApplyFile("m.sql", []byte(tt.ddl))
			if got := describeAll(c); got != tt.want {
				t.Errorf("got\n  %s\nwant\n  %s\nwarnings %v", got, tt.want, c.Warnings)
			}
		})
	}
}

func TestDDLSequences(t *testing.T) {
	tests := []struct {
		name      string
		ddl       string
		want      string
		wantWarns []string // substrings, in order
	}{
		{
			"alter add and drop columns",
			"CREATE TABLE t (a Uint64, b Utf8, PRIMARY KEY (a));\n" +
				"ALTER TABLE t ADD COLUMN c Timestamp;\n" +
				"ALTER TABLE t DROP COLUMN b, ADD COLUMN d Serial8;",
			"t key=(a)@1 cols=[a:Uint64@1 c:Timestamp@2 d:Serial8~@3] src=m.sql:1",
			nil,
		},
		{
			"dropping a key column is refused",
			"CREATE TABLE t (a Uint64, PRIMARY KEY (a));\nALTER TABLE t DROP COLUMN a;",
			"t key=(a)@1 cols=[a:Uint64@1] src=m.sql:1",
			[]string{"key column cannot be dropped"},
		},
		{
			"indexes added, renamed and dropped",
			"CREATE TABLE t (a Uint64, b Utf8, c Utf8, INDEX i1 GLOBAL ON (b), PRIMARY KEY (a));\n" +
				"ALTER TABLE t ADD INDEX i2 GLOBAL ASYNC ON (c) COVER (b);\n" +
				"ALTER TABLE t RENAME INDEX i1 TO by_b;\n" +
				"ALTER TABLE t ADD INDEX i3 GLOBAL ON (b, c);\n" +
				"ALTER TABLE t DROP INDEX i3;\n" +
				"ALTER TABLE t DROP INDEX nope;",
			"t key=(a)@1 cols=[a:Uint64@1 b:Utf8@1 c:Utf8@1] idx=[by_b(b)@1 i2(c;cover b;async)@2] src=m.sql:1",
			[]string{"DROP INDEX nope: no such index"},
		},
		{
			"rename index onto an existing name replaces it",
			"CREATE TABLE t (a Uint64, b Utf8, c Utf8, INDEX x GLOBAL ON (b), INDEX y GLOBAL ON (c), PRIMARY KEY (a));\n" +
				"ALTER TABLE t RENAME INDEX x TO y;",
			"t key=(a)@1 cols=[a:Uint64@1 b:Utf8@1 c:Utf8@1] idx=[y(b)@1] src=m.sql:1",
			nil,
		},
		{
			"drop table",
			"CREATE TABLE t (a Uint64, PRIMARY KEY (a));\nCREATE TABLE u (a Uint64, PRIMARY KEY (a));\nDROP TABLE t;\nDROP TABLE IF EXISTS nope;",
			"u key=(a)@2 cols=[a:Uint64@2] src=m.sql:2",
			nil,
		},
		{
			"drop of an unknown table warns",
			"DROP TABLE nope;",
			"",
			[]string{"DROP TABLE nope: table not defined before"},
		},
		{
			"last definition wins",
			"CREATE TABLE t (a Uint64, PRIMARY KEY (a));\nDROP TABLE t;\nCREATE TABLE t (h Uint64, a Uint64, PRIMARY KEY (h, a));",
			"t key=(h, a)@3 cols=[h:Uint64@3 a:Uint64@3] src=m.sql:3",
			nil,
		},
		{
			"redefinition without drop also wins",
			"CREATE TABLE t (a Uint64, PRIMARY KEY (a));\nCREATE TABLE t (b Uint64, PRIMARY KEY (b));",
			"t key=(b)@2 cols=[b:Uint64@2] src=m.sql:2",
			nil,
		},
		{
			"IF NOT EXISTS of an existing table is a no-op",
			"CREATE TABLE t (a Uint64, PRIMARY KEY (a));\nCREATE TABLE IF NOT EXISTS t (b Uint64, PRIMARY KEY (b));",
			"t key=(a)@1 cols=[a:Uint64@1] src=m.sql:1",
			nil,
		},
		{
			"IF NOT EXISTS of a new table creates it",
			"CREATE TABLE IF NOT EXISTS t (b Uint64, PRIMARY KEY (b));",
			"t key=(b)@1 cols=[b:Uint64@1] src=m.sql:1",
			nil,
		},
		{
			"alter of an unknown table warns",
			"ALTER TABLE nope ADD COLUMN x Uint64;",
			"",
			[]string{"ALTER TABLE nope: table not defined before"},
		},
		{
			"table prefix pragma applies to later names",
			"CREATE TABLE before (a Uint64, PRIMARY KEY (a));\nPRAGMA TablePathPrefix(\"/local/db\");\nCREATE TABLE after (a Uint64, PRIMARY KEY (a));\nCREATE TABLE `/abs/x` (a Uint64, PRIMARY KEY (a));",
			"/abs/x key=(a)@4 cols=[a:Uint64@4] src=m.sql:4\n/local/db/after key=(a)@3 cols=[a:Uint64@3] src=m.sql:3\nbefore key=(a)@1 cols=[a:Uint64@1] src=m.sql:1",
			nil,
		},
		{
			"table prefix pragma, assignment form, relative prefix",
			"PRAGMA TablePathPrefix = \"app\";\nCREATE TABLE t (a Uint64, PRIMARY KEY (a));\nALTER TABLE t ADD COLUMN b Utf8;",
			"app/t key=(a)@2 cols=[a:Uint64@2 b:Utf8@3] src=m.sql:2",
			nil,
		},
		{
			"alter resolves by unique suffix",
			"CREATE TABLE `/local/db/t` (a Uint64, PRIMARY KEY (a));\nALTER TABLE t ADD COLUMN b Utf8;",
			"/local/db/t key=(a)@1 cols=[a:Uint64@1 b:Utf8@2] src=m.sql:1",
			nil,
		},
		{
			"rename table",
			"CREATE TABLE t (a Uint64, PRIMARY KEY (a));\nALTER TABLE t RENAME TO t2;\nALTER TABLE t2 ADD COLUMN b Utf8;",
			"t2 key=(a)@1 cols=[a:Uint64@1 b:Utf8@3] src=m.sql:1",
			nil,
		},
		{
			"rename table with comments and an absolute target",
			"CREATE TABLE t (a Uint64, PRIMARY KEY (a));\nALTER TABLE t RENAME /* c */ TO `/db/t3`;",
			"/db/t3 key=(a)@1 cols=[a:Uint64@1] src=m.sql:1",
			nil,
		},
		{
			"rename table to an unreadable name makes it incomplete",
			"CREATE TABLE t (a Uint64, PRIMARY KEY (a));\nALTER TABLE t RENAME TO $x;",
			"t key=(a)@1 cols=[a:Uint64@1] INCOMPLETE src=m.sql:1",
			[]string{"not understood"},
		},
		{
			"a broken create of archive/members leaves an unrelated members complete",
			"CREATE TABLE members (id Uint64, PRIMARY KEY (id));\nCREATE TABLE `archive/members` (id Uint64 PRIMARY KEY NONSENSE);",
			"archive/members key=()@2 cols=[] INCOMPLETE src=m.sql:2\nmembers key=(id)@1 cols=[id:Uint64@1] src=m.sql:1",
			[]string{"CREATE TABLE archive/members not understood", "YQL parse error"},
		},
		{
			"a broken create of the same path makes the table incomplete",
			"CREATE TABLE members (id Uint64, PRIMARY KEY (id));\nCREATE TABLE members (id Uint64 PRIMARY KEY NONSENSE);",
			"members key=(id)@1 cols=[id:Uint64@1] INCOMPLETE src=m.sql:1",
			[]string{"CREATE TABLE members not understood", "YQL parse error"},
		},
		{
			"a broken alter finds its table by unique suffix",
			"CREATE TABLE `/local/db/members` (id Uint64, PRIMARY KEY (id));\nALTER TABLE members ADD INDEX ix GLOBAL ON;",
			"/local/db/members key=(id)@1 cols=[id:Uint64@1] INCOMPLETE src=m.sql:1",
			[]string{"ALTER TABLE members not understood", "YQL parse error"},
		},
		{
			"ttl set and reset by alter",
			"CREATE TABLE t (a Uint64, e Timestamp, PRIMARY KEY (a));\nALTER TABLE t SET (TTL = Interval(\"P1D\") ON e);\nCREATE TABLE u (a Uint64, e Timestamp, PRIMARY KEY (a)) WITH (TTL = Interval(\"P1D\") ON e);\nALTER TABLE u RESET (TTL);",
			"t key=(a)@1 cols=[a:Uint64@1 e:Timestamp@1] ttl=e src=m.sql:1\nu key=(a)@3 cols=[a:Uint64@3 e:Timestamp@3] src=m.sql:3",
			nil,
		},
		{
			"unmodelled alter actions change nothing",
			"CREATE TABLE t (a Uint64, PRIMARY KEY (a));\nALTER TABLE t SET (AUTO_PARTITIONING_BY_LOAD = ENABLED), ADD CHANGEFEED cf WITH (FORMAT = 'JSON', MODE = 'UPDATES');",
			"t key=(a)@1 cols=[a:Uint64@1] src=m.sql:1",
			nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := New()
			c.ApplyFile("m.sql", []byte(tt.ddl))
			if got := describeAll(c); got != tt.want {
				t.Errorf("got\n  %s\nwant\n  %s\nwarnings %v", got, tt.want, c.Warnings)
			}
			checkWarnings(t, c, tt.wantWarns)
		})
	}
}

func checkWarnings(t *testing.T, c *Catalog, want []string) {
	t.Helper()
	if len(c.Warnings) != len(want) {
		t.Errorf("warnings = %v, want %d matching %q", c.Warnings, len(want), want)
		return
	}
	for i, w := range want {
		if !strings.Contains(c.Warnings[i].String(), w) {
			t.Errorf("warning %d = %q, want it to contain %q", i, c.Warnings[i], w)
		}
	}
}

func TestUnparsableDDL(t *testing.T) {
	c := New()
	c.ApplyFile("m.sql", []byte(
		"CREATE TABLE a (id Uint64, PRIMARY KEY (id));\n"+
			"ALTER TABLE a ADD INDEX ix GLOBAL ON;\n"+ // cannot be parsed
			"CREATE TABLE `b/orders` (id Uint64 PRIMARY KEY NONSENSE);\n"+
			"CREATE TABLE `c/orders` (id Uint64, PRIMARY KEY (id));\n"))
	if _, st := c.Lookup("a", ""); st != LookupIncomplete {
		t.Errorf("a after a broken ALTER: %v", st)
	}
	// The broken CREATE leaves a placeholder, so "orders" does not silently
	// resolve to c/orders.
	if _, st := c.Lookup("orders", ""); st != LookupAmbiguous {
		t.Errorf("orders: %v\n%s", st, describeAll(c))
	}
	if _, st := c.Lookup("c/orders", ""); st != LookupExact {
		t.Errorf("c/orders: %v", st)
	}
	if len(c.Warnings) == 0 {
		t.Error("no warnings")
	}
}

func TestDDLTableName(t *testing.T) {
	tests := []struct {
		text string
		want string
		ok   bool
	}{
		{"CREATE TABLE a (", "a", true},
		{"create or replace table `x/y` (", "x/y", true},
		{"CREATE TEMPORARY TABLE IF NOT EXISTS /* c */ t(", "t", true},
		{"ALTER TABLE dir/t ADD", "dir/t", true},
		{"DROP TABLE IF EXISTS t", "t", true},
		{"DROP TABLE -- c\n t", "t", true},
		{"CREATE TOPIC t", "", false},
		{"CREATE EXTERNAL TABLE t", "", false},
		{"ALTER TOPIC t", "", false},
		{"CREATE TABLE", "", false},
		{"SELECT 1", "", false},
	}
	for _, tt := range tests {
		got, ok := ddlTableName(tt.text)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ddlTableName(%q) = %q, %v; want %q, %v", tt.text, got, ok, tt.want, tt.ok)
		}
	}
}

func TestTTLColumn(t *testing.T) {
	tests := map[string]string{
		`TTL = Interval("PT0S") ON exp`:                                                 "exp",
		`TTL = Interval("P1D") ON exp AS SECONDS`:                                       "exp",
		`TTL = Interval("P1D") TO EXTERNAL DATA SOURCE s, Interval("P2D") DELETE ON ts`: "ts",
		`TTL = Interval("ON x") ON ` + "`my col`":                                       "my col",
		`TTL = Interval("P1D")`:                                                         "",
		`SET (TTL = Interval("P1D") ON created_at)`:                                     "created_at",
		`TTL = x ONE`: "",
	}
	for in, want := range tests {
		if got := ttlColumn(in); got != want {
			t.Errorf("ttlColumn(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLineNumbers(t *testing.T) {
	c := New()
	c.ApplyText("repo.go", 41, "\n\tCREATE TABLE t (\n\t\ta Uint64,\n\t\tb Utf8,\n\t\tINDEX ib GLOBAL ON (b),\n\t\tPRIMARY KEY (a)\n\t)")
	want := "t key=(a)@46 cols=[a:Uint64@43 b:Utf8@44] idx=[ib(b)@45] src=repo.go:42"
	if got := describeAll(c); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	c = New()
	c.ApplyText("x.go", 0, "CREATE TABLE t (a Uint64, PRIMARY KEY (a))")
	if c.Tables[0].Src.Line != 1 {
		t.Errorf("line 0 should count as 1: %v", c.Tables[0].Src)
	}
}

func TestGooseFiles(t *testing.T) {
	files := []File{
		{Name: "migrations/10_idx.sql", Content: []byte(
			"-- +goose Up\n" +
				"ALTER TABLE orders ADD INDEX by_customer GLOBAL ON (customer_id);\n" +
				"-- +goose Down\n" +
				"ALTER TABLE orders DROP INDEX by_customer;\n")},
		{Name: "migrations/2_orders.sql", Content: []byte(
			"-- +goose NO TRANSACTION\n" +
				"-- +goose Up\n" +
				"-- +goose StatementBegin\n" +
				"CREATE TABLE orders (\n" +
				"    order_id Uint64,\n" +
				"    customer_id Uint64,\n" +
				"    PRIMARY KEY (order_id)\n" +
				");\n" +
				"-- +goose StatementEnd\n" +
				"\n" +
				"-- +goose Down\n" +
				"-- +goose StatementBegin\n" +
				"DROP TABLE orders;\n" +
				"-- +goose StatementEnd\n")},
		{Name: "migrations/README.md", Content: []byte("# notes")},
	}
	c := New()
	if l := c.ApplyFiles(files); l != LayoutGoose {
		t.Errorf("layout %v", l)
	}
	want := "orders key=(order_id)@7 cols=[order_id:Uint64@5 customer_id:Uint64@6] idx=[by_customer(customer_id)@2] src=migrations/2_orders.sql:4"
	if got := describeAll(c); got != want {
		t.Errorf("got  %s\nwant %s\nwarnings %v", got, want, c.Warnings)
	}
	if len(c.Warnings) != 0 {
		t.Errorf("warnings %v", c.Warnings)
	}

	// Lexicographic order would apply 10_ before 2_ and lose the index.
	c = New()
	for _, n := range OrderFiles(LayoutPlain, []string{files[0].Name, files[1].Name}) {
		for _, f := range files {
			if f.Name == n {
				c.ApplyFile(f.Name, f.Content)
			}
		}
	}
	if tab := c.Table("orders"); tab == nil || tab.Index("by_customer") != nil {
		t.Errorf("the ordering trap did not trigger: %s", describeAll(c))
	}
}

func TestMigrateFiles(t *testing.T) {
	files := []File{
		{Name: "000002_hash.up.sql", Content: []byte("DROP TABLE orders;\nCREATE TABLE orders (order_hash Uint64, order_id Uint64, PRIMARY KEY (order_hash, order_id));\n")},
		{Name: "000002_hash.down.sql", Content: []byte("DROP TABLE orders;\nCREATE TABLE orders (order_id Uint64, PRIMARY KEY (order_id));\n")},
		{Name: "000001_init.up.sql", Content: []byte("CREATE TABLE orders (order_id Uint64, PRIMARY KEY (order_id));\n")},
		{Name: "000001_init.down.sql", Content: []byte("DROP TABLE orders;\n")},
	}
	c := New()
	if l := c.ApplyFiles(files); l != LayoutMigrate {
		t.Errorf("layout %v", l)
	}
	want := "orders key=(order_hash, order_id)@2 cols=[order_hash:Uint64@2 order_id:Uint64@2] src=000002_hash.up.sql:2"
	if got := describeAll(c); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// A down file handed to ApplyFile directly is still ignored.
	c.ApplyFile("000002_hash.down.sql", files[1].Content)
	if got := describeAll(c); got != want {
		t.Errorf("down file applied: %s", got)
	}
}

func TestFileLimits(t *testing.T) {
	c := New()
	c.ApplyFile("big.sql", make([]byte, MaxFileSize+1))
	c.ApplyFile("nul.sql", []byte("CREATE TABLE t (a Uint64, PRIMARY KEY (a));\x00"))
	if len(c.Tables) != 0 {
		t.Errorf("tables from skipped files: %s", describeAll(c))
	}
	checkWarnings(t, c, []string{"big.sql: file is larger", "nul.sql: file contains NUL"})
}

func TestParseErrorWarningsBounded(t *testing.T) {
	c := New()
	c.ApplyFile("pg.sql", []byte(strings.Repeat("CREATE FUNCTION f() RETURNS trigger AS $$ BEGIN END $$ LANGUAGE plpgsql;\n", 50)))
	if n := len(c.Warnings); n > maxParseWarnings+1 {
		t.Errorf("%d warnings", n)
	}
}

func TestHashAnnotations(t *testing.T) {
	tests := []struct {
		name      string
		ddl       string
		want      string
		wantWarns []string
	}{
		{
			"inline in the body",
			"CREATE TABLE orders (\n" +
				"    order_hash Uint64, -- ydblint:hash order_hash = Digest::NumericHash(order_id)\n" +
				"    order_id Uint64,\n" +
				"    PRIMARY KEY (order_hash, order_id)\n);",
			"hashprefix=order_hash=Digest::NumericHash(order_id)/annotation@2",
			nil,
		},
		{
			"directly before the statement",
			"CREATE TABLE other (a Uint64, PRIMARY KEY (a));\n" +
				"-- ydblint:hash order_hash = Digest::NumericHash(order_id)\n" +
				"CREATE TABLE orders (order_hash Uint64, order_id Uint64, PRIMARY KEY (order_hash, order_id));",
			"hashprefix=order_hash=Digest::NumericHash(order_id)/annotation@2",
			nil,
		},
		{
			"qualified anywhere, even before the table exists in the file",
			"-- ydblint:hash orders.order_hash = Digest::CityHash(order_id)\n" +
				"CREATE TABLE other (a Uint64, PRIMARY KEY (a));\n" +
				"CREATE TABLE orders (order_hash Uint64, order_id Uint64, PRIMARY KEY (order_hash, order_id));",
			"hashprefix=order_hash=Digest::CityHash(order_id)/annotation@1",
			nil,
		},
		{
			"qualified with prefix pragma in effect",
			"PRAGMA TablePathPrefix(\"/db\");\n" +
				"CREATE TABLE orders (order_hash Uint64, order_id Uint64, PRIMARY KEY (order_hash, order_id));\n" +
				"-- ydblint:hash orders.order_hash = Digest::NumericHash(order_id)\n",
			"hashprefix=order_hash=Digest::NumericHash(order_id)/annotation@3",
			nil,
		},
		{
			"not the leading key column",
			"CREATE TABLE orders (\n" +
				"    order_id Uint64, -- ydblint:hash order_id = Digest::NumericHash(order_hash)\n" +
				"    order_hash Uint64,\n" +
				"    PRIMARY KEY (order_hash, order_id)\n);",
			"",
			[]string{"m.sql:2: ydblint:hash annotation ignored: column order_id is not the leading key column of orders (order_hash, order_id)"},
		},
		{
			"source is not a key column",
			"CREATE TABLE orders (\n" +
				"    order_hash Uint64, -- ydblint:hash order_hash = Digest::NumericHash(customer_id)\n" +
				"    order_id Uint64, customer_id Uint64,\n" +
				"    PRIMARY KEY (order_hash, order_id)\n);",
			"",
			[]string{"column customer_id is not a key column"},
		},
		{
			"detached unqualified annotation",
			"-- ydblint:hash order_hash = Digest::NumericHash(order_id)\n" +
				"SELECT 1;\n" +
				"CREATE TABLE orders (order_hash Uint64, order_id Uint64, PRIMARY KEY (order_hash, order_id));",
			"",
			[]string{"m.sql:1: ydblint:hash annotation for column order_hash is not inside or directly before a CREATE TABLE"},
		},
		{
			"qualified for an unknown table",
			"-- ydblint:hash nope.h = F(id)\n",
			"",
			[]string{"table nope: not found"},
		},
		{
			"malformed",
			"CREATE TABLE orders (\n" +
				"    order_hash Uint64, -- ydblint:hash order_hash = HASH(order_id, ts)\n" +
				"    order_id Uint64, ts Timestamp,\n" +
				"    PRIMARY KEY (order_hash, order_id, ts)\n);",
			"",
			[]string{"malformed ydblint:hash annotation: only a hash of one column is supported"},
		},
		{
			"annotation inside a string is not one",
			"CREATE TABLE orders (order_hash Uint64, order_id Uint64, note Utf8 DEFAULT '-- ydblint:hash order_hash = F(order_id)', PRIMARY KEY (order_hash, order_id));",
			"",
			nil,
		},
		{
			"redefinition drops an earlier annotation",
			"CREATE TABLE orders (\n" +
				"    order_hash Uint64, -- ydblint:hash order_hash = Digest::NumericHash(order_id)\n" +
				"    order_id Uint64,\n" +
				"    PRIMARY KEY (order_hash, order_id)\n);\n" +
				"DROP TABLE orders;\n" +
				"CREATE TABLE orders (order_hash Uint64, order_id Uint64, PRIMARY KEY (order_hash, order_id));",
			"",
			nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := New()
			c.ApplyFile("m.sql", []byte(tt.ddl))
			tab := c.Table("/db/orders")
			if tab == nil {
				tab = c.Table("orders")
			}
			got := ""
			if tab != nil && tab.Hash != nil {
				got = describe(tab)
				got = got[strings.Index(got, "hashprefix="):]
				got = got[:strings.Index(got, " ")]
			}
			if got != tt.want {
				t.Errorf("hash = %q, want %q\n%s", got, tt.want, describeAll(c))
			}
			checkWarnings(t, c, tt.wantWarns)
		})
	}
}

func TestGooseDownAnnotationIgnored(t *testing.T) {
	c := New()
	c.ApplyFile("1_a.sql", []byte("-- +goose Up\nCREATE TABLE orders (order_hash Uint64, order_id Uint64, PRIMARY KEY (order_hash, order_id));\n"+
		"-- +goose Down\n-- ydblint:hash orders.order_hash = F(order_id)\nDROP TABLE orders;\n"))
	if tab := c.Table("orders"); tab == nil || tab.Hash != nil {
		t.Errorf("got %s", describeAll(c))
	}
}

// The example tables of the YDB documentation (seeds), verbatim where the
// docs give DDL and with the types a real migration would carry otherwise.
func TestSeedExamples(t *testing.T) {
	tests := []struct {
		name string
		ddl  string
		want string
	}{
		{
			"orders, poor example",
			"CREATE TABLE orders (\n    order_id Uint64,\n    customer_id Uint64,\n    amount Double,\n    PRIMARY KEY (order_id)\n);\n\n" +
				"INSERT INTO orders (order_id, customer_id, amount) VALUES\n    (1001, 10, 999.99),\n    (1002, 11, 1499.00),\n    (1003, 12, 499.50);\n\n" +
				"SELECT *\nFROM orders\nWHERE order_id = 1001;\n",
			"orders key=(order_id)@5 cols=[order_id:Uint64@2 customer_id:Uint64@3 amount:Double@4] src=m.sql:1",
		},
		{
			"orders, good example",
			"CREATE TABLE orders (\n    order_hash Uint64,\n    order_id Uint64,\n    customer_id Uint64,\n    amount Double,\n    PRIMARY KEY (order_hash, order_id)\n);\n\n" +
				"INSERT INTO orders (order_hash, order_id, customer_id, amount) VALUES\n    (Digest::NumericHash(1001), 1001, 10, 999.99),\n    (Digest::NumericHash(1002), 1002, 11, 1499.00),\n    (Digest::NumericHash(1003), 1003, 12, 499.50);\n",
			"orders key=(order_hash, order_id)@6 cols=[order_hash:Uint64@2 order_id:Uint64@3 customer_id:Uint64@4 amount:Double@5] src=m.sql:1",
		},
		{
			"log table with a monotonic leading key",
			"CREATE TABLE logs (timestamp Timestamp, userid Uint64, userevent Utf8, PRIMARY KEY (timestamp, userid));",
			"logs key=(timestamp, userid)@1 cols=[timestamp:Timestamp@1 userid:Uint64@1 userevent:Utf8@1] src=m.sql:1",
		},
		{
			"log table with reordered key",
			"CREATE TABLE logs (timestamp Timestamp, userid Uint64, userevent Utf8, PRIMARY KEY (userid, timestamp));",
			"logs key=(userid, timestamp)@1 cols=[timestamp:Timestamp@1 userid:Uint64@1 userevent:Utf8@1] src=m.sql:1",
		},
		{
			"userhash table, annotated",
			"-- ydblint:hash userhash = Digest::NumericHash(userid)\n" +
				"CREATE TABLE logs (userhash Uint64, userid Uint64, timestamp Timestamp, userevent Utf8, PRIMARY KEY (userhash, userid, timestamp));",
			"logs key=(userhash, userid, timestamp)@2 cols=[userhash:Uint64@2 userid:Uint64@2 timestamp:Timestamp@2 userevent:Utf8@2] hashprefix=userhash=Digest::NumericHash(userid)/annotation@1 src=m.sql:2",
		},
		{
			"serial docs: user_hash with Serial id",
			"CREATE TABLE users (\n    user_hash Uint64,\n    user_id Serial,\n    name Utf8,\n    email Utf8,\n    PRIMARY KEY (user_hash, user_id)\n);",
			"users key=(user_hash, user_id)@6 cols=[user_hash:Uint64@2 user_id:Serial~@3 name:Utf8@4 email:Utf8@5] src=m.sql:1",
		},
		{
			"SDK SLO workload",
			"CREATE TABLE IF NOT EXISTS `slo/table` (\n\thash Uint64?,\n\tid Uint64?,\n\tpayload_str Text?,\n\tpayload_double Double?,\n\tpayload_timestamp Timestamp?,\n\tpayload_hash Uint64?,\n\tPRIMARY KEY (hash, id)\n) WITH (\n\tUNIFORM_PARTITIONS = 6,\n\tAUTO_PARTITIONING_BY_SIZE = ENABLED,\n\tAUTO_PARTITIONING_PARTITION_SIZE_MB = 1,\n\tAUTO_PARTITIONING_MIN_PARTITIONS_COUNT = 6,\n\tAUTO_PARTITIONING_MAX_PARTITIONS_COUNT = 1000\n);",
			"slo/table key=(hash, id)@8 cols=[hash:Uint64@2 id:Uint64@3 payload_str:Utf8@4 payload_double:Double@5 payload_timestamp:Timestamp@6 payload_hash:Uint64@7] uniform=6 src=m.sql:1",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := New()
			c.ApplyFile("m.sql", []byte(tt.ddl))
			if got := describeAll(c); got != tt.want {
				t.Errorf("got\n  %s\nwant\n  %s\nwarnings %v", got, tt.want, c.Warnings)
			}
			if len(c.Warnings) != 0 {
				t.Errorf("warnings %v", c.Warnings)
			}
		})
	}
}

func TestHoleKeysInDDL(t *testing.T) {
	c := New()
	// The caller substituted a stable identity key for the hole.
	c.ApplyText("repo.go", 10, "CREATE TABLE `{field:example.com/app.Repo.table}` (id Uint64, PRIMARY KEY (id))")
	// A raw hole placeholder in front of the name: prefix unknown.
	c.ApplyText("repo.go", 20, "CREATE TABLE `__ydblint_hole_0__/events` (id Uint64, PRIMARY KEY (id))")
	// A raw hole as the whole name: skipped.
	c.ApplyText("repo.go", 30, "CREATE TABLE `__ydblint_hole_1__` (id Uint64, PRIMARY KEY (id))")
	want := "events (prefix unknown) key=(id)@20 cols=[id:Uint64@20] src=repo.go:20\n" +
		"{field:example.com/app.Repo.table} key=(id)@10 cols=[id:Uint64@10] src=repo.go:10"
	if got := describeAll(c); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if _, st := c.Lookup("{field:example.com/app.Repo.table}", "/db"); st != LookupSuffix {
		t.Errorf("hole key lookup: %v", st)
	}
	if _, st := c.Lookup("/local/events", ""); st != LookupSuffix {
		t.Errorf("prefix-unknown lookup: %v", st)
	}
	checkWarnings(t, c, []string{"unknown table name"})
}

func TestApplyDeterministic(t *testing.T) {
	ddl := []byte("CREATE TABLE b (a Uint64, PRIMARY KEY (a));\nCREATE TABLE a (x Uint64, INDEX i GLOBAL ON (x), PRIMARY KEY (x));\n-- ydblint:hash a.x = F(y)\nALTER TABLE nope ADD COLUMN z Utf8;")
	c1, c2 := New(), New()
	c1.ApplyFile("m.sql", ddl)
	c2.ApplyFile("m.sql", ddl)
	if string(gobBytes(t, c1)) != string(gobBytes(t, c2)) {
		t.Error("same input, different encoding")
	}
	if c1.Tables[0].Path != "a" || c1.Tables[1].Path != "b" {
		t.Error("tables not sorted")
	}
}

func FuzzApplyFile(f *testing.F) {
	seeds := []string{
		"CREATE TABLE t (a Uint64 NOT NULL, b Utf8 DEFAULT 'x', INDEX i GLOBAL UNIQUE ASYNC ON (b) COVER (a), PRIMARY KEY (a)) PARTITION BY HASH (a) WITH (STORE = COLUMN, UNIFORM_PARTITIONS = 4, TTL = Interval(\"P1D\") ON b);",
		"-- +goose Up\n-- +goose StatementBegin\nCREATE TABLE t (h Uint64, -- ydblint:hash h = F(a)\n a Uint64, PRIMARY KEY (h, a));\n-- +goose StatementEnd\n-- +goose Down\nDROP TABLE t;",
		"PRAGMA TablePathPrefix = \"/db\"; ALTER TABLE t ADD COLUMN c Utf8, DROP COLUMN c, ADD INDEX i GLOBAL ON (c), RENAME INDEX i TO j, RENAME TO u; DROP TABLE IF EXISTS u;",
		"-- ydblint:hash `a/b`.h = X::Y(`z`)\nCREATE TABLE `a/b` (h Uint64, z Uint64, PRIMARY KEY (h, z));",
		"CREATE TABLE `__ydblint_hole_0__/x` (a Uint64, PRIMARY KEY (a)); ALTER TABLE x SET (TTL = Interval(\"P1D\") ON a); ALTER TABLE x RESET (TTL);",
		"CREATE TABLE @@ unterminated",
		"/* unterminated",
	}
	for _, s := range seeds {
		f.Add("m.sql", []byte(s))
	}
	f.Add("1_x.down.sql", []byte("DROP TABLE t;"))
	f.Fuzz(func(t *testing.T, name string, content []byte) {
		c := New()
		c.ApplyFile(name, content)
		c.ApplyFile("again.sql", content)
		for _, tab := range c.Tables {
			if tab.Hash != nil {
				if err := checkHash(tab, *tab.Hash); err != nil {
					t.Fatalf("invalid hash kept: %v", err)
				}
			}
			_, _ = c.Lookup(tab.Path, "")
		}
		for i := 1; i < len(c.Tables); i++ {
			a, b := c.Tables[i-1], c.Tables[i]
			if !tableLess(a.Path, a.PrefixUnknown, b.Path, b.PrefixUnknown) {
				t.Fatalf("tables not sorted/unique: %q %q", a.Path, b.Path)
			}
		}
		d := c.Clone()
		d.Merge(c)
		_ = gobBytes(t, d)
	})
}
