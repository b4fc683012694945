// Command shopd serves prices.
package main

import (
	"context"
	"log"
	"os"

	"github.com/ydb-platform/ydb-go-sdk/v3"

	"example.com/sdkusage_defaultidem/shop"
)

func main() {
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB_CONNECTION_STRING"), ydb.WithDefaultIdempotent(true))
	if err != nil {
		log.Fatal(err)
	}
	defer func() { _ = db.Close(ctx) }()
	price, err := shop.NewPrices(db).Price(ctx, "sku-1")
	if err != nil {
		log.Fatal(err)
	}
	log.Println(price)
}
