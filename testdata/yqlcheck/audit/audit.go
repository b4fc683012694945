// Package audit records who did what. Its table's migration does not parse
// in YDB (migrations/00003_audit.sql): yqlcheck reports the migration line
// from this package, the one that queries the table.
package audit

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

type Log struct{ db *ydb.Driver }

func New(db *ydb.Driver) *Log { return &Log{db: db} }

func (l *Log) Record(ctx context.Context, id uint64, actor, action string) error {
	return l.db.Query().Exec(ctx, "UPSERT INTO audit_log (event_id, actor, action) VALUES ($id, $actor, $action)",
		query.WithParameters(ydb.ParamsBuilder().
			Param("$id").Uint64(id).
			Param("$actor").Text(actor).
			Param("$action").Text(action).
			Build()))
}
