// Package reports builds nightly reports: its numbers are computed, not
// received, so only -strict lists them.
package reports

import (
	"context"
	"fmt"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

type Builder struct {
	db    *ydb.Driver
	shard string // configuration
}

func NewBuilder(db *ydb.Driver, shard string) *Builder { return &Builder{db: db, shard: shard} }

// Since splices a computed timestamp: a new text every run.
func (b *Builder) Since(ctx context.Context) (query.Result, error) {
	since := time.Now().Add(-24 * time.Hour).Unix()
	return b.db.Query().Query(ctx, fmt.Sprintf("SELECT id FROM events WHERE ts >= %d AND shard = '%s';", since, b.shard)) // want `since is spliced into the YQL text as a value compared with column ts: a new query text per value; YDB compiles every distinct text again.*\(DECLARE \$ts AS Int64;\), write \$ts in the text and bind it with query.WithParameters\(ydb.ParamsBuilder\(\).Param\("\$ts"\).Int64\(since\).Build\(\)\)`
}

// SinceParam is Since's correct twin.
func (b *Builder) SinceParam(ctx context.Context) (query.Result, error) {
	since := time.Now().Add(-24 * time.Hour).Unix()
	return b.db.Query().Query(ctx, "DECLARE $ts AS Int64; SELECT id FROM events WHERE ts >= $ts;",
		query.WithParameters(ydb.ParamsBuilder().Param("$ts").Int64(since).Build()))
}
