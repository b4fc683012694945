package schema

import (
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/yql"
)

func TestDDLFaults(t *testing.T) {
	tests := []struct {
		name string
		ddl  string
		// want is "" for no fault, else "category: substring of the message".
		want []string
	}{
		{"float key", `CREATE TABLE m (v Double, id Uint64, PRIMARY KEY (v, id))`,
			[]string{"key-type: Column v has wrong key type Double"}},
		{"json key", `CREATE TABLE m (doc JsonDocument NOT NULL, PRIMARY KEY (doc))`,
			[]string{"key-type: Column doc has wrong key type JsonDocument"}},
		{"float column outside the key", `CREATE TABLE m (id Uint64, v Double, j Json, PRIMARY KEY (id))`, nil},
		{"decimal and uuid keys", `CREATE TABLE m (d Decimal(22,9), u Uuid, PRIMARY KEY (d, u))`, nil},
		{"column table", `CREATE TABLE m (v Double NOT NULL, PRIMARY KEY (v)) WITH (STORE = COLUMN)`, nil},

		{"uniform on Utf8", `CREATE TABLE m (id Utf8, PRIMARY KEY (id)) WITH (UNIFORM_PARTITIONS = 4)`,
			[]string{"uniform-partitions: Unsupported first key column type Utf8, only Uint32 and Uint64 are supported"}},
		{"uniform on Int64", `CREATE TABLE m (h Int64, id Uint64, PRIMARY KEY (h, id)) WITH (UNIFORM_PARTITIONS = 4)`,
			[]string{"uniform-partitions: first key column h is Int64"}},
		{"uniform on Serial", `CREATE TABLE m (id Serial, PRIMARY KEY (id)) WITH (UNIFORM_PARTITIONS = 4)`,
			[]string{"uniform-partitions: type Serial"}},
		{"uniform on Uint64", `CREATE TABLE m (h Uint64, id Utf8, PRIMARY KEY (h, id)) WITH (UNIFORM_PARTITIONS = 64)`, nil},
		{"uniform on Uint32 optional", `CREATE TABLE m (h Optional<Uint32>, PRIMARY KEY (h)) WITH (UNIFORM_PARTITIONS = 8)`, nil},
		{"uniform on Uuid", `CREATE TABLE m (id Uuid, PRIMARY KEY (id)) WITH (UNIFORM_PARTITIONS = 8)`, nil},
		{"uniform on a key of unknown type", `CREATE TABLE m (id __ydblint_hole_0__, PRIMARY KEY (id)) WITH (UNIFORM_PARTITIONS = 8)`, nil},

		{"split point too long", `CREATE TABLE m (k Uint64, v Utf8, PRIMARY KEY (k)) WITH (PARTITION_AT_KEYS = ((10), (100, "a")))`,
			[]string{"partition-at-keys: Partition at keys has 2 key values while there are only 1 key columns"}},
		{"string for an integer key", `CREATE TABLE m (k Uint64, PRIMARY KEY (k)) WITH (PARTITION_AT_KEYS = ("abc", 100))`,
			[]string{`partition-at-keys: Failed to convert value \"abc\" to a corresponding key column type`}},
		{"number for a string key", `CREATE TABLE m (k Utf8, n Uint64, PRIMARY KEY (k, n)) WITH (PARTITION_AT_KEYS = (("a", 1), (2, 3)))`,
			[]string{"partition-at-keys: gives 2 for key column k"}},
		{"good split points", `CREATE TABLE m (k Utf8, n Uint64, PRIMARY KEY (k, n)) WITH (PARTITION_AT_KEYS = (("a", 1), ("b")))`, nil},
		{"single values", `CREATE TABLE m (k Uint32, PRIMARY KEY (k)) WITH (PARTITION_AT_KEYS = (10, 100, 1000))`, nil},

		{"ttl on Utf8", `CREATE TABLE m (id Uint64, exp Utf8, PRIMARY KEY (id)) WITH (TTL = Interval("P1D") ON exp)`,
			[]string{"ttl-column: Unsupported column type"}},
		{"ttl on Uint64 without unit", `CREATE TABLE m (id Uint64, exp Uint64, PRIMARY KEY (id)) WITH (TTL = Interval("P1D") ON exp)`,
			[]string{"ttl-column: To enable TTL on integral type column 'ValueSinceUnixEpochModeSettings' should be specified"}},
		{"ttl on Timestamp with unit", `CREATE TABLE m (id Uint64, exp Timestamp, PRIMARY KEY (id)) WITH (TTL = Interval("P1D") ON exp AS SECONDS)`,
			[]string{"ttl-column: To enable TTL on date type column 'DateTypeColumnModeSettings' should be specified"}},
		{"ttl on Timestamp", `CREATE TABLE m (id Uint64, exp Timestamp, PRIMARY KEY (id)) WITH (TTL = Interval("P1D") ON exp)`, nil},
		{"ttl on Uint32 seconds", `CREATE TABLE m (id Uint64, exp Uint32, PRIMARY KEY (id)) WITH (TTL = Interval("PT0S") ON exp AS SECONDS)`, nil},
		{"tiered ttl", `CREATE TABLE m (id Uint64, exp Datetime64, PRIMARY KEY (id)) WITH (TTL = Interval("P1D") TO EXTERNAL DATA SOURCE s, Interval("P7D") DELETE ON exp)`, nil},
		{"ttl on an unknown column", `CREATE TABLE m (id Uint64, PRIMARY KEY (id)) WITH (TTL = Interval("P1D") ON exp)`, nil},

		{"alter ttl on Uint64 without unit", "CREATE TABLE m (id Uint64, exp Uint64, PRIMARY KEY (id));\nALTER TABLE m SET (TTL = Interval(\"P1D\") ON exp);",
			[]string{"ttl-column: To enable TTL on integral type column"}},
		{"alter ttl uncompat form on Utf8", "CREATE TABLE m (id Uint64, exp Utf8, PRIMARY KEY (id));\nALTER TABLE m SET TTL Interval(\"P1D\") ON exp;",
			[]string{"ttl-column: Unsupported column type"}},
		{"alter ttl with unit", "CREATE TABLE m (id Uint64, exp Uint64, PRIMARY KEY (id));\nALTER TABLE m SET (TTL = Interval(\"P1D\") ON exp AS SECONDS);", nil},
		{"alter ttl with another setting", "CREATE TABLE m (id Uint64, exp Uint64, PRIMARY KEY (id));\nALTER TABLE m SET (TTL = Interval(\"P1D\") ON exp, AUTO_PARTITIONING_BY_LOAD = ENABLED);", nil},
		{"alter ttl on an added column", "CREATE TABLE m (id Uint64, PRIMARY KEY (id));\nALTER TABLE m ADD COLUMN exp Timestamp;\nALTER TABLE m SET (TTL = Interval(\"P1D\") ON exp);", nil},
		{"stray word", "CREATE TABLE m (\n id Uint64 NOT NULL,\n name Utf8 email Utf8,\n PRIMARY KEY (id))",
			[]string{"schema-syntax: the word email after the definition of column name (Utf8)"}},
		{"stray comment", "CREATE TABLE m (id Uint64, name Utf8 NOT NULL COMMENT 'x', PRIMARY KEY (id))",
			[]string{"schema-syntax: the word COMMENT"}},
		{"stray literal", "CREATE TABLE m (id Uint64 7, PRIMARY KEY (id))",
			[]string{"schema-syntax: 7 after the definition of column id"}},
		{"family and default", "CREATE TABLE m (id Uint64 FAMILY f NOT NULL DEFAULT 1, v Utf8 NULL, PRIMARY KEY (id), FAMILY f (COMPRESSION = \"lz4\"))", nil},
		{"inline primary key is not judged", "CREATE TABLE m (id Uint64 PRIMARY KEY, v Utf8)", nil},
		{"container type is not judged", "CREATE TABLE m (id Uint64, v List<Utf8> foo, PRIMARY KEY (id))", nil},
		{"hole after a column is not judged", "CREATE TABLE m (id Uint64 __ydblint_hole_1__, PRIMARY KEY (id))", nil},
		{"pg type is not judged", "CREATE TABLE m (id Uint64, v pgint4 foo, w Varchar bar, PRIMARY KEY (id))", nil},
		{"uniform on a pg key is not judged", `CREATE TABLE m (id pgint8, PRIMARY KEY (id)) WITH (UNIFORM_PARTITIONS = 4)`, nil},
		{"lower-case type names", "CREATE TABLE m (id uint64, name utf8 email utf8, PRIMARY KEY (id))",
			[]string{"schema-syntax: the word email after the definition of column name (utf8)"}},
		{"stray word after a comma", "CREATE TABLE m (\n id Uint64 NOT NULL,\n first_name Utf8,s\n last_name Utf8,\n PRIMARY KEY (id))",
			[]string{"schema-syntax: the word s before column last_name (Utf8) is not YQL; it reads as a column s of type last_name followed by the word Utf8"}},
		{"unknown type", "CREATE TABLE m (id Uint64, code Strng NOT NULL, PRIMARY KEY (id))",
			[]string{"unknown-type: column code of table m has type Strng, which is not a YQL type; YDB refuses the whole statement (\"Unknown simple type 'Strng'\"); did you mean String?"}},
		{"unknown type inside a container", "CREATE TABLE m (id Uint64, tags List<Tag>, PRIMARY KEY (id))",
			[]string{"unknown-type: column tags of table m has type Tag"}},
		{"unknown optional type in a column table", "CREATE TABLE m (id Uint64 NOT NULL, v Bolean?, PRIMARY KEY (id)) WITH (STORE = COLUMN)",
			[]string{"unknown-type: column v of table m has type Bolean"}},
		{"unknown type in an unparsed statement", "CREATE TABLE m (id Uint64 NOT NULL, v Bolean, w Utf8 x, PRIMARY KEY (id))",
			[]string{"schema-syntax: the word x after the definition of column w (Utf8)", "unknown-type: column v of table m has type Bolean"}},
		{"unknown type added by ALTER", "CREATE TABLE m (id Uint64, PRIMARY KEY (id));\nALTER TABLE m ADD COLUMN v Integr;",
			[]string{"unknown-type: column v of table m has type Integr"}},
		{"type aliases YQL knows", "CREATE TABLE m (id BIGINT, a int, b integer, c smallint, d tinyint, e varchar, f Text, g Bytes, h json_document, " +
			"i pgint4, j _pgtext, k Serial8, l Decimal(22, 9), m Optional<Uint64>, n Utf8?, o \"List<Int32>\", PRIMARY KEY (id))", nil},
		{"unknown type of a hole", "CREATE TABLE m (id Uint64, v __ydblint_hole_0__, PRIMARY KEY (id))", nil},
		{"compression", "CREATE TABLE m (id Uint64, v Utf8 COMPRESSION(algorithm=lz4), PRIMARY KEY (id))", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := New()
			c.ApplyText("m.sql", 1, tt.ddl)
			var got []string
			for _, w := range c.Warnings {
				if f, ok := ParseFault(w.Msg); ok {
					got = append(got, f.Category+": "+f.Msg)
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("faults = %q, want %d matching %q", got, len(tt.want), tt.want)
			}
			for i, w := range tt.want {
				cat, sub, _ := strings.Cut(w, ": ")
				if !strings.HasPrefix(got[i], cat+": ") || !strings.Contains(got[i], sub) {
					t.Errorf("fault %d = %q, want it to contain %q", i, got[i], w)
				}
			}
		})
	}
}

func TestDDLFaultLine(t *testing.T) {
	c := New()
	c.ApplyText("db/0001.sql", 10, "CREATE TABLE m (\n  id Uint64,\n  name Utf8 email Utf8,\n  PRIMARY KEY (id)\n);")
	for _, w := range c.Warnings {
		if _, ok := ParseFault(w.Msg); ok {
			if w.Src.String() != "db/0001.sql:12" {
				t.Errorf("fault at %s, want db/0001.sql:12", w.Src)
			}
			return
		}
	}
	t.Fatalf("no fault in %v", c.Warnings)
}

func FuzzDDLChecks(f *testing.F) {
	for _, s := range []string{
		"CREATE TABLE m (id Uint64 x, PRIMARY KEY (id))",
		`CREATE TABLE m (k Uint64, PRIMARY KEY (k)) WITH (PARTITION_AT_KEYS = ((1, "a"), 2), TTL = Interval("P1D") ON k AS SECONDS, UNIFORM_PARTITIONS = 3)`,
		"CREATE OR REPLACE TEMP TABLE IF NOT EXISTS `a/b` (`c` Utf8? NOT NULL 'x')",
		"SET (TTL = Interval(\"P1D\") ON exp AS SECONDS)",
		FaultPrefix + "key-type\x1fm\x1fPRIMARY]: msg",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		CheckColumnSyntax(s)
		script := yql.Parse(s)
		for _, st := range script.Stmts {
			if ct, ok := st.(*yql.CreateTableStmt); ok {
				CheckCreateTable(ct, s)
			}
		}
		_, _, _ = ttlTarget(s)
		CheckAlterTTL(&Table{Path: "m", PrimaryKey: []string{"id"}, Columns: []*Column{{Name: "id", Type: "Uint64"}, {Name: "exp", Type: "Uint32"}}}, s)
		_, _ = ParseFault(s)
		_ = tokenAt(s, len(s)/2)
	})
}

func TestDefinitionFaults(t *testing.T) {
	c := New()
	c.ApplyDefinition(TableDef{Path: "metrics", Columns: []ColumnSpec{{Name: "v", Type: "Double"}, {Name: "id", Type: "Optional<Uint64>"}},
		PrimaryKey: []string{"v", "id"}, Src: Source{File: "a.go", Line: 3}, KeySrc: Source{File: "a.go", Line: 5}})
	c.ApplyDefinition(TableDef{Path: "names", Columns: []ColumnSpec{{Name: "name", Type: "Utf8"}},
		PrimaryKey: []string{"name"}, UniformPartitions: 8, Src: Source{File: "a.go", Line: 9}})
	c.ApplyDefinition(TableDef{Path: "good", Columns: []ColumnSpec{{Name: "h", Type: "Uint64"}, {Name: "v", Type: "Double"}},
		PrimaryKey: []string{"h"}, UniformPartitions: 8, Src: Source{File: "a.go", Line: 20}})
	var got []string
	for _, w := range c.Warnings {
		if f, ok := ParseFault(w.Msg); ok {
			got = append(got, w.Src.String()+" "+f.Category)
		}
	}
	want := "a.go:5 key-type|a.go:9 uniform-partitions"
	if strings.Join(got, "|") != want {
		t.Errorf("faults = %q, want %q", strings.Join(got, "|"), want)
	}
}

func TestFaultTable(t *testing.T) {
	c := New()
	c.ApplyText("m.sql", 1, "CREATE TABLE `db/hosts` (id Uint64, name Utf8 region Utf8, PRIMARY KEY (id));\nCREATE TABLE m (v Double, PRIMARY KEY (v));")
	var got []string
	for _, w := range c.Warnings {
		if f, ok := ParseFault(w.Msg); ok {
			got = append(got, f.Category+"@"+f.Table+"@"+f.Token)
		}
	}
	if strings.Join(got, " ") != "schema-syntax@hosts@region key-type@m@PRIMARY" {
		t.Errorf("faults = %v", got)
	}
}
