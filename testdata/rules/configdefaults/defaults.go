// Package configdefaults holds the twins of testdata/configured's strict and
// report-unused-ignores cases, in a module without a config file: with the
// defaults (strict: false, report-unused-ignores: false) nothing here is
// reported.
package configdefaults

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
)

// DEPENDS verdicts are reported only with strict.
func Depends(ctx context.Context, db *ydb.Driver) {
	_, _ = db.Query().QueryRow(ctx, "SELECT * FROM cities WHERE city LIKE 'mos%'")
	_, _ = db.Query().QueryRow(ctx, "SELECT * FROM cities WHERE city IN (SELECT mayor FROM cities)")
}

// Directives that suppress nothing are reported only with
// report-unused-ignores.
func Unused(ctx context.Context, db *ydb.Driver) {
	//ydblint:ignore fullscan the read is keyed
	_, _ = db.Query().QueryRow(ctx, "SELECT * FROM cities WHERE city = 'a' AND number = 1")
	_, _ = db.Query().QueryRow(ctx, "-- ydblint:ignore fullscan keyed\nSELECT * FROM cities WHERE city = 'b'")
}
