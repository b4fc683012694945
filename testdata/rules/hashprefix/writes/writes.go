// Package writes holds hashprefix write cases. Its correct UPSERT is also
// the write-side evidence that orders.order_hash = Digest::NumericHash(order_id).
package writes

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

func id(v uint64) query.ExecuteOption {
	return query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(v).Build())
}

// Good: the seeds' good example, with a parameter.
func Good(ctx context.Context, db *ydb.Driver, v uint64) error {
	return db.Query().Exec(ctx, "UPSERT INTO orders (order_hash, order_id, customer_id, amount) VALUES (Digest::NumericHash($id), $id, 10, 999.99)", id(v))
}

func MissingHash(ctx context.Context, db *ydb.Driver, v uint64) error {
	return db.Query().Exec(ctx, "UPSERT INTO orders (order_id, customer_id, amount) VALUES ($id, 10, 1.5)", id(v)) // want `UPSERT does not write the hash-prefix column order_hash of orders\b.*table orders.*write order_hash = Digest::NumericHash`
}

func ConstantHash(ctx context.Context, db *ydb.Driver, v uint64) error {
	return db.Query().Exec(ctx, "UPSERT INTO orders (order_hash, order_id, customer_id, amount) VALUES (42, $id, 10, 1.5)", id(v)) // want `UPSERT writes a constant to the hash-prefix column order_hash of orders\b.*table orders`
}

// Named expressions are substituted: still correct.
func Named(ctx context.Context, db *ydb.Driver, v uint64) error {
	return db.Query().Exec(ctx, "$h = Digest::NumericHash($id); REPLACE INTO orders (order_hash, order_id, customer_id, amount) VALUES ($h, $id, 1, 2.0);", id(v))
}
