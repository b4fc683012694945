// Package setup creates one trace_spans table per day; only the deploy
// tool runs it.
package setup

import (
	"context"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/rules/hashprefix/spanidx/queries"
)

func spanTable() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("trace_hash", types.Optional(types.TypeUint64)),
		options.WithColumn("trace_id", types.Optional(types.TypeUTF8)),
		options.WithColumn("span_id", types.Optional(types.TypeUint64)),
		options.WithColumn("payload", types.Optional(types.TypeString)),
		options.WithPrimaryKeyColumn("trace_hash", "trace_id", "span_id"),
	}
}

// CreateDays creates the tables of the given days.
func CreateDays(ctx context.Context, db *ydb.Driver, folder string, days []queries.Day) error {
	for _, d := range days {
		name := path.Join(db.Name(), folder, "trace_spans_"+d.Suffix())
		err := db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
			return s.CreateTable(ctx, name, spanTable()...)
		})
		if err != nil {
			return err
		}
	}
	return nil
}
