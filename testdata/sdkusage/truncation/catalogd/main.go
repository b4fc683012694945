// Command catalogd serves the catalog: it opens the driver the catalog
// repositories use.
package main

import (
	"context"
	"log"
	"os"

	"github.com/ydb-platform/ydb-go-sdk/v3"

	"example.com/sdkusage/truncation/catalog"
)

func main() {
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB_DSN"),
		ydb.WithIgnoreTruncated(), // want `ydb.WithIgnoreTruncated\(\) makes a result set the table service cut at 1000 rows look complete`
	)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close(ctx)
	repo := catalog.New(db.Table())
	if _, err := repo.List(ctx, 1); err != nil {
		log.Fatal(err)
	}
}
