package schema

import (
	"sort"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/yql"
)

func TestNormalizePath(t *testing.T) {
	hole := yql.HoleName(3)
	tests := []struct {
		ref, prefix   string
		want          string
		prefixUnknown bool
		ok            bool
	}{
		{"orders", "", "orders", false, true},
		{"`orders`", "", "orders", false, true},
		{"`dir/my table`", "", "dir/my table", false, true},
		{"orders", "/local/db", "/local/db/orders", false, true},
		{"orders", "/local/db/", "/local/db/orders", false, true},
		{"orders", "`/local/db`", "/local/db/orders", false, true},
		{"sub/orders", "/local/db", "/local/db/sub/orders", false, true},
		{"/abs/orders", "/local/db", "/abs/orders", false, true},
		{"//local//db/orders/", "", "/local/db/orders", false, true},
		{"./orders", "dir", "dir/orders", false, true},
		{hole + "/orders", "", "orders", true, true},
		{"/local/" + hole + "/x/orders", "", "x/orders", true, true},
		// A known head and run-time pieces: a family of tables, one pattern.
		{"orders_" + hole, "", "orders_*", false, true},
		{hole + "/traces_" + hole + "_" + yql.HoleName(4), "", "traces_*", true, true},
		{"/db/idx_tag_{call:x.PartitionKey.Suffix}", "", "/db/idx_tag_*", false, true},
		{"ab" + hole, "", "", false, false},
		{"__" + hole, "", "", false, false},
		{"orders", hole, "orders", true, true},
		{"{field:example.com/pkg.T.path}/orders", "", "{field:example.com/pkg.T.path}/orders", false, true},
		{"{param:a/b}", "/db", "/db/{param:a/b}", false, true},
		// path.Dir(v) joined with path.Base(v) is v again, for the same key.
		{"{base:field:x.T.p}", "{dir:field:x.T.p}", "{field:x.T.p}", false, true},
		{"{base:field:x.T.p}", "/db/{dir:field:x.T.p}", "/db/{field:x.T.p}", false, true},
		{"{dir:var:x.p}/{base:var:x.p}/t", "", "{var:x.p}/t", false, true},
		{"{base:field:x.T.q}", "{dir:field:x.T.p}", "{dir:field:x.T.p}/{base:field:x.T.q}", false, true},
		{"{base:field:x.T.p}", "{dir:field:x.T.p}/sub", "{dir:field:x.T.p}/sub/{base:field:x.T.p}", false, true},
		{"{dir:field:x.T.p}", "{base:field:x.T.p}", "{base:field:x.T.p}/{dir:field:x.T.p}", false, true},
		{"", "/db", "", false, false},
		{"/", "", "", false, false},
		// text/template actions are values rendered at run time, not names.
		{"series", "{{ .TablePathPrefix }}", "series", true, true},
		{"{{ .TablePathPrefix }}/series", "", "series", true, true},
		{"{{.TableName}}", "/db", "", false, false},
		{"{x}}", "", "{x}}", false, true},
	}
	for _, tt := range tests {
		got, pu, ok := NormalizePath(tt.ref, tt.prefix)
		if got != tt.want || pu != tt.prefixUnknown || ok != tt.ok {
			t.Errorf("NormalizePath(%q, %q) = %q, %v, %v; want %q, %v, %v",
				tt.ref, tt.prefix, got, pu, ok, tt.want, tt.prefixUnknown, tt.ok)
		}
	}
}

func catalogOf(tables ...*Table) *Catalog {
	c := New()
	for _, t := range tables {
		c.put(t)
	}
	return c
}

func keyed(path string, key ...string) *Table {
	t := &Table{Path: path, PrimaryKey: key, Src: Source{File: "m.sql", Line: 1}}
	for _, k := range key {
		t.Columns = append(t.Columns, &Column{Name: k, Type: "Uint64"})
	}
	return t
}

func TestLookup(t *testing.T) {
	absOrders := keyed("/local/db/orders", "id")
	relOrders := keyed("orders", "id")
	aOrders := keyed("a/orders", "id")
	bOrders := keyed("b/orders", "id")
	unknownPfx := keyed("users", "id")
	unknownPfx.PrefixUnknown = true
	conflict := keyed("conf", "id")
	conflict.Conflict = true
	incomplete := keyed("inc", "id")
	incomplete.Incomplete = "CREATE TABLE at m.sql:3 not understood"
	holeKeyed := keyed("{field:example.com/pkg.Repo.table}", "id")
	otherAbs := keyed("/other/db/items", "id")
	bOrdersRekeyed := keyed("b/orders", "id", "at")
	bOrdersHashed := keyed("b/orders", "id")
	bOrdersHashed.Hash = &HashPrefix{Column: "id", Func: "Digest::NumericHash", SourceColumn: "x"}
	cOrdersHashed := keyed("c/orders", "id")
	cOrdersHashed.Hash = &HashPrefix{Column: "id", Func: "Digest::MurMurHash", SourceColumn: "x"}

	tests := []struct {
		name       string
		cat        *Catalog
		ref        string
		prefix     string
		want       *Table
		wantStatus LookupStatus
	}{
		{"exact relative", catalogOf(relOrders, absOrders), "orders", "", relOrders, LookupExact},
		{"exact absolute", catalogOf(relOrders, absOrders), "/local/db/orders", "", absOrders, LookupExact},
		{"exact via prefix pragma", catalogOf(relOrders, absOrders), "orders", "/local/db", absOrders, LookupExact},
		{"backticked ref", catalogOf(absOrders), "`/local/db/orders`", "", absOrders, LookupExact},
		{"unique suffix: query relative, schema absolute", catalogOf(absOrders), "orders", "", absOrders, LookupSuffix},
		{"unique suffix: query absolute, schema relative", catalogOf(relOrders), "/local/db/orders", "", relOrders, LookupSuffix},
		{"unique suffix: prefix joined, schema relative", catalogOf(relOrders), "orders", "/local/db", relOrders, LookupSuffix},
		{"ambiguous suffix", catalogOf(aOrders, bOrdersRekeyed), "orders", "", nil, LookupAmbiguous},
		// One helper's table created under several prefixes: one definition.
		{"identical candidates", catalogOf(aOrders, bOrders), "orders", "", aOrders, LookupSuffix},
		{"identical candidates, evidence preferred", catalogOf(aOrders, bOrdersHashed), "orders", "", bOrdersHashed, LookupSuffix},
		{"identical candidates, different evidence", catalogOf(aOrders, bOrdersHashed, cOrdersHashed), "orders", "", nil, LookupAmbiguous},
		{"identical but one incomplete", catalogOf(aOrders, func() *Table { t := keyed("z/orders", "id"); t.Incomplete = "x"; return t }()), "orders", "", nil, LookupAmbiguous},
		{"suffix disambiguated by directory", catalogOf(aOrders, bOrders), "a/orders", "", aOrders, LookupExact},
		{"longer query, unique", catalogOf(aOrders, bOrders), "/db/a/orders", "", aOrders, LookupSuffix},
		{"absolute paths differ", catalogOf(absOrders), "/elsewhere/orders", "", nil, LookupNotFound},
		{"absolute prefix pragma differs", catalogOf(absOrders), "orders", "/elsewhere", nil, LookupNotFound},
		{"absolute ref ignores prefix", catalogOf(absOrders), "/local/db/orders", "/elsewhere", absOrders, LookupExact},
		{"not found", catalogOf(absOrders), "customers", "", nil, LookupNotFound},
		{"name must match whole segment", catalogOf(absOrders), "ders", "", nil, LookupNotFound},
		{"case sensitive", catalogOf(relOrders), "Orders", "", nil, LookupNotFound},
		{"schema prefix unknown matches by suffix", catalogOf(unknownPfx), "users", "", unknownPfx, LookupSuffix},
		{"schema prefix unknown vs absolute query", catalogOf(unknownPfx), "/local/db/users", "", unknownPfx, LookupSuffix},
		{"schema prefix unknown not exact", catalogOf(unknownPfx), "/local/db/customers", "", nil, LookupNotFound},
		{"conflict", catalogOf(conflict), "conf", "", conflict, LookupConflict},
		{"incomplete", catalogOf(incomplete), "inc", "", incomplete, LookupIncomplete},
		{"hole key exact", catalogOf(holeKeyed), "{field:example.com/pkg.Repo.table}", "", holeKeyed, LookupExact},
		{"hole key differs", catalogOf(holeKeyed), "{field:example.com/pkg.Repo.other}", "", nil, LookupNotFound},
		{"raw hole as table name", catalogOf(relOrders), yql.HoleName(0), "", nil, LookupNotFound},
		{"raw hole prefix", catalogOf(absOrders), yql.HoleName(0) + "/orders", "", absOrders, LookupSuffix},
		{"raw hole prefix pragma", catalogOf(absOrders, otherAbs), "orders", yql.HoleName(1), absOrders, LookupSuffix},
		{"dir and base of the key", catalogOf(holeKeyed), "`{base:field:example.com/pkg.Repo.table}`", "{dir:field:example.com/pkg.Repo.table}", holeKeyed, LookupExact},
		{"base alone is not the key", catalogOf(holeKeyed), "{base:field:example.com/pkg.Repo.table}", "", nil, LookupNotFound},
		{"dir of another key", catalogOf(holeKeyed), "{base:field:example.com/pkg.Repo.table}", "{dir:field:example.com/pkg.Repo.other}", nil, LookupNotFound},
		{"empty catalogue", New(), "orders", "", nil, LookupNotFound},
		{"empty ref", catalogOf(relOrders), "", "", nil, LookupNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, st := tt.cat.Lookup(tt.ref, tt.prefix)
			if got != tt.want || st != tt.wantStatus {
				gp := "<nil>"
				if got != nil {
					gp = got.Path
				}
				t.Errorf("Lookup(%q, %q) = %s, %v; want status %v", tt.ref, tt.prefix, gp, st, tt.wantStatus)
			}
			if st.OK() != (tt.wantStatus == LookupExact || tt.wantStatus == LookupSuffix) {
				t.Errorf("OK() = %v for %v", st.OK(), st)
			}
		})
	}
}

// TestDatabaseRoot: path.Join(db.Name(), "orders") and "orders" are one
// table; a TablePathPrefix of db.Name() is no prefix.
func TestDatabaseRoot(t *testing.T) {
	c := New()
	c.ApplyText("m.sql", 1, "CREATE TABLE `"+databaseRootSeg+"/orders` (id Uint64, PRIMARY KEY (id));")
	c.ApplyText("n.sql", 1, "CREATE TABLE `"+databaseRootSeg+"/app/users` (id Uint64, PRIMARY KEY (id));")
	var paths []string
	for _, tb := range c.Tables {
		paths = append(paths, tb.Path)
	}
	sort.Strings(paths)
	if strings.Join(paths, " ") != "app/users orders" {
		t.Fatalf("tables %q, want app/users and orders", paths)
	}
	for _, tt := range []struct{ ref, prefix string }{
		{"orders", ""}, {databaseRootSeg + "/orders", ""}, {"orders", databaseRootSeg},
		{"users", databaseRootSeg + "/app"}, {"app/users", ""},
	} {
		if tb, st := c.Lookup(tt.ref, tt.prefix); !st.OK() || tb == nil {
			t.Errorf("Lookup(%q, %q) = %v", tt.ref, tt.prefix, st)
		}
	}
	if _, st := c.Lookup(databaseRootSeg, ""); st.OK() {
		t.Errorf("the database root alone is not a table: %v", st)
	}
	// CreateTable(path.Join(db.Name(), "orders")) after the migration's
	// CREATE TABLE orders defines the same table again: one entry.
	c.ApplyDefinition(TableDef{Path: databaseRootSeg + "/orders", PrimaryKey: []string{"id"},
		Columns: []ColumnSpec{{Name: "id", Type: "Uint64"}, {Name: "total", Type: "Int64"}}})
	if len(c.Tables) != 2 {
		t.Fatalf("%d tables after CreateTable under the database root, want 2", len(c.Tables))
	}
	if tb, st := c.Lookup("orders", ""); st != LookupExact || tb == nil || tb.Column("total") == nil {
		t.Errorf("Lookup(orders) = %v: want the CreateTable definition", st)
	}
}
