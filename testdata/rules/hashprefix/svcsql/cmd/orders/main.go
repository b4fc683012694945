// Command orders opens the database and wires the repository.
package main

import (
	"context"
	"database/sql"
	"os"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"

	"example.com/rules/hashprefix/svcsql"
)

func main() {
	ctx := context.Background()
	drv, err := ydb.Open(ctx, os.Getenv("YDB_DSN"))
	if err != nil {
		panic(err)
	}
	db := sql.OpenDB(ydb.MustConnector(drv, ydb.WithPositionalArgs(), ydb.WithAutoDeclare()))
	repo := svcsql.New(db)
	_, _ = repo.Amount(ctx, 1)

	// Here the handle is traced: positional arguments map to $p0, $p1.
	id := uint64(len(os.Args))
	other := id + 1
	var name string
	_ = db.QueryRowContext(ctx, "SELECT name FROM users WHERE user_hash = Digest::NumericHash(?) AND user_id = ?", id, id).Scan(&name)
	_ = db.QueryRowContext(ctx, "SELECT name FROM users WHERE user_hash = Digest::NumericHash(?) AND user_id = ?", other, id).Scan(&name) // want `hash-prefix column user_hash of users is computed from a different value.*table users`
}
