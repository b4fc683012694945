// Command server wires the repositories the way a service's main does.
package main

import (
	"context"
	"database/sql"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"

	"example.com/yqlcheck/names"
	"example.com/yqlcheck/params"
	"example.com/yqlcheck/writes"
)

func main() {
	ctx := context.Background()
	db, err := ydb.Open(ctx, "grpc://localhost:2136/local")
	if err != nil {
		panic(err)
	}
	conn, err := ydb.Connector(db)
	if err != nil {
		panic(err)
	}
	sqlDB := sql.OpenDB(conn)
	_ = names.New(db, sqlDB).Name(ctx, 1)
	_ = params.New(db).Get(ctx, 1)
	_ = writes.New(db, sqlDB).Register(ctx, 1, "a@b")
}
