// Command archive keeps old shelf items under its own folder, in a table
// of the same name as the shelves program's but keyed by color. Its reads
// by color are keyed reads: silent.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

var folder = "archive"

func main() {
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB"))
	if err != nil {
		log.Fatal(err)
	}
	defer func() { _ = db.Close(ctx) }()
	folder = path.Join(db.Name(), folder)
	if err := createArchive(ctx, db.Table(), folder); err != nil {
		log.Fatal(err)
	}
	if err := readArchive(ctx, db.Query(), folder, "red"); err != nil {
		log.Fatal(err)
	}
}

func createArchive(ctx context.Context, c table.Client, folder string) error {
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.CreateTable(ctx, path.Join(folder, "shelf_items"),
			options.WithColumn("color", types.TypeText),
			options.WithColumn("item_id", types.TypeUint64),
			options.WithColumn("shelf_id", types.TypeUint64),
			options.WithPrimaryKeyColumn("color", "item_id"),
		)
	})
}

func readArchive(ctx context.Context, c query.Client, folder, color string) error {
	rs, err := c.QueryResultSet(ctx, fmt.Sprintf(`PRAGMA TablePathPrefix("%s");
DECLARE $color AS Text;
SELECT item_id FROM shelf_items WHERE color = $color;`, folder),
		query.WithParameters(ydb.ParamsBuilder().Param("$color").Text(color).Build()))
	if err != nil {
		return err
	}
	return rs.Close(ctx)
}
