// Package fixes holds diagnostics with suggested fixes; fixes.go.golden is
// this file with every fix applied.
package fixes

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"

	_ "example.com/integ/ordersql" // the hash-prefix evidence travels as a fact
)

func OrderAmount(ctx context.Context, db *ydb.Driver, opts query.ExecuteOption) {
	_, _ = db.Query().QueryRow(ctx, "SELECT amount FROM orders WHERE order_id = $id", opts) // want `add order_hash = Digest::NumericHash\(\$id\)`
}

func ByPopulation(ctx context.Context, db *ydb.Driver) {
	_, _ = db.Query().QueryRow(ctx, "SELECT * FROM cities WHERE population = 1000", query.WithIdempotent()) // want `SELECT reads every partition of cities.*VIEW idx_population`
}
