// Package viawrap reaches the SDK through example.com/rules/dbwrap.
package viawrap

import (
	"context"
	"database/sql"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"

	"example.com/rules/dbwrap"
)

func Save(ctx context.Context, db *dbwrap.DB) error {
	return db.Exec(ctx, "UPSERT INTO sessions (user_id, session_id) VALUES ($u, 's')", // want `NULL.* is written to key column user_id of sessions: .*table sessions.*reached through \(\*example.com/rules/dbwrap.DB\).Exec`
		query.WithParameters(ydb.ParamsBuilder().Param("$u").BeginOptional().Uint64(nil).EndOptional().Build()))
}

func SaveSQL(ctx context.Context, db *dbwrap.DB, id uint64) error {
	return db.SQLExec(ctx, "UPSERT INTO accounts (account_id, email) VALUES ($a, 'x')", sql.Named("a", id))
}
