package main

import (
	"context"
	"database/sql"
	"os"
	"testing"

	"github.com/ydb-platform/ydb-go-sdk/v3"
)

// TestRawRollback checks what a raw transaction does on rollback, on
// purpose without a retrier (a retrier would hide what it asserts): a
// test's transaction is not judged.
func TestRawRollback(t *testing.T) {
	ctx := context.Background()
	drv, err := ydb.Open(ctx, os.Getenv("YDB_DSN"))
	if err != nil {
		t.Skip(err)
	}
	db := sql.OpenDB(ydb.MustConnector(drv))
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM accounts WHERE id = 'x'"); err != nil {
		t.Fatal(err)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
}
