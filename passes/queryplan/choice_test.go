package queryplan

import (
	"slices"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/schemafact"
)

// missingKeys is a stand-in row check: the key columns a row lacks.
func missingKeys(row []string) func(t *schema.Table) []string {
	return func(t *schema.Table) []string {
		var out []string
		for _, k := range t.PrimaryKey {
			if !slices.Contains(row, k) {
				out = append(out, k)
			}
		}
		return out
	}
}

func TestEveryTable(t *testing.T) {
	tag := &schema.Table{Path: "idx_tag", PrimaryKey: []string{"idx_hash", "rev_start_time", "uniq"}}
	dur := &schema.Table{Path: "idx_duration", PrimaryKey: []string{"idx_hash", "duration", "rev_start_time", "uniq"}}
	svc := &schema.Table{Path: "idx_service", PrimaryKey: []string{"idx_hash", "rev_start_time", "uniq"}}
	id := func(s string) string { return s }
	tests := []struct {
		name   string
		tables []*schema.Table
		row    []string
		want   []string
	}{
		{"complete row", []*schema.Table{dur, tag, svc}, []string{"idx_hash", "duration", "rev_start_time", "uniq"}, nil},
		// A tag row lacks duration, the key of one table only: which
		// table it goes to is not known, so nothing is reported.
		{"fault under one table only", []*schema.Table{dur, tag, svc}, []string{"idx_hash", "rev_start_time", "uniq"}, nil},
		{"fault under the last table only", []*schema.Table{tag, svc, dur}, []string{"idx_hash", "rev_start_time", "uniq"}, nil},
		{"fault under every table", []*schema.Table{dur, tag, svc}, []string{"rev_start_time", "uniq"}, []string{"idx_hash"}},
		{"two common faults, first table's order", []*schema.Table{dur, tag}, []string{"uniq"}, []string{"idx_hash", "rev_start_time"}},
		{"one table", []*schema.Table{dur}, []string{"idx_hash"}, []string{"duration", "rev_start_time", "uniq"}},
		{"no table", nil, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := EveryTable(tt.tables, missingKeys(tt.row), id)
			if !slices.Equal(got, tt.want) {
				t.Errorf("EveryTable = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestDescribeTablesAndRowOrigin(t *testing.T) {
	a := &schema.Table{Path: "{field:p.W.folder}/idx_tag", PrimaryKey: []string{"idx_hash"}, Src: schema.Source{File: "setup.go", Line: 3}}
	b := &schema.Table{Path: "idx_svc", PrimaryKey: []string{"idx_hash", "ts"}, Src: schema.Source{File: "setup.go", Line: 9}}
	got := DescribeTables([]*schema.Table{a, b})
	for _, want := range []string{"every table the path may name", "<p.W.folder>/idx_tag (idx_hash) (schema: setup.go:3)", "idx_svc (idx_hash, ts) (schema: setup.go:9)"} {
		if !strings.Contains(got, want) {
			t.Errorf("DescribeTables = %q, want it to contain %q", got, want)
		}
	}
	if got := DescribeTables([]*schema.Table{b}); got != DescribeTable(b) {
		t.Errorf("one table: %q, want DescribeTable's %q", got, DescribeTable(b))
	}
	if got := RowOrigin(&site.Row{Impl: "(idx.tag).Fields at tag.go:3:2"}); got != "; the row's fields come from (idx.tag).Fields at tag.go:3:2" {
		t.Errorf("RowOrigin = %q", got)
	}
	if got := RowOrigin(&site.Row{}); got != "" {
		t.Errorf("RowOrigin of a row built at the call = %q, want empty", got)
	}
}

// FuzzEveryTable: whatever the tables and rows, every fault kept is found
// under every table, and every fault found under every table is kept.
func FuzzEveryTable(f *testing.F) {
	f.Add("a,b,c;a,d;a", "b")
	f.Add("k;k,v;", "")
	f.Add("x,y,z;z,y,x;y", "y")
	f.Fuzz(func(t *testing.T, keys, row string) {
		var tables []*schema.Table
		for i, k := range strings.Split(keys, ";") {
			if i >= 8 {
				break
			}
			tables = append(tables, &schema.Table{Path: "t", PrimaryKey: strings.Split(k, ",")})
		}
		fields := strings.Split(row, ",")
		check := missingKeys(fields)
		got := EveryTable(tables, check, func(s string) string { return s })
		for _, g := range got {
			for _, tb := range tables {
				if !slices.Contains(check(tb), g) {
					t.Fatalf("kept %q, not a fault under %v", g, tb.PrimaryKey)
				}
			}
		}
		if len(tables) == 0 {
			return
		}
		for _, c := range check(tables[0]) {
			every := true
			for _, tb := range tables[1:] {
				every = every && slices.Contains(check(tb), c)
			}
			if every && !slices.Contains(got, c) {
				t.Fatalf("dropped %q, a fault under every table", c)
			}
		}
	})
}

func TestRowTables(t *testing.T) {
	col := func(names ...string) []*schema.Column {
		var out []*schema.Column
		for _, n := range names {
			out = append(out, &schema.Column{Name: n})
		}
		return out
	}
	tag := &schema.Table{Path: "tag", Store: schema.RowStore, PrimaryKey: []string{"h", "ts"}, Columns: col("h", "ts", "op")}
	dur := &schema.Table{Path: "dur", Store: schema.RowStore, PrimaryKey: []string{"h", "d", "ts"}, Columns: col("h", "d", "ts")}
	other := &schema.Table{Path: "users", Store: schema.RowStore, PrimaryKey: []string{"id"}, Columns: col("id", "name")}
	cat := schema.New()
	cat.Tables = []*schema.Table{dur, tag, other}
	r := &Result{Schema: &schemafact.Result{Catalog: cat}}
	row := func(impl string, names ...string) *site.Row {
		out := &site.Row{Known: true, Impl: impl}
		for _, n := range names {
			out.Fields = append(out.Fields, &site.Field{Name: n})
		}
		return out
	}
	paths := func(ts []*schema.Table) string {
		var out []string
		for _, t := range ts {
			out = append(out, t.Path)
		}
		return strings.Join(out, ",")
	}
	tests := []struct {
		name   string
		tables []*schema.Table
		row    *site.Row
		want   string
	}{
		{"row built at the call, one table", []*schema.Table{dur}, row("", "h", "ts", "op"), "dur"},
		{"row built at the call, choice: fitting tables only", []*schema.Table{dur, tag}, row("", "h", "ts", "op"), "tag"},
		{"implementation row, one table: every fitting table of the catalogue", []*schema.Table{dur}, row("(i.tag).F", "h", "ts"), "dur,tag"},
		{"implementation row that does not fit the site's table", []*schema.Table{dur}, row("(i.tag).F", "h", "ts", "op"), ""},
		{"implementation row, choice: the choice's fitting tables", []*schema.Table{tag, dur}, row("(i.tag).F", "h", "ts"), "tag,dur"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := paths(r.RowTables(tt.tables, tt.row)); got != tt.want {
				t.Errorf("RowTables = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestDescribeRowTables(t *testing.T) {
	a := &schema.Table{Path: "a", PrimaryKey: []string{"h"}}
	b := &schema.Table{Path: "b", PrimaryKey: []string{"h"}}
	c := &schema.Table{Path: "c", PrimaryKey: []string{"h"}}
	all := []*schema.Table{a, b, c}
	if got, want := DescribeRowTables(all, all), DescribeTables(all); got != want {
		t.Errorf("all fit: %q, want %q", got, want)
	}
	if got := DescribeRowTables(all, []*schema.Table{b}); !strings.HasPrefix(got, DescribeTable(b)) || !strings.Contains(got, "the only table the path may name") {
		t.Errorf("one fits: %q", got)
	}
	if got := DescribeRowTables(all, []*schema.Table{a, c}); !strings.Contains(got, "with a column for every field of the row (a (h)") || strings.Contains(got, "b (h)") {
		t.Errorf("two fit: %q", got)
	}
	if got, want := DescribeRowTables([]*schema.Table{a}, []*schema.Table{a, b}), DescribeTable(a); got != want {
		t.Errorf("one site table: %q, want %q", got, want)
	}
}
