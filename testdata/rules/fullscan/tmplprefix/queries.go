package main

import (
	"bytes"
	"context"
	"text/template"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

type templateConfig struct {
	TablePathPrefix string
}

var (
	// Keyed by the shelf: one partition. Silent.
	byShelf = template.Must(template.New("by shelf").Parse(`
PRAGMA TablePathPrefix("{{ .TablePathPrefix }}");
DECLARE $shelf_id AS Uint64;
SELECT item_id, color FROM shelf_items WHERE shelf_id = $shelf_id;
SELECT item_id, moved_at FROM shelf_moves WHERE shelf_id = $shelf_id ORDER BY moved_at DESC LIMIT 10;
`))

	// The color is no key column of shelf_items: every partition is read.
	// (The archive program's shelf_items is keyed by color: matched by
	// its name alone, this query would look like a keyed read.)
	byColor = template.Must(template.New("by color").Parse("\n" +
		"PRAGMA TablePathPrefix(\"{{ .TablePathPrefix }}\");\n" +
		"DECLARE $color AS Text;\n" +
		"SELECT shelf_id, item_id FROM shelf_items WHERE color = $color;\n")) // want `SELECT reads every partition of shelf_items\b.*table shelf_items, primary key \(shelf_id, item_id\) \(schema: fullscan/tmplprefix/tables.go:\d+\)`
)

func render(t *template.Template, data any) string {
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		panic(err)
	}
	return buf.String()
}

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

func itemsOnShelf(ctx context.Context, c table.Client, prefix string, shelf uint64) error {
	q := render(byShelf, templateConfig{TablePathPrefix: prefix})
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, q, table.NewQueryParameters(
			table.ValueParam("$shelf_id", types.Uint64Value(shelf)),
		))
		if err != nil {
			return err
		}
		return res.Close()
	})
}

func itemsByColor(ctx context.Context, c table.Client, prefix, color string) error {
	q := render(byColor, templateConfig{TablePathPrefix: prefix})
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, q, table.NewQueryParameters(
			table.ValueParam("$color", types.TextValue(color)),
		))
		if err != nil {
			return err
		}
		return res.Close()
	})
}
