// Package q uses SDK v3.100.0, where (*ydb.Driver).Query() returns the
// concrete *internal/query.Client: Exec is a static call.
package q

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	ttypes "github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

func Old(ctx context.Context, db *ydb.Driver, id uint64) {
	_ = db.Query().Exec(ctx, "SELECT * FROM t WHERE id = $id", // want `api=query.Client.Exec text="SELECT \* FROM t WHERE id = \$id" params=\{\$id:Uint64 const=false\}`
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
	_ = db.Query().Exec(ctx, "UPSERT INTO t (id) VALUES ($id)", // want `params=\{\$id:Uint64\?null\}`
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Any(ttypes.NullValue(ttypes.TypeUint64)).Build()))
}
