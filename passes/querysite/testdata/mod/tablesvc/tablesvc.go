package tablesvc

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	ttypes "github.com/ydb-platform/ydb-go-sdk/v3/table/types"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

func Execute(ctx context.Context, db *ydb.Driver, id uint64) error {
	return db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, table.DefaultTxControl(), "SELECT * FROM t WHERE id = $id", // want `api=table.Session.Execute text="SELECT \* FROM t WHERE id = \$id" params=\{\$id:Uint64 const=false\}`
			table.NewQueryParameters(table.ValueParam("id", types.Uint64Value(id))))
		if err != nil {
			return err
		}
		_, err = s.Explain(ctx, "SELECT 1")                   // want `api=table.Session.Explain text="SELECT 1" params=\{\} notyql explain`
		_ = s.ExecuteSchemeQuery(ctx, "DROP TABLE x")         // want `api=table.Session.ExecuteSchemeQuery text="DROP TABLE x"`
		_, _ = s.StreamExecuteScanQuery(ctx, "SELECT 2", nil) // want `api=table.Session.StreamExecuteScanQuery text="SELECT 2" params=\{\}`
		stmt, err := s.Prepare(ctx, "SELECT 3 WHERE $k = 1")
		if err != nil {
			return err
		}
		_, _, err = stmt.Execute(ctx, table.DefaultTxControl(), table.NewQueryParameters(table.ValueParam("$k", ttypes.Uint64Value(1)))) // want `api=table.Statement.Execute text="SELECT 3 WHERE \$k = 1" params=\{\$k:Uint64 const=true\}`
		return err
	})
}

func Tx(ctx context.Context, db *ydb.Driver) error {
	return db.Table().DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
		_, err := tx.Execute(ctx, "UPSERT INTO t (id) VALUES ($id)", // want `api=table.TransactionActor.Execute .* params=\{\$id:Uint64\?null\}`
			table.NewQueryParameters(table.ValueParam("$id", ttypes.NullableUint64Value(nil))))
		return err
	})
}

func Scripting(ctx context.Context, db *ydb.Driver) {
	_, _ = db.Scripting().Execute(ctx, "SELECT 4", nil) // want `api=scripting.Client.Execute text="SELECT 4" params=\{\}`
}

func Bulk(ctx context.Context, db *ydb.Driver, ids []uint64) error {
	var rows []types.Value
	for _, id := range ids {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("id", types.Uint64Value(id)),
			types.StructFieldValue("name", types.NullValue(types.TypeText)),
		))
	}
	return db.Table().BulkUpsert(ctx, "/local/t", table.BulkUpsertDataRows(types.ListValue(rows...))) // want `api=table.Client.BulkUpsert kind=bulkupsert table="/local/t" row\{id:Uint64 const=false,name:Utf8\?null\}`
}

func Read(ctx context.Context, db *ydb.Driver, s table.Session) {
	_, _ = db.Table().ReadRows(ctx, "/local/t", types.ListValue(types.StructValue(types.StructFieldValue("id", types.Uint64Value(7)))), nil)                                                                       // want `api=table.Client.ReadRows kind=readrows table="/local/t" row\{id:Uint64 const=true\}`
	_, _ = s.StreamReadTable(ctx, "/local/t", options.ReadKeyRange(options.KeyRange{From: types.TupleValue(types.OptionalValue(types.Uint64Value(2)))}), options.ReadLess(types.TupleValue(types.Uint64Value(9)))) // want `api=table.Session.StreamReadTable kind=readtable table="/local/t" range\(Uint64\? const=true\) range\(Uint64 const=true\)`
}

func Create(ctx context.Context, s table.Session) {
	_ = s.CreateTable(ctx, "/local/t", // want `kind=createtable table="/local/t" cols=\[hash:Uint64\?,id:Uint64,ts:Timestamp\] pk=\[hash,id\] index=by_ts\(ts\) cover\(id\) async partitions=4 ttl=ts`
		options.WithColumn("hash", types.Optional(types.TypeUint64)),
		options.WithColumn("id", types.TypeUint64),
		options.WithColumnMeta(options.Column{Name: "ts", Type: types.TypeTimestamp, Family: "x"}),
		options.WithPrimaryKeyColumn("hash"),
		options.WithPrimaryKeyColumn("id"),
		options.WithIndex("by_ts", options.WithIndexColumns("ts"), options.WithDataColumns("id"), options.WithIndexType(options.GlobalAsyncIndex())),
		options.WithPartitions(options.WithUniformPartitions(4)),
		options.WithTimeToLiveSettings(options.NewTTLSettings().ColumnDateType("ts")),
	)
	_ = s.AlterTable(ctx, "/local/t", options.WithAddColumn("v", types.Optional(types.TypeText)), options.WithDropColumn("w")) // want `kind=altertable table="/local/t" cols=\[v:Utf8\?\] pk=\[\] drop=\[w\]`
	_ = s.DropTable(ctx, "/local/t")                                                                                           // want `kind=droptable table="/local/t"`
}
