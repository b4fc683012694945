// Package sentinel holds nullkey cases run with -strict: a NULL written
// literally into a nullable key column marks a sentinel row; it is only
// reported under -strict, with a message that says so.
package sentinel

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
)

func SentinelRows(ctx context.Context, db *ydb.Driver) {
	c := db.Query()
	// The per-user header row has no session: session_id is NULL on purpose.
	_ = c.Exec(ctx, "UPSERT INTO sessions (user_id, session_id, data) VALUES ($u, NULL, 'header')") // want `a literal NULL is written to key column session_id of sessions: a NULL key; .*finds it only by IS NULL; table sessions.*; fine for a deliberate sentinel row`
	_ = c.Exec(ctx, "SELECT data FROM sessions WHERE user_id = $u AND session_id IS NULL")
	// A NOT NULL key still rejects NULL, strict or not.
	_ = c.Exec(ctx, "UPSERT INTO accounts (account_id, email) VALUES (NULL, 'x')") // want `NULL.* is written to NOT NULL key column account_id of accounts: YDB rejects the statement`
}
