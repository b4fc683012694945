package tablesvc

import (
	"context"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

// Entry points that the knowledge-table resolution test covers and that
// deserve a site expectation of their own.

func Arrow(ctx context.Context, db *ydb.Driver) error {
	return db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		_, err := s.QueryArrow(ctx, "SELECT 10 FROM t WHERE id = $id", query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(1).Build())) // want `api=query.ArrowExecutor.QueryArrow text="SELECT 10 FROM t WHERE id = \$id" params=\{\$id:Uint64 const=true\}`
		return err
	})
}

func Script(ctx context.Context, db *ydb.Driver) {
	_, _ = db.Query().ExecuteScript(ctx, "SELECT 11", time.Hour) // want `api=query.Client.ExecuteScript text="SELECT 11" params=\{\}`
}

func StreamScript(ctx context.Context, db *ydb.Driver) {
	_, _ = db.Scripting().StreamExecute(ctx, "SELECT 12", nil) // want `api=scripting.Client.StreamExecute text="SELECT 12" params=\{\}`
}

// The deprecated session forms of BulkUpsert and ReadRows.
func SessionKeyed(ctx context.Context, s table.Session) {
	_ = s.BulkUpsert(ctx, "/local/t", types.ListValue(types.StructValue(types.StructFieldValue("id", types.Uint64Value(3)))))  // want `api=table.Session.BulkUpsert kind=bulkupsert table="/local/t" row\{id:Uint64 const=true\}`
	_, _ = s.ReadRows(ctx, "/local/t", types.ListValue(types.StructValue(types.StructFieldValue("id", types.Uint64Value(4))))) // want `api=table.Session.ReadRows kind=readrows table="/local/t" row\{id:Uint64 const=true\}`
}
