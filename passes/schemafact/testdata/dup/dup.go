// Package dup defines orders again with another key, through a query site:
// the conflict with the migration is anchored at the call.
package dup

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3"
)

func Init(ctx context.Context, db *ydb.Driver) error {
	return db.Query().Exec(ctx, "CREATE TABLE orders (order_id Uint64, PRIMARY KEY (order_id))") // want `schema-conflict: table orders is defined with primary key \(order_hash, order_id\) at db/migrations/0001_init.sql:3 and \(order_id\) at dup/dup.go:12; ydblint ignores the table`
}
