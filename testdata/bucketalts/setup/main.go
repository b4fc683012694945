// Command setup creates the span index tables. The deploy job runs it
// once per database; no service package imports it.
package main

import (
	"context"
	"flag"
	"log"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

var dsn = flag.String("dsn", "grpc://localhost:2136/local", "database")

// spanIndex is the layout of the tag and service indexes: a bucketed hash
// first, so that the writes of one tag spread over the partitions.
func spanIndex() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("idx_hash", types.TypeUint64),
		options.WithColumn("rev_start_time", types.TypeInt64),
		options.WithColumn("uniq", types.TypeUint32),
		options.WithColumn("trace_ids", types.Optional(types.TypeString)),
		options.WithPrimaryKeyColumn("idx_hash", "rev_start_time", "uniq"),
	}
}

// durationIndex also sorts by duration within a bucket.
func durationIndex() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("idx_hash", types.TypeUint64),
		options.WithColumn("duration", types.TypeInt64),
		options.WithColumn("rev_start_time", types.TypeInt64),
		options.WithColumn("uniq", types.TypeUint32),
		options.WithColumn("trace_ids", types.Optional(types.TypeString)),
		options.WithPrimaryKeyColumn("idx_hash", "duration", "rev_start_time", "uniq"),
	}
}

func createAll(ctx context.Context, s table.Session, prefix string) error {
	steps := []error{
		s.CreateTable(ctx, path.Join(prefix, "tix_tag"), spanIndex()...),
		s.CreateTable(ctx, path.Join(prefix, "tix_service"), spanIndex()...),
		s.CreateTable(ctx, path.Join(prefix, "tix_duration"), durationIndex()...),
	}
	for _, err := range steps {
		if err != nil {
			return err
		}
	}
	return nil
}

func main() {
	flag.Parse()
	ctx := context.Background()
	db, err := ydb.Open(ctx, *dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close(ctx)
	err = db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		if err := createAll(ctx, s, path.Join(db.Name(), "tracing")); err != nil {
			return err
		}
		return createFeeds(ctx, s, path.Join(db.Name(), "tracing"))
	})
	if err != nil {
		log.Fatal(err)
	}
}
