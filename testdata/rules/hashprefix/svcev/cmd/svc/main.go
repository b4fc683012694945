// Command svc wires the repositories.
package main

import (
	"context"
	"os"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"

	"example.com/rules/hashprefix/svcev"
)

func main() {
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB_DSN"))
	if err != nil {
		panic(err)
	}
	carts := svcev.NewCartRepo(db)
	devices := svcev.NewDeviceRepo(db)
	_, _ = carts.Get(ctx, "c1")
	_ = devices.Store(ctx, nil)
}
