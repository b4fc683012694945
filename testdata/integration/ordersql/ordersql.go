// Package ordersql is package A of the cross-package chain: it builds the
// orders query text, and its UPSERT is the write evidence that
// orders.order_hash = Digest::NumericHash(order_id).
package ordersql

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// ByID is the text of a keyed read that forgets the hash prefix.
func ByID() string { return "SELECT amount FROM orders WHERE order_id = $id" }

// Save writes an order the right way.
func Save(ctx context.Context, db *ydb.Driver, id uint64, amount float64) error {
	return db.Query().Exec(ctx, "UPSERT INTO orders (order_hash, order_id, amount) VALUES (Digest::NumericHash($id), $id, $amount)",
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Param("$amount").Double(amount).Build()))
}
