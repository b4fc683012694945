package schemafact

import (
	"strings"
	"testing"
)

// TestScanColumnMeta: WithColumnMeta with a keyed options.Column literal is
// decoded like WithColumn; a Column it cannot read leaves the call (and so
// the table) undecoded rather than guessed.
func TestScanColumnMeta(t *testing.T) {
	tests := []struct {
		name, body string
		want       string // "path(key): col:type[?][=] …", "" when skipped
	}{
		{"keyed literal", `
func f(ctx context.Context, s table.Session) error {
	return s.CreateTable(ctx, "events",
		options.WithColumnMeta(options.Column{Name: "id", Type: types.TypeUint64, Family: "default"}),
		options.WithColumnMeta(options.Column{Name: "body", Type: types.Optional(types.TypeJSON)}),
		options.WithColumn("at", types.Optional(types.TypeTimestamp)),
		options.WithPrimaryKeyColumn("id"))
}`, "events(id): id:Uint64 body:Json? at:Timestamp?"},
		{"positional fields", `
func f(ctx context.Context, s table.Session) error {
	return s.CreateTable(ctx, "events",
		options.WithColumnMeta(options.Column{"id", types.TypeUint64, "default"}),
		options.WithPrimaryKeyColumn("id"))
}`, ""},
		{"column built elsewhere", `
var idCol = options.Column{Name: "id", Type: types.TypeUint64}
func f(ctx context.Context, s table.Session) error {
	return s.CreateTable(ctx, "events", options.WithColumnMeta(idCol), options.WithPrimaryKeyColumn("id"))
}`, ""},
		{"no type", `
func f(ctx context.Context, s table.Session) error {
	return s.CreateTable(ctx, "events", options.WithColumnMeta(options.Column{Name: "id"}), options.WithPrimaryKeyColumn("id"))
}`, ""},
		{"name not constant", `
func f(ctx context.Context, s table.Session, col string) error {
	return s.CreateTable(ctx, "events", options.WithColumnMeta(options.Column{Name: col, Type: types.TypeUint64}), options.WithPrimaryKeyColumn("id"))
}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := scanCreateTables([]goSource{{rel: "p/p.go", content: []byte(optsHeader + tt.body)}}, "example.com/m")
			var descs []string
			for _, g := range got {
				if g.Def == nil {
					continue
				}
				d := g.Def.Path + "(" + strings.Join(g.Def.PrimaryKey, ",") + "):"
				for _, c := range g.Def.Columns {
					d += " " + c.Name + ":" + c.Type
					if c.Optional {
						d += "?"
					}
					if c.HasDefault {
						d += "="
					}
				}
				descs = append(descs, d)
			}
			if s := strings.Join(descs, "\n"); s != tt.want {
				t.Errorf("got %q, want %q", s, tt.want)
			}
		})
	}
}
