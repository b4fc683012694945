// Package suppressed holds suppressed diagnostics: a Go directive, a YQL
// directive, and (with report-unused-ignores from .ydblint.yml) a directive
// that suppresses nothing.
package suppressed

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

func Export(ctx context.Context, db *ydb.Driver, p query.ExecuteOption) {
	//ydblint:ignore fullscan the nightly export reads the whole table
	_, _ = db.Query().QueryRow(ctx, "SELECT * FROM audit WHERE id = $id", p)
}

func Record(ctx context.Context, db *ydb.Driver, p query.ExecuteOption) error {
	return db.Query().Exec(ctx, `
		-- ydblint:ignore monotonickey audit takes a few rows a day
		UPSERT INTO audit (created_at, id) VALUES (CurrentUtcTimestamp(), $id)`, p)
}

func Lookup(ctx context.Context, db *ydb.Driver, p query.ExecuteOption) {
	//ydblint:ignore nullkey a keyed read writes nothing // want `suppresses nothing`
	_, _ = db.Query().QueryRow(ctx, "SELECT * FROM accounts WHERE account_id = $id", p)
}
