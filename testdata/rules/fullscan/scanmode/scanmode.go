// Package scanmode holds scan and explain queries, run without -strict: a
// scan query reads many rows on purpose, an explained one never runs.
package scanmode

import (
	"context"
	"database/sql"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
)

func Reads(ctx context.Context, db *sql.DB, drv *ydb.Driver, u uint64) {
	_ = db.QueryRowContext(ydb.WithQueryMode(ctx, ydb.ScanQueryMode), "SELECT userevent FROM logs WHERE userid = $u", sql.Named("u", u))
	_ = db.QueryRowContext(ydb.WithQueryMode(ctx, ydb.ExplainQueryMode), "SELECT userevent FROM logs WHERE userid = $u", sql.Named("u", u))
	_ = db.QueryRowContext(ctx, "SELECT userevent FROM logs WHERE userid = $u", sql.Named("u", u)) // want `SELECT reads every partition of logs.*the first key column timestamp is not; .*; filter on timestamp, or change the key so that it starts with the column you filter on$`
	_ = drv.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, err := s.StreamExecuteScanQuery(ctx, "SELECT userevent FROM logs WHERE userid = $u", nil)
		return err
	})
}
