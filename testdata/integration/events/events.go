// Package events uses a table that bootstrap creates with CreateTable: the
// schema reaches it as bootstrap's package fact.
package events

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"

	_ "example.com/integ/bootstrap"
)

func ByID(ctx context.Context, db *ydb.Driver, id uint64) {
	_, _ = db.Query().QueryRow(ctx, "SELECT * FROM events WHERE id = $id", // want `SELECT reads every partition of events.*the first key column created_at is not`
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()), query.WithIdempotent())
}
