// Package fix holds fullscan's suggested fix: read through an index.
package fix

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
)

func ByPopulation(ctx context.Context, db *ydb.Driver) {
	_, _ = db.Query().QueryRow(ctx, "SELECT * FROM cities WHERE population = 1000") // want `SELECT reads every partition of cities.*VIEW idx_population`
}
