// Package clean reads by the full key: nothing to report.
package clean

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
)

// City reads one city.
func City(ctx context.Context, db *ydb.Driver) {
	_, _ = db.Query().QueryRow(ctx, "SELECT * FROM cities WHERE city = 'x' AND number = 1")
}
