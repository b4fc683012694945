package query

import (
	"context"
	"fmt"
	"strings"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

const selectByID = "SELECT * FROM users WHERE id = $id"

type Storage struct {
	db        *ydb.Driver
	tablePath string
}

func Constants(ctx context.Context, db *ydb.Driver) {
	_ = db.Query().Exec(ctx, selectByID)                           // want `api=query.Client.Exec text="SELECT \* FROM users WHERE id = \$id" params=\{\}`
	_ = db.Query().Exec(ctx, "UPSERT INTO t (id) "+"VALUES ($id)") // want `text="UPSERT INTO t \(id\) VALUES \(\$id\)"`
}

func Builder(ctx context.Context, db *ydb.Driver, id uint64, p *uint64) {
	_, _ = db.Query().Query(ctx, "SELECT 1 FROM t WHERE id = $id AND x = $x", // want `api=query.Client.Query .* params=\{\$id:Uint64 const=false,\$x:Uint64\?maybe-null\}`
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Param("$x").BeginOptional().Uint64(p).EndOptional().Build()))
	_ = db.Query().Exec(ctx, "UPSERT INTO t (id) VALUES ($id)", // want `params=\{\$id:Uint64\?null\}`
		query.WithParameters(ydb.ParamsBuilder().Param("$id").BeginOptional().Uint64(nil).EndOptional().Build()))
	_ = db.Query().Exec(ctx, "UPSERT INTO t (id) VALUES ($id)", // want `params=\{\$id:Uint64\?null\}`
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Any(types.NullValue(types.TypeUint64)).Build()))
	_ = db.Query().Exec(ctx, "UPSERT INTO t (id) VALUES ($id)", // want `params=\{id:Uint64 const=true nodollar\}`
		query.WithParameters(ydb.ParamsBuilder().Param("id").Uint64(1).Build()))
}

func Sprintf(ctx context.Context, s *Storage, id uint64) error {
	q := fmt.Sprintf("SELECT * FROM %s WHERE id = %d", s.tablePath, 5)
	return s.db.Query().Do(ctx, func(ctx context.Context, sess query.Session) error {
		return sess.Exec(ctx, q) // want `api=query.Executor.Exec text="SELECT \* FROM __ydblint_hole_0__ WHERE id = 5" holes=\[field:example.com/app/query.Storage.tablePath\]`
	})
}

func Phi(ctx context.Context, db *ydb.Driver, byName bool) {
	q := "SELECT * FROM t WHERE id = $id"
	if byName {
		q = "SELECT * FROM t WHERE name = $name"
	}
	_ = db.Query().Exec(ctx, q) // want `text="SELECT \* FROM t WHERE id = \$id" \| text="SELECT \* FROM t WHERE name = \$name"`
}

func BuildersAndJoin(ctx context.Context, db *ydb.Driver) {
	var sb strings.Builder
	sb.WriteString("SELECT a ")
	sb.WriteString("FROM t")
	_ = db.Query().Exec(ctx, sb.String())                                       // want `text="SELECT a FROM t"`
	_ = db.Query().Exec(ctx, strings.Join([]string{"SELECT b", "FROM t"}, " ")) // want `text="SELECT b FROM t"`
}

func TxAndExplain(ctx context.Context, db *ydb.Driver) error {
	_ = db.Query().Exec(ctx, "SELECT 1", query.WithExecMode(query.ExecModeExplain)) // want `text="SELECT 1" .*explain`
	return db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		_, err := tx.QueryRow(ctx, "SELECT 2") // want `api=query.Executor.QueryRow text="SELECT 2"`
		return err
	})
}
