// Package viawrap reaches the SDK through example.com/rules/dbwrap.
package viawrap

import (
	"context"
	"database/sql"

	"example.com/rules/dbwrap"
)

func Purge(ctx context.Context, db *dbwrap.DB, u uint64) error {
	return db.SQLExec(ctx, "DELETE FROM logs WHERE userid = $u", sql.Named("u", u)) // want `DELETE reads every partition of logs.*reached through \(\*example.com/rules/dbwrap.DB\).SQLExec`
}

func PurgeKeyed(ctx context.Context, db *dbwrap.DB, u uint64) error {
	return db.SQLExec(ctx, "DELETE FROM logs WHERE timestamp < $t", sql.Named("t", u))
}
