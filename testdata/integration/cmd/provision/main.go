// Command provision creates the ledger's tables; nothing imports it.
package main

import (
	"context"
	"os"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"

	"example.com/integ/setupschema"
)

func main() {
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB_CONNECTION_STRING"))
	if err != nil {
		panic(err)
	}
	for name, opts := range setupschema.Tables {
		full := path.Join(db.Name(), name)
		if err := db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
			return s.CreateTable(ctx, full, opts()...)
		}); err != nil {
			panic(err)
		}
	}
}
