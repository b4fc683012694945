// want package:"reachesYDB"

// Package ydbutil holds the team's shared YDB helpers.
package ydbutil

import (
	"context"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Upsert writes rows to the table name of the driver's database, retried
// as an idempotent operation.
func Upsert(ctx context.Context, db *ydb.Driver, name string, rows []types.Value) error { // want Upsert:`ydbSink\(table=\{\?\}/\{2\},rows=list:3\)`
	return db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(db.Name(), name), types.ListValue(rows...))
	}, table.WithIdempotent())
}

// UpsertPath writes rows to a table given by its full path.
func UpsertPath(ctx context.Context, db *ydb.Driver, tablePath string, rows []types.Value) error { // want UpsertPath:`ydbSink\(table=2,rows=list:3\)`
	return db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, tablePath, types.ListValue(rows...))
	}, table.WithIdempotent())
}
