package schemafact

import (
	"strings"
	"testing"
)

const optsHeader = `package p

import (
	"context"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)
`

func TestScanCreateTables(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []string // path(key) per definition, in order
	}{
		{"literal options", `
func f(ctx context.Context, s table.Session, db string) error {
	return s.CreateTable(ctx, path.Join(db, "orders"),
		options.WithColumn("id", types.TypeUint64),
		options.WithColumn("note", types.Optional(types.TypeUTF8)),
		options.WithPrimaryKeyColumn("id"))
}`, []string{"__ydblint_hole_0__/orders(id)"}},
		{"helper with append in a branch", `
func opts(ttl bool) []options.CreateTableOption {
	o := []options.CreateTableOption{options.WithColumn("id", types.TypeUint64)}
	o = append(o, options.WithPrimaryKeyColumn("id"))
	if ttl {
		o = append(o, options.WithColumn("exp", types.Optional(types.TypeTimestamp)))
	}
	return o
}
func f(ctx context.Context, s table.Session) error { return s.CreateTable(ctx, "t", opts(true)...) }`, []string{"t(id)"}},
		{"map of functions ranged over", `
var defs = map[string]func() []options.CreateTableOption{"a": a, "b": b}
func a() []options.CreateTableOption {
	return []options.CreateTableOption{options.WithColumn("x", types.TypeUint64), options.WithPrimaryKeyColumn("x")}
}
func b() []options.CreateTableOption {
	return []options.CreateTableOption{options.WithColumn("y", types.TypeText), options.WithPrimaryKeyColumn("y")}
}
func f(ctx context.Context, s table.Session, root string) {
	for name, def := range defs {
		_ = s.CreateTable(ctx, path.Join(root, name), def()...)
	}
}`, []string{"__ydblint_hole_0__/a(x)", "__ydblint_hole_0__/b(y)"}},
		{"key parts from alternatives are not one key", `
func opts(v bool) []options.CreateTableOption {
	if v {
		return []options.CreateTableOption{options.WithColumn("a", types.TypeUint64), options.WithPrimaryKeyColumn("a")}
	}
	return []options.CreateTableOption{options.WithColumn("b", types.TypeUint64), options.WithPrimaryKeyColumn("b")}
}
func f(ctx context.Context, s table.Session) error { return s.CreateTable(ctx, "t", opts(true)...) }`, nil},
		{"options from a parameter", `
func f(ctx context.Context, s table.Session, o []options.CreateTableOption) error { return s.CreateTable(ctx, "t", o...) }`, nil},
		{"unknown column type", `
func f(ctx context.Context, s table.Session, ty types.Type) error {
	return s.CreateTable(ctx, "t", options.WithColumn("id", ty), options.WithPrimaryKeyColumn("id"))
}`, nil},
		{"a non-SDK option", `
func mine() options.CreateTableOption { return nil }
func f(ctx context.Context, s table.Session) error {
	return s.CreateTable(ctx, "t", options.WithColumn("id", types.TypeUint64), options.WithPrimaryKeyColumn("id"), mine())
}`, nil},
		{"name made at run time without a head", `
func f(ctx context.Context, s table.Session, name string) error {
	return s.CreateTable(ctx, name, options.WithColumn("id", types.TypeUint64), options.WithPrimaryKeyColumn("id"))
}`, nil},
		{"builder-made partition name", `
type key struct{ Date string }
func (k key) full(db, table string) string {
	sb := new(strings.Builder)
	sb.WriteString(db)
	sb.WriteString("/")
	sb.WriteString(table)
	sb.WriteString("_")
	sb.WriteString(k.Date)
	return sb.String()
}
func f(ctx context.Context, s table.Session, k key, db string) error {
	return s.CreateTable(ctx, k.full(db, "traces"), options.WithColumn("id", types.TypeUint64), options.WithPrimaryKeyColumn("id"))
}`, []string{"__ydblint_hole_0__/traces___ydblint_hole_1__(id)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := tt.body
			if strings.Contains(body, "strings.Builder") {
				body = strings.Replace(body, "\ntype key", "\nvar _ = strings.ToLower\ntype key", 1)
			}
			src := strings.Replace(optsHeader, `"path"`, "\"path\"\n\t\"strings\"", 1) + body
			got := scanCreateTables([]goSource{{rel: "p/p.go", content: []byte(src)}}, "example.com/m")
			var paths []string
			for _, g := range got {
				if g.Def != nil {
					paths = append(paths, g.Def.Path+"("+strings.Join(g.Def.PrimaryKey, ",")+")")
				}
			}
			if strings.Join(paths, " ") != strings.Join(tt.want, " ") {
				t.Errorf("definitions = %v, want %v", paths, tt.want)
			}
		})
	}
}

func FuzzScanCreateTables(f *testing.F) {
	f.Add(optsHeader + `func f(ctx context.Context, s table.Session) error { return s.CreateTable(ctx, "t", options.WithColumn("id", types.TypeUint64), options.WithPrimaryKeyColumn("id")) }`)
	f.Add(optsHeader + `var m = map[string]func() []options.CreateTableOption{"a": g}
func g() []options.CreateTableOption { return append(g(), g()...) }
func f(ctx context.Context, s table.Session) { for k, d := range m { s.CreateTable(ctx, k, d()...) } }`)
	f.Fuzz(func(t *testing.T, src string) {
		_ = scanCreateTables([]goSource{{rel: "p/p.go", content: []byte(src)}}, "example.com/m")
	})
}
