// Package queues keeps tasks in lanes; two lanes are spelled in the
// queries, and Enqueue takes any lane its caller names.
package queues

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Tasks is the task repository (tasks, keyed (lane, created_at, id)).
type Tasks struct {
	db *ydb.Driver
}

// New returns the repository on db.
func New(db *ydb.Driver) *Tasks { return &Tasks{db: db} }

// Default queues a task in the default lane.
func (t *Tasks) Default(ctx context.Context, id uint64) error {
	return t.db.Query().Exec(ctx, `DECLARE $id AS Uint64;
UPSERT INTO tasks (lane, created_at, id) VALUES ('default', CurrentUtcTimestamp(), $id);`, // want `key of tasks leads with lane, then created_at: at most 2 partitions may take every insert; tasks leads with lane \(some writes put 2 constants: "bulk", "default"\); created_at is a Timestamp that grows with time: .* so if other writes, which put \$lane into lane, stay among these values, at most 2 partitions take every insert`
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
}

// Bulk queues a task in the bulk lane.
func (t *Tasks) Bulk(ctx context.Context, id uint64) error {
	return t.db.Query().Exec(ctx, `DECLARE $id AS Uint64;
UPSERT INTO tasks (lane, created_at, id) VALUES ('bulk', CurrentUtcTimestamp(), $id);`,
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
}

// Enqueue queues a task in the lane its caller names: how many lanes
// there are is not known here.
func (t *Tasks) Enqueue(ctx context.Context, lane string, id uint64) error {
	return t.db.Query().Exec(ctx, `DECLARE $lane AS Utf8; DECLARE $id AS Uint64;
UPSERT INTO tasks (lane, created_at, id) VALUES ($lane, CurrentUtcTimestamp(), $id);`,
		query.WithParameters(ydb.ParamsBuilder().Param("$lane").Text(lane).Param("$id").Uint64(id).Build()))
}
