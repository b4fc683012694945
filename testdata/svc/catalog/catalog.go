package catalog // want package:`schema\(episodes\(series_id,episode_id\)@archive/archive.go:31; \.\.\./events\(user_id,event_id\)@events/events.go:42; \.\.\./filemeta\(dir_hash,directory,name\)@store/store.go:57; orders\(order_hash,order_id\)@migrations/ydb/0001_orders.sql:2; \.\.\./orders_archive\(order_id\)@cmd/setup/main.go:68; seasons\(series_id,season_id\)@archive/archive.go:26; \.\.\./service_names\(service_name\)@cmd/setup/main.go:34; \.\.\./spans\(trace_hash,trace_id,span_id\)@cmd/setup/main.go:34; \.\.\./tag_index_\*\(idx_hash,rev_start_time\)@cmd/setup/main.go:45; \.\.\./tenants\(tenant_id\)@tenants/tenants.go:23\)`

// Package catalog only counts orders; its package fact shows the schema the
// module scan finds for a package that imports none of the packages making
// it: cmd/setup's tables (one per entry of schema.Tables, the archive built
// with append), store's, events' and tenants' CreateTable calls (store's base and
// bucket tables are one definition), the day-partitioned tag_index_* family
// (names made at run time from a known head), the YDB migration — and not
// the PostgreSQL migration's orders_archive, nor opaque_archive, whose
// options come from a parameter.

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3"
)

// Count counts orders.
func Count(ctx context.Context, db *ydb.Driver) error {
	_, err := db.Query().QueryRow(ctx, "SELECT COUNT(*) FROM orders")
	return err
}
