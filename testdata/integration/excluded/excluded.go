// Package excluded is excluded by each driver's exclude-pkgs option: its
// full scan is not reported.
package excluded

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
)

func Scan(ctx context.Context, db *ydb.Driver) {
	_, _ = db.Query().QueryRow(ctx, "SELECT * FROM audit WHERE id = 1")
}
