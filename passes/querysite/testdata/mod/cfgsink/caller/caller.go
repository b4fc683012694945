// Package caller calls the configured sinks from another package.
package caller

import (
	"context"
	"database/sql"

	"example.com/app/cfgsink/db"
	"example.com/app/cfgsink/opaque"
	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

const byUser = "SELECT * FROM orders WHERE user_id = $uid"

func Calls(ctx context.Context, r *db.Repo, s db.Store, uid uint64) {
	_ = r.Query(ctx, byUser, table.NewQueryParameters(table.ValueParam("$uid", types.Uint64Value(uid))))  // want `api=\(\*example.com/app/cfgsink/db.Repo\).Query text="SELECT \* FROM orders WHERE user_id = \$uid" params=\{\$uid:Uint64 const=false\}`
	_ = s.Select(ctx, "SELECT 2", query.WithParameters(ydb.ParamsBuilder().Param("$x").Int32(2).Build())) // want `api=\(example.com/app/cfgsink/db.Store\).Select text="SELECT 2" params=\{\$x:Int32 const=true\}`
	_ = db.Raw("SELECT 3", map[string]any{"$a": 1})                                                       // want `api=example.com/app/cfgsink/db.Raw text="SELECT 3" params=\{\}\?`
	_ = db.Count(4, "SELECT 4")
	_ = r.ByID(ctx, "SELECT 5 WHERE id = $id", uid) // want `api=\(\*example.com/app/cfgsink/db.Repo\).Query text="SELECT 5 WHERE id = \$id" params=\{\}\? chain=\(\*example.com/app/cfgsink/db.Repo\).ByID`
}

func Opaque(ctx context.Context, c opaque.Conn, id int64) {
	_ = opaque.Exec(ctx, "DELETE FROM t WHERE id = $id", sql.Named("id", id), 7) // want `api=example.com/app/cfgsink/opaque.Exec text="DELETE FROM t WHERE id = \$id" params=\{\$id:Int64 const=false\}\? mode=unknown`
	_ = c.Script("DROP TABLE t")                                                 // want `api=\(example.com/app/cfgsink/opaque.Conn\).Script text="DROP TABLE t" params=\{\}`
}
