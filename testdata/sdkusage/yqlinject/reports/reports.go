// Package reports builds nightly reports: its numbers are computed, not
// received, so only -strict lists them.
package reports

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
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

// Backfill inserts generated rows in batches, each batch's VALUES written
// in a loop: every batch is a new text.
func (b *Builder) Backfill(ctx context.Context, start, n int) error {
	var sb strings.Builder
	sb.WriteString("UPSERT INTO events (id, shard) VALUES")
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteString(",")
		}
		sb.WriteString(fmt.Sprintf(" (%d, 'backfill')", start+i)) // want `start \+ i is spliced into the YQL text as a VALUES element: a new query text per value; the value is from parameter start of exported \(\*Builder\).Backfill`
	}
	return b.db.Query().Exec(ctx, sb.String())
}

// BackfillParam is Backfill's twin: the rows are one list parameter.
func (b *Builder) BackfillParam(ctx context.Context, start, n int) error {
	rows := make([]types.Value, 0, n)
	for i := 0; i < n; i++ {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("id", types.Int64Value(int64(start+i))),
			types.StructFieldValue("shard", types.TextValue("backfill")),
		))
	}
	return b.db.Query().Exec(ctx, "DECLARE $rows AS List<Struct<id: Int64, shard: Utf8>>; UPSERT INTO events SELECT * FROM AS_TABLE($rows);",
		query.WithParameters(ydb.ParamsBuilder().Param("$rows").Any(types.ListValue(rows...)).Build()))
}
