// Package fix holds hashprefix's suggested fixes.
package fix

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"

	_ "example.com/rules/hashprefix/writes"
)

func Missing(ctx context.Context, db *ydb.Driver, opts query.ExecuteOption) {
	_, _ = db.Query().QueryRow(ctx, "SELECT amount FROM orders WHERE order_id = $id", opts) // want `add order_hash = Digest::NumericHash\(\$id\)`
}

func OfColumn(ctx context.Context, db *ydb.Driver, opts query.ExecuteOption) {
	_, _ = db.Query().QueryRow(ctx, "SELECT amount FROM orders WHERE order_hash = Digest::NumericHash(order_id) AND order_id = $id", opts) // want `compared with a function of a column`
}

func WriteMissing(ctx context.Context, db *ydb.Driver, opts query.ExecuteOption) error {
	return db.Query().Exec(ctx, "UPSERT INTO orders (order_id, customer_id, amount) VALUES ($id, 10, 1.5)", opts) // want `does not write the hash-prefix column order_hash`
}

// Several rows would each need their own hash: no fix is offered.
func WriteMissingRows(ctx context.Context, db *ydb.Driver, opts query.ExecuteOption) error {
	return db.Query().Exec(ctx, "UPSERT INTO orders (order_id, amount) VALUES ($a, 1.5), ($b, 2.5)", opts) // want `does not write the hash-prefix column order_hash`
}
