// Command app wires the repositories; it does not import setup.
package main

import (
	"context"
	"os"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"

	"example.com/schemarecall/ledger"
	"example.com/schemarecall/reports"
)

func main() {
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB_DSN"))
	if err != nil {
		panic(err)
	}
	defer func() { _ = db.Close(ctx) }()
	l := ledger.New(db.Table(), db.Query(), db.Name())
	if err := l.Create(ctx); err != nil {
		panic(err)
	}
	_ = l.ByID(ctx, 1)
	_ = reports.New(db.Query()).OfAccount(ctx, 1)
}
