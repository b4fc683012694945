// Package sweeper writes tombstone sessions to shard zero. Package keeper
// hashes the shard, but package search reads a shard a caller names, so
// the module does not show that shard always holds a hash: nothing is
// reported here.
package sweeper

import (
	"context"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Tombstones writes one tombstone per expired session id.
func Tombstones(ctx context.Context, db *ydb.Driver, ids []string, at int64) error {
	rows := make([]types.Value, 0, len(ids))
	for _, id := range ids {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("shard", types.Uint64Value(0)),
			types.StructFieldValue("created_at", types.Int64Value(at)),
			types.StructFieldValue("id", types.UTF8Value(id)),
		))
	}
	return db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(db.Name(), "sessions"), types.ListValue(rows...))
	})
}
