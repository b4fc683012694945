// Package hash holds the hashprefix cases of the configured module; its
// queries go through the configured sink store.(*DB).Run.
package hash

import (
	"context"

	"example.com/configured/store"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

func id(v uint64) *table.QueryParameters {
	return table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(v)))
}

// Hash evidence comes from the hash: section of .ydblint.yml only.
func Orders(ctx context.Context, d *store.DB, v uint64) {
	_ = d.Run(ctx, "SELECT amount FROM orders WHERE order_id = $id", id(v)) // want `SELECT binds order_id but not the hash-prefix column order_hash of orders\b.*table orders.*config evidence at \.ydblint\.yml:16`
	_ = d.Run(ctx, "SELECT amount FROM orders WHERE order_hash = Digest::NumericHash($id) AND order_id = $id", id(v))
}
