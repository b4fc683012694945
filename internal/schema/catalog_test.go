package schema

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"strings"
	"testing"
)

func src(file string, line int) Source { return Source{File: file, Line: line} }

func ordersDef(file string, key ...string) TableDef {
	return TableDef{
		Path: "orders",
		Columns: []ColumnSpec{
			{Name: "order_hash", Type: "Uint64"},
			{Name: "order_id", Type: "Optional<Uint64>"},
			{Name: "amount", Type: "Double?"},
		},
		PrimaryKey: key,
		Src:        src(file, 10),
	}
}

func TestApplyDefinition(t *testing.T) {
	c := New()
	c.ApplyDefinition(TableDef{
		Path: "/local/db/events",
		Columns: []ColumnSpec{
			{Name: "id", Type: "Serial8", Src: src("repo.go", 12)},
			{Name: "user_id", Type: "Uint64", Optional: true},
			{Name: "ts", Type: "Optional<Timestamp>"},
			{Name: "payload", Type: "Utf8?"},
			{Name: "kind", Type: "Utf8", HasDefault: true},
			{Name: "mystery", Type: ""},
		},
		PrimaryKey:        []string{"user_id", "id"},
		Indexes:           []IndexSpec{{Name: "by_ts", Columns: []string{"ts"}, Cover: []string{"payload"}, Async: true}},
		UniformPartitions: 16,
		TTLColumn:         "ts",
		Src:               src("repo.go", 10),
		KeySrc:            src("repo.go", 14),
	})
	tab, st := c.Lookup("/local/db/events", "")
	if st != LookupExact {
		t.Fatalf("lookup: %v", st)
	}
	type colWant struct {
		typ               string
		notNull, hasDeflt bool
		line              int
	}
	wantCols := map[string]colWant{
		"id":      {"Serial8", true, true, 12},
		"user_id": {"Uint64", false, false, 10},
		"ts":      {"Timestamp", false, false, 10},
		"payload": {"Utf8", false, false, 10},
		"kind":    {"Utf8", true, true, 10},
		"mystery": {"", false, false, 10},
	}
	for name, w := range wantCols {
		col := tab.Column(name)
		if col == nil {
			t.Errorf("column %s missing", name)
			continue
		}
		got := colWant{col.Type, col.NotNull, col.HasDefault, col.Src.Line}
		if got != w {
			t.Errorf("column %s = %+v, want %+v", name, got, w)
		}
	}
	if tab.KeyString() != "(user_id, id)" || tab.KeySrc != src("repo.go", 14) {
		t.Errorf("key %s at %v", tab.KeyString(), tab.KeySrc)
	}
	ix := tab.Index("by_ts")
	if ix == nil || !ix.Async || !reflect.DeepEqual(ix.Cover, []string{"payload"}) || ix.Src != src("repo.go", 10) {
		t.Errorf("index = %+v", ix)
	}
	if tab.UniformPartitions != 16 || tab.TTLColumn != "ts" || tab.Incomplete != "" {
		t.Errorf("table = %+v", tab)
	}

	// A later definition of the same path replaces the earlier one.
	c.ApplyDefinition(TableDef{Path: "/local/db/events", Columns: []ColumnSpec{{Name: "k", Type: "Utf8"}}, PrimaryKey: []string{"k"}, Src: src("repo.go", 40)})
	tab, _ = c.Lookup("/local/db/events", "")
	if tab.KeyString() != "(k)" || len(tab.Columns) != 1 || tab.Src.Line != 40 {
		t.Errorf("redefinition not applied: %+v", tab)
	}
	if len(c.Tables) != 1 {
		t.Errorf("tables = %d", len(c.Tables))
	}
}

func TestApplyDefinitionIncomplete(t *testing.T) {
	c := New()
	c.ApplyDefinition(TableDef{Path: "nokey", Columns: []ColumnSpec{{Name: "a", Type: "Uint64"}}, Src: src("a.go", 1)})
	c.ApplyDefinition(TableDef{Path: "badkey", Columns: []ColumnSpec{{Name: "a", Type: "Uint64"}}, PrimaryKey: []string{"b"}, Src: src("a.go", 2)})
	c.ApplyDefinition(TableDef{Path: "suffix", PrefixUnknown: true, Columns: []ColumnSpec{{Name: "a", Type: "Uint64"}}, PrimaryKey: []string{"a"}, Src: src("a.go", 3)})
	c.ApplyDefinition(TableDef{Path: "", Src: src("a.go", 4)})
	for _, tc := range []struct {
		ref  string
		want LookupStatus
	}{{"nokey", LookupIncomplete}, {"badkey", LookupIncomplete}, {"/db/suffix", LookupSuffix}} {
		if _, st := c.Lookup(tc.ref, ""); st != tc.want {
			t.Errorf("Lookup(%s) = %v, want %v", tc.ref, st, tc.want)
		}
	}
	if len(c.Warnings) != 3 {
		t.Errorf("warnings = %v", c.Warnings)
	}
}

// TestApplyDefinitionUndecoded: a CreateTable whose options the tracing
// layer could not decode is a placeholder known by name, so a query of it
// reads as incomplete (with the reason) rather than as a table missing
// from the catalogue, and a suffix lookup does not pick another table.
func TestApplyDefinitionUndecoded(t *testing.T) {
	c := New()
	c.ApplyText("migrations/1.sql", 1, "CREATE TABLE `archive/events` (id Uint64, PRIMARY KEY (id))")
	why := "CreateTable at store.go:51 has options ydblint cannot decode"
	c.ApplyDefinition(TableDef{Path: "live/events", Src: src("store.go", 51), Incomplete: why})
	tbl, st := c.Lookup("live/events", "")
	if st != LookupIncomplete || tbl == nil || tbl.Incomplete != why {
		t.Fatalf("Lookup(live/events) = %+v, %v; want the placeholder, incomplete", tbl, st)
	}
	if len(tbl.PrimaryKey) != 0 || len(tbl.Columns) != 0 {
		t.Errorf("placeholder has a key or columns: %+v", tbl)
	}
	if tbl, st := c.Lookup("archive/events", ""); st != LookupExact || tbl == nil || tbl.Incomplete != "" {
		t.Errorf("Lookup(archive/events) = %+v, %v; the migration's table is complete", tbl, st)
	}
	// The same program reading its CreateTable options from another
	// package that schemafact decodes by syntax: the complete definition
	// wins, in this catalogue, merged from another, and in a lookup where
	// the two paths are spelled differently (one under an unknown prefix).
	c.ApplyDefinition(TableDef{Path: "archive/events", Src: src("store.go", 60), Incomplete: why})
	if tbl, st := c.Lookup("archive/events", ""); st != LookupExact || tbl.Incomplete != "" {
		t.Errorf("after the placeholder: %+v, %v; the earlier definition stays complete", tbl, st)
	}
	for _, goDef := range []bool{false, true} {
		other := New()
		if goDef {
			other.ApplyDefinition(TableDef{Path: "live/events", Columns: []ColumnSpec{{Name: "id", Type: "Uint64"}}, PrimaryKey: []string{"id"}, Src: src("schema/schema.go", 76)})
		} else {
			other.ApplyText("migrations/2.sql", 1, "CREATE TABLE `live/events` (id Uint64, PRIMARY KEY (id))")
		}
		merged := New()
		merged.Merge(c)
		merged.Merge(other)
		if tbl, st := merged.Lookup("live/events", ""); st != LookupExact || tbl.Incomplete != "" || len(tbl.PrimaryKey) != 1 {
			t.Errorf("merged with a complete definition (Go %v): %+v, %v; want the complete one", goDef, tbl, st)
		}
	}
	spelled := New()
	spelled.ApplyDefinition(TableDef{Path: "tenants", Src: src("tenants.go", 23), Incomplete: why})
	spelled.ApplyDefinition(TableDef{Path: "tenants", PrefixUnknown: true, Columns: []ColumnSpec{{Name: "id", Type: "Uint64"}}, PrimaryKey: []string{"id"}, Src: src("schema/schema.go", 76)})
	if tbl, st := spelled.Lookup("tenants", ""); !st.OK() || tbl.Incomplete != "" || tbl.Src.File != "schema/schema.go" {
		t.Errorf("Lookup(tenants) = %+v, %v; want the complete definition over the placeholder", tbl, st)
	}
}

func TestMerge(t *testing.T) {
	t.Run("identical definitions merge silently", func(t *testing.T) {
		a, b := New(), New()
		a.ApplyDefinition(ordersDef("m.sql", "order_hash", "order_id"))
		b.ApplyDefinition(ordersDef("m.sql", "order_hash", "order_id"))
		a.Merge(b)
		tab, st := a.Lookup("orders", "")
		if st != LookupExact || tab.Conflict || len(a.Conflicts()) != 0 || len(tab.Columns) != 3 {
			t.Errorf("got %v %+v conflicts %v", st, tab, a.Conflicts())
		}
	})
	t.Run("different primary keys conflict, reported once", func(t *testing.T) {
		a, b, c := New(), New(), New()
		a.ApplyDefinition(ordersDef("b.go", "order_id"))
		b.ApplyDefinition(ordersDef("a.go", "order_hash", "order_id"))
		c.ApplyDefinition(ordersDef("a.go", "order_hash", "order_id"))
		a.Merge(b)
		a.Merge(c)
		a.Merge(b)
		tab, st := a.Lookup("orders", "")
		if st != LookupConflict || !tab.Conflict {
			t.Fatalf("status %v", st)
		}
		if tab.Src.File != "a.go" || tab.ConflictSrc.File != "b.go" {
			t.Errorf("kept %v, other %v", tab.Src, tab.ConflictSrc)
		}
		cs := a.Conflicts()
		if len(cs) != 1 {
			t.Fatalf("conflicts = %v", cs)
		}
		want := "table orders has primary key (order_hash, order_id) at a.go:10 but (order_id) at b.go:10"
		if cs[0].String() != want {
			t.Errorf("conflict = %q, want %q", cs[0], want)
		}
	})
	t.Run("merge is order independent", func(t *testing.T) {
		build := func(first, second string) []byte {
			x, y := New(), New()
			x.ApplyDefinition(ordersDef(first, "order_id"))
			y.ApplyDefinition(ordersDef(second, "order_hash", "order_id"))
			x.Merge(y)
			return gobBytes(t, x)
		}
		if !bytes.Equal(build("a.go", "b.go"), build("a.go", "b.go")) {
			t.Error("same merge, different bytes")
		}
		x1, y1 := New(), New()
		x1.ApplyDefinition(ordersDef("a.go", "order_id"))
		y1.ApplyDefinition(ordersDef("b.go", "order_hash", "order_id"))
		x2, y2 := x1.Clone(), y1.Clone()
		x1.Merge(y1)
		y2.Merge(x2)
		if !bytes.Equal(gobBytes(t, x1), gobBytes(t, y2)) {
			t.Error("a∪b differs from b∪a")
		}
	})
	t.Run("same key: union of columns and indexes, earlier source kept", func(t *testing.T) {
		a, b := New(), New()
		d1 := ordersDef("z.go", "order_hash", "order_id")
		d1.Indexes = []IndexSpec{{Name: "by_amount", Columns: []string{"amount"}}}
		d2 := ordersDef("a.go", "order_hash", "order_id")
		d2.Columns = append(d2.Columns, ColumnSpec{Name: "note", Type: "Utf8"})
		a.ApplyDefinition(d1)
		b.ApplyDefinition(d2)
		a.Merge(b)
		tab, st := a.Lookup("orders", "")
		if st != LookupExact || tab.Src.File != "a.go" || tab.Column("note") == nil || tab.Index("by_amount") == nil {
			t.Errorf("got %v %+v", st, tab)
		}
	})
	t.Run("merge does not alias the other catalogue", func(t *testing.T) {
		a, b := New(), New()
		b.ApplyDefinition(ordersDef("m.sql", "order_hash", "order_id"))
		a.Merge(b)
		a.Tables[0].Columns[0].Name = "changed"
		a.Tables[0].PrimaryKey[0] = "changed"
		if b.Tables[0].Columns[0].Name != "order_hash" || b.Tables[0].PrimaryKey[0] != "order_hash" {
			t.Error("Merge shared memory with its argument")
		}
	})
	t.Run("hash evidence preference", func(t *testing.T) {
		a, b := New(), New()
		a.ApplyDefinition(ordersDef("m.sql", "order_hash", "order_id"))
		b.ApplyDefinition(ordersDef("m.sql", "order_hash", "order_id"))
		if err := a.SetHash("orders", HashPrefix{Column: "order_hash", Func: "Digest::NumericHash", SourceColumn: "order_id", Evidence: "write", Src: src("q.go", 5)}); err != nil {
			t.Fatal(err)
		}
		if err := b.SetHash("orders", HashPrefix{Column: "order_hash", Func: "Digest::CityHash", SourceColumn: "order_id", Evidence: "annotation", Src: src("z.sql", 1)}); err != nil {
			t.Fatal(err)
		}
		a.Merge(b)
		if h := a.Tables[0].Hash; h == nil || h.Evidence != "annotation" || h.Func != "Digest::CityHash" {
			t.Errorf("hash = %+v", h)
		}
	})
	t.Run("placeholder does not make a key conflict, and a Go definition wins over it", func(t *testing.T) {
		a, b := New(), New()
		a.ApplyFile("pg.sql", []byte("CREATE TABLE orders (id SERIAL PRIMARY KEY);"))
		b.ApplyDefinition(ordersDef("z.go", "order_hash", "order_id"))
		a.Merge(b)
		tab, st := a.Lookup("orders", "")
		if st != LookupExact || len(a.Conflicts()) != 0 || tab.KeyString() != "(order_hash, order_id)" {
			t.Errorf("got %v %s conflicts %v", st, describe(tab), a.Conflicts())
		}
	})
	t.Run("nil and self", func(t *testing.T) {
		a := New()
		a.ApplyDefinition(ordersDef("m.sql", "order_id"))
		a.Merge(nil)
		a.Merge(a)
		if len(a.Tables) != 1 || a.Tables[0].Conflict {
			t.Errorf("tables %+v", a.Tables)
		}
	})
}

func TestSetHash(t *testing.T) {
	c := New()
	c.ApplyDefinition(ordersDef("m.sql", "order_hash", "order_id"))
	c.ApplyDefinition(TableDef{Path: "single", Columns: []ColumnSpec{{Name: "h", Type: "Uint64"}}, PrimaryKey: []string{"h"}, Src: src("m.sql", 20)})
	h := func(col, srcCol string) HashPrefix {
		return HashPrefix{Column: col, Func: "Digest::NumericHash", SourceColumn: srcCol, Evidence: "config", Src: src("ydblint.yaml", 3)}
	}
	tests := []struct {
		name    string
		ref     string
		h       HashPrefix
		wantErr string
	}{
		{"not leading", "orders", h("order_id", "order_hash"), "not the leading key column"},
		{"source not key", "orders", h("order_hash", "amount"), "not a key column"},
		{"source missing", "orders", h("order_hash", "nope"), "not a key column"},
		{"self", "orders", h("order_hash", "order_hash"), "hash of itself"},
		{"single-column key", "single", h("h", "h"), "hash of itself"},
		{"unknown table", "nope", h("order_hash", "order_id"), "not found"},
		{"accepted via suffix", "/local/db/orders", h("order_hash", "order_id"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := c.SetHash(tt.ref, tt.h)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("unexpected error %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("error %v, want %q", err, tt.wantErr)
			}
		})
	}
	tab := c.Table("orders")
	if tab.Hash == nil || tab.Hash.SourceColumn != "order_id" || tab.Hash.Evidence != "config" {
		t.Fatalf("hash = %+v", tab.Hash)
	}
	// Write evidence does not replace configuration.
	_ = c.SetHash("orders", HashPrefix{Column: "order_hash", Func: "F", SourceColumn: "order_id", Evidence: "write", Src: src("a.go", 1)})
	if tab.Hash.Evidence != "config" {
		t.Errorf("write evidence replaced config: %+v", tab.Hash)
	}
}

func gobBytes(t *testing.T, c *Catalog) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(c); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestGobRoundTrip(t *testing.T) {
	c := New()
	d := ordersDef("m.sql", "order_hash", "order_id")
	d.Indexes = []IndexSpec{{Name: "ix", Columns: []string{"amount"}, Cover: []string{"order_id"}, Unique: true}}
	d.UniformPartitions = 4
	c.ApplyDefinition(d)
	c.ApplyDefinition(TableDef{Path: "/abs/t", Columns: []ColumnSpec{{Name: "a", Type: "Utf8"}}, PrimaryKey: []string{"a"}, Store: ColumnStore, PartitionBy: []string{"a"}, Src: src("x.go", 2)})
	c.ApplyDefinition(TableDef{Path: "nokey", Src: src("x.go", 3)})
	if err := c.SetHash("orders", HashPrefix{Column: "order_hash", Func: "Digest::NumericHash", SourceColumn: "order_id", Evidence: "annotation", Src: src("m.sql", 2)}); err != nil {
		t.Fatal(err)
	}
	other := New()
	other.ApplyDefinition(ordersDef("n.sql", "order_id"))
	c.Merge(other)

	b1, b2 := gobBytes(t, c), gobBytes(t, c)
	if !bytes.Equal(b1, b2) {
		t.Fatal("encoding twice gives different bytes")
	}
	var back Catalog
	if err := gob.NewDecoder(bytes.NewReader(b1)).Decode(&back); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(gobBytes(t, &back), b1) {
		t.Error("decode+encode changes the bytes")
	}
	if len(back.Tables) != 3 || len(back.Conflicts()) != 1 || len(back.Warnings) != len(c.Warnings) {
		t.Errorf("round trip lost data: %+v", back)
	}
	tab, st := back.Lookup("orders", "")
	if st != LookupConflict || tab.Hash == nil || tab.Index("ix") == nil {
		t.Errorf("round trip table: %v %+v", st, tab)
	}
}

func TestClone(t *testing.T) {
	c := New()
	c.ApplyDefinition(ordersDef("m.sql", "order_hash", "order_id"))
	_ = c.SetHash("orders", HashPrefix{Column: "order_hash", SourceColumn: "order_id", Evidence: "config"})
	d := c.Clone()
	d.Tables[0].Hash.Func = "changed"
	d.Tables[0].Columns[0].Type = "changed"
	if c.Tables[0].Hash.Func == "changed" || c.Tables[0].Columns[0].Type == "changed" {
		t.Error("Clone shares memory")
	}
	if !reflect.DeepEqual(gobBytes(t, c.Clone()), gobBytes(t, c)) {
		t.Error("clone encodes differently")
	}
}

// Merging two definitions of one table from unordered sources keeps every
// index, marking those only one definition has as Partial.
func TestMergePartialIndexes(t *testing.T) {
	a := New()
	a.ApplyText("a.sql", 1, "CREATE TABLE seasons (id Uint64, aired Date, title Utf8, PRIMARY KEY (id), INDEX by_title GLOBAL ON (title), INDEX by_aired GLOBAL ASYNC ON (aired));")
	b := New()
	b.ApplyText("b.sql", 1, "CREATE TABLE seasons (id Uint64, aired Date, title Utf8, PRIMARY KEY (id), INDEX by_title GLOBAL ON (title));")
	c := New()
	c.Merge(a)
	c.Merge(b)
	tb, st := c.Lookup("seasons", "")
	if !st.OK() {
		t.Fatalf("lookup: %v", st)
	}
	if ix := tb.Index("by_title"); ix == nil || ix.Partial {
		t.Errorf("by_title = %+v, want a full index", ix)
	}
	if ix := tb.Index("by_aired"); ix == nil || !ix.Partial {
		t.Errorf("by_aired = %+v, want a partial index", ix)
	}
	if ix := a.Tables[0].Index("by_aired"); ix.Partial {
		t.Error("merging modified the source catalogue")
	}
	one := New()
	one.Merge(a)
	if ix := one.Tables[0].Index("by_aired"); ix == nil || ix.Partial {
		t.Errorf("a single definition's index = %+v, want full", ix)
	}
}
