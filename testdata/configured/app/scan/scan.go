// Package scan holds the fullscan cases of the configured module: every
// query goes through the configured sink store.(*DB).Run, directly or
// through the excluded package gen.
package scan

import (
	"context"

	"example.com/configured/gen"
	"example.com/configured/store"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

func id(v uint64) *table.QueryParameters {
	return table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(v)))
}

// events is keyed (id, ts) after 10_events_rekey.sql.
func Events(ctx context.Context, d *store.DB, v uint64) {
	_ = d.Run(ctx, "SELECT * FROM events WHERE id = $id", id(v))
	_ = d.Run(ctx, "SELECT * FROM events WHERE payload = 'x'", nil) // want `SELECT reads every partition of events\b.*table events, primary key \(id, ts\) \(schema: _schema/ddl/10_events_rekey.sql:8\)`
	// Through the excluded package's wrapper: reported here, with the chain.
	_ = gen.Q(ctx, d, "SELECT * FROM events WHERE payload = 'y'") // want `SELECT reads every partition of events.*reached through example.com/configured/gen.Q`
}

// strict: true reports verdicts that depend on the server.
func Strict(ctx context.Context, d *store.DB) {
	_ = d.Run(ctx, "SELECT * FROM events WHERE id IN (SELECT user_id FROM users)", nil) // want `SELECT may read every partition of events\b`
}

// report-unused-ignores: true reports a directive that suppresses nothing.
func Ignores(ctx context.Context, d *store.DB, v uint64) {
	/* want "ydblint:ignore directive for fullscan suppresses nothing" */ //ydblint:ignore fullscan the lookup is by the key
	_ = d.Run(ctx, "SELECT * FROM events WHERE id = $id", id(v))
	_ = d.Run(ctx, "-- ydblint:ignore fullscan keyed\nSELECT * FROM events WHERE id = $id", id(v)) // want "ydblint:ignore directive for fullscan suppresses nothing"
	//ydblint:ignore fullscan the nightly export reads every event
	_ = d.Run(ctx, "SELECT * FROM events WHERE payload = 'z'", nil)
	// A directive trailing the last line of a multi-line statement covers
	// it, before or after its semicolon, and not the statement after it.
	_ = d.Run(ctx, `
		SELECT *
		FROM events
		WHERE payload = 'a' -- ydblint:ignore fullscan the audit export reads every event
	`, nil)
	_ = d.Run(ctx, "SELECT *\nFROM events\nWHERE payload = 'b';  -- ydblint:ignore fullscan the audit export reads every event\n"+
		"SELECT * FROM events WHERE payload = 'c';", nil) // want `SELECT reads every partition of events\b`
}
