// Package sqlonly reads logs through database/sql: it depends on the
// standard library only, so the integration test's go vet -a run over it
// stays cheap. The test edits migrations/00003_logs.sql to check go vet's
// cache caveat.
package sqlonly

import (
	"context"
	"database/sql"
)

func ByUser(ctx context.Context, db *sql.DB, user uint64) {
	_ = db.QueryRowContext(ctx, "SELECT * FROM logs WHERE userid = $u", sql.Named("u", user)) // want `SELECT reads every partition of logs\b`
}
