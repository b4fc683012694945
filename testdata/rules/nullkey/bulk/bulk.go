// Package bulk holds nullkey cases for BulkUpsert rows.
package bulk

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

func Rows(ctx context.Context, db *ydb.Driver) error {
	return db.Table().BulkUpsert(ctx, "sessions", table.BulkUpsertDataRows(types.ListValue(
		types.StructValue(
			types.StructFieldValue("user_id", types.NullValue(types.TypeUint64)), // want `BulkUpsert writes NULL .* to key column user_id of sessions: a NULL key; .*table sessions`
			types.StructFieldValue("session_id", types.TextValue("s")),
		),
		types.StructValue( // want `BulkUpsert row has no field for key column session_id of sessions: YDB rejects the batch; table sessions`
			types.StructFieldValue("user_id", types.Uint64Value(1)),
		),
		types.StructValue(
			types.StructFieldValue("user_id", types.Uint64Value(2)),
			types.StructFieldValue("session_id", types.TextValue("t")),
		),
	)))
}
