package schemacheck // want package:`schema\(events\(id,ts\)@_schema/ddl/10_events_rekey.sql:4; orders\(order_hash,order_id\)@_schema/ddl/1_orders.sql:1#order_hash=Digest::NumericHash\(order_id\); users\(user_id\)@_schema/extra/users.yql:1\)`

// Package schemacheck shows the schema the configuration gives: the
// configured paths only (no notes, no seed.sql orders), events as
// re-keyed by 10_events_rekey.sql in numeric order, and the configured
// hash annotation on orders.

import (
	"context"

	"example.com/configured/store"
)

func get(ctx context.Context, d *store.DB) error {
	return d.Run(ctx, "SELECT 1", nil)
}
