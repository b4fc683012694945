// Package viawrap reaches the SDK through example.com/rules/dbwrap.
package viawrap

import (
	"context"

	"example.com/rules/dbwrap"
)

func Record(ctx context.Context, db *dbwrap.DB) error {
	return db.Exec(ctx, "UPSERT INTO audit (created_at, id) VALUES (CurrentUtcTimestamp(), 1)") // want `key of audit leads with created_at, of type Timestamp.*reached through \(\*example.com/rules/dbwrap.DB\).Exec`
}
