// Package store has helpers that write through the client.
package store

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

type Audit struct{ db *ydb.Driver }

func NewAudit(db *ydb.Driver) *Audit { return &Audit{db: db} }

// Record writes an audit row with a client call of its own.
func (a *Audit) Record(ctx context.Context, what string) error { // want Record:"entersRetrier\\(query\\.Client\\.Exec\\)"
	return a.write(ctx, what)
}

func (a *Audit) write(ctx context.Context, what string) error { // want write:"entersRetrier\\(query\\.Client\\.Exec\\)"
	return a.db.Query().Exec(ctx, "DECLARE $what AS Utf8; UPSERT INTO audit (id, what) VALUES (RandomUuid(1), $what);",
		query.WithParameters(ydb.ParamsBuilder().Param("$what").Text(what).Build()))
}

// RecordIn writes the audit row with the session it is given.
func RecordIn(ctx context.Context, ex query.Executor, what string) error {
	return ex.Exec(ctx, "DECLARE $what AS Utf8; UPSERT INTO audit (id, what) VALUES (RandomUuid(1), $what);",
		query.WithParameters(ydb.ParamsBuilder().Param("$what").Text(what).Build()))
}
