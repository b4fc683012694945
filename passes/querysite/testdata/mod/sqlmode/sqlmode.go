// Package sqlmode sets the database/sql query mode on the call's context.
package sqlmode

import (
	"context"
	"database/sql"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3"
)

func Modes(ctx context.Context, db *sql.DB, cond bool, mode ydb.QueryMode) {
	_, _ = db.QueryContext(ydb.WithQueryMode(ctx, ydb.ScanQueryMode), "SELECT 1 FROM t")    // want `text="SELECT 1 FROM t" .* scan$`
	_, _ = db.QueryContext(ydb.WithQueryMode(ctx, ydb.ExplainQueryMode), "SELECT 2 FROM t") // want `text="SELECT 2 FROM t" .* notyql explain$`
	_, _ = db.ExecContext(ydb.WithQueryMode(ctx, ydb.SchemeQueryMode), "DROP TABLE t")      // want `text="DROP TABLE t" params=\{\} mode=unknown$`

	// Assigned, then derived by the standard library and the SDK.
	sctx := ydb.WithQueryMode(ctx, ydb.ScanQueryMode)
	tctx, cancel := context.WithTimeout(sctx, time.Second)
	defer cancel()
	_, _ = db.QueryContext(ydb.WithTxControl(tctx, nil), "SELECT 3 FROM t") // want `text="SELECT 3 FROM t" .* scan$`

	// A later mode replaces the scan mode; explain is kept apart.
	_, _ = db.QueryContext(ydb.WithQueryMode(sctx, ydb.DataQueryMode), "SELECT 4 FROM t")    // want `text="SELECT 4 FROM t" params=\{\} mode=unknown$`
	_, _ = db.QueryContext(ydb.WithQueryMode(sctx, ydb.ExplainQueryMode), "SELECT 5 FROM t") // want `text="SELECT 5 FROM t" .* notyql explain scan$`

	// Scan on one path only, or a mode that is not a constant: no mode.
	c := ctx
	if cond {
		c = ydb.WithQueryMode(ctx, ydb.ScanQueryMode)
	}
	_, _ = db.QueryContext(c, "SELECT 6 FROM t")                                 // want `text="SELECT 6 FROM t" params=\{\} mode=unknown$`
	_, _ = db.QueryContext(ydb.WithQueryMode(ctx, mode), "SELECT 7 FROM t")      // want `text="SELECT 7 FROM t" params=\{\} mode=unknown$`
	_, _ = db.QueryContext(context.WithValue(sctx, key{}, 1), "SELECT 8 FROM t") // want `text="SELECT 8 FROM t" .* scan$`
	_, _ = db.QueryContext(userCtx(sctx), "SELECT 9 FROM t")                     // want `text="SELECT 9 FROM t" params=\{\} mode=unknown$`

	// Captured by a closure.
	func() {
		_, _ = db.QueryContext(sctx, "SELECT 10 FROM t") // want `text="SELECT 10 FROM t" .* scan$`
	}()

	// Through a wrapper that sets the mode itself.
	scan(ctx, db, "SELECT 11 FROM t") // want `text="SELECT 11 FROM t" .* scan chain=`
}

type key struct{}

func userCtx(ctx context.Context) context.Context { return ctx }

func scan(ctx context.Context, db *sql.DB, q string) {
	_, _ = db.QueryContext(ydb.WithQueryMode(ctx, ydb.ScanQueryMode), q)
}
