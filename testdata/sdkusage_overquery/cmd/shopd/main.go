// Command shopd opens the driver with data queries over the query client.
package main

import (
	"context"
	"log"
	"os"

	"github.com/ydb-platform/ydb-go-sdk/v3"

	"example.com/sdkusage_overquery/shop"
)

func main() {
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB_DSN"),
		ydb.WithExecuteDataQueryOverQueryClient(true),
		ydb.WithIgnoreTruncated(), // no cap to hide: not reported
	)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close(ctx)
	if _, err := shop.NewOrders(db.Table()).All(ctx, 1); err != nil {
		log.Fatal(err)
	}
}
