// Command shelves renders its queries from text/template under the folder
// given on the command line (PRAGMA TablePathPrefix), as the SDK's
// examples do. CreateTable and the queries receive the same package var,
// so the queries are checked against this program's shelf_items: the read
// by color is reported in the template's literal, the read by shelf is not.
package main

import (
	"bytes"
	"context"
	"flag"
	"log"
	"path"
	"text/template"
	"time"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

var (
	dsn    string
	folder string
)

func main() {
	flag.StringVar(&dsn, "ydb", "grpc://localhost:2136/local", "YDB connection string")
	flag.StringVar(&folder, "folder", "shelves", "folder of the tables")
	flag.Parse()
	ctx := context.Background()
	db, err := ydb.Open(ctx, dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer func() { _ = db.Close(ctx) }()
	folder = path.Join(db.Name(), folder)
	if err := createShelfItems(ctx, db.Table(), folder); err != nil {
		log.Fatal(err)
	}
	onShelf := render(byShelf, templateConfig{TablePathPrefix: folder})
	if err := read(ctx, db.Table(), onShelf, "$shelf_id", types.Uint64Value(7)); err != nil {
		log.Fatal(err)
	}
	red := render(byColor, templateConfig{TablePathPrefix: folder})
	if err := read(ctx, db.Table(), red, "$color", types.TextValue("red")); err != nil {
		log.Fatal(err)
	}
	if err := moves(ctx, db, 7, time.Now().Add(-time.Hour)); err != nil {
		log.Fatal(err)
	}
}

func createShelfItems(ctx context.Context, c table.Client, folder string) error {
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.CreateTable(ctx, path.Join(folder, "shelf_items"),
			options.WithColumn("shelf_id", types.TypeUint64),
			options.WithColumn("item_id", types.TypeUint64),
			options.WithColumn("color", types.Optional(types.TypeText)),
			options.WithPrimaryKeyColumn("shelf_id", "item_id"),
		)
	})
}

var (
	byShelf = template.Must(template.New("by shelf").Parse("\n" +
		"PRAGMA TablePathPrefix(\"{{ .TablePathPrefix }}\");\n" +
		"DECLARE $shelf_id AS Uint64;\n" +
		"SELECT item_id, color FROM shelf_items WHERE shelf_id = $shelf_id;\n"))
	byColor = template.Must(template.New("by color").Parse("\n" +
		"PRAGMA TablePathPrefix(\"{{ .TablePathPrefix }}\");\n" +
		"DECLARE $color AS Text;\n" +
		"SELECT shelf_id, item_id FROM shelf_items WHERE color = $color;\n")) // want `SELECT reads every partition of shelf_items\b.*table shelf_items, primary key \(shelf_id, item_id\)`
)

type templateConfig struct{ TablePathPrefix string }

func render(t *template.Template, data any) string {
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		panic(err)
	}
	return buf.String()
}

func read(ctx context.Context, c table.Client, q, name string, v types.Value) error {
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, table.DefaultTxControl(), q, table.NewQueryParameters(table.ValueParam(name, v)))
		if err != nil {
			return err
		}
		return res.Close()
	})
}
