// Package rules holds one case of each rule, through different SDK entry
// points.
package rules

import (
	"context"
	"database/sql"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

func id(v uint64) query.ExecuteOption {
	return query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(v).Build())
}

func FullScan(ctx context.Context, db *ydb.Driver, v uint64) {
	_, _ = db.Query().QueryRow(ctx, "SELECT * FROM audit WHERE id = $id", id(v)) // want `SELECT reads every partition of audit\b`
}

func NullKey(ctx context.Context, db *sql.DB) {
	_, _ = db.ExecContext(ctx, "UPSERT INTO accounts (account_id, email) VALUES ($a, 'x')", sql.Named("a", sql.NullInt64{})) // want `NULL.* is written to NOT NULL key column account_id of accounts: YDB rejects the statement; .*table accounts`
}

func Monotonic(ctx context.Context, c table.Client, v uint64) error {
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, table.DefaultTxControl(), "DECLARE $id AS Uint64; UPSERT INTO audit (created_at, id) VALUES (CurrentUtcTimestamp(), $id);", // want `key of audit leads with created_at, of type Timestamp: one partition takes every insert; Timestamp is a time type`
			table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(v))))
		return err
	})
}

// Clean twins.
func Clean(ctx context.Context, db *ydb.Driver, v uint64) {
	_, _ = db.Query().QueryRow(ctx, "SELECT * FROM accounts WHERE account_id = $id", id(v))
	_ = db.Query().Exec(ctx, "UPSERT INTO accounts (account_id, email) VALUES ($id, NULL)", id(v))
}
