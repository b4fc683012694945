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

// auditLog is keyed by the clock: appends all go to the last partition.
func auditLog() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("ts", types.TypeInt64),
		options.WithColumn("user", types.TypeText),
		options.WithColumn("shard", types.TypeUint64),
		options.WithPrimaryKeyColumn("ts", "user"),
	}
}

// shardedLog spreads appends over shards.
func shardedLog() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("shard", types.TypeUint64),
		options.WithColumn("ts", types.TypeInt64),
		options.WithColumn("user", types.TypeText),
		options.WithPrimaryKeyColumn("shard", "ts", "user"),
	}
}

// profiles is keyed by a hash of the user first (the service computes
// it in YQL with Digest::NumericHash).
func profiles() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("user_hash", types.TypeUint64),
		options.WithColumn("user", types.TypeText),
		options.WithColumn("payload", types.Optional(types.TypeString)),
		options.WithPrimaryKeyColumn("user_hash", "user"),
	}
}

func createProfiles(ctx context.Context, s table.Session) error {
	if err := s.CreateTable(ctx, "/local/profiles/usr_main", profiles()...); err != nil {
		return err
	}
	return s.CreateTable(ctx, "/local/profiles/usr_archive", profiles()...)
}

func createAudit(ctx context.Context, s table.Session) error {
	if err := createProfiles(ctx, s); err != nil {
		return err
	}
	for _, err := range []error{
		s.CreateTable(ctx, "/local/audit/evt_login", auditLog()...),
		s.CreateTable(ctx, "/local/audit/evt_logout", auditLog()...),
		s.CreateTable(ctx, "/local/audit/evh_login", shardedLog()...),
		s.CreateTable(ctx, "/local/audit/evh_logout", auditLog()...),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}

func createAll(ctx context.Context, s table.Session, prefix string) error {
	if err := createAudit(ctx, s); err != nil {
		return err
	}
	steps := []error{
		s.CreateTable(ctx, path.Join(prefix, "tix_tag"), spanIndex()...),
		s.CreateTable(ctx, path.Join(prefix, "tix_service"), spanIndex()...),
		s.CreateTable(ctx, path.Join(prefix, "tix_duration"), durationIndex()...),
		s.CreateTable(ctx, path.Join(prefix, "bix_tag"), spanIndex()...),
		s.CreateTable(ctx, path.Join(prefix, "bix_service"), spanIndex()...),
		s.CreateTable(ctx, path.Join(prefix, "bix_duration"), durationIndex()...),
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
		return createAll(ctx, s, path.Join(db.Name(), "tracing"))
	})
	if err != nil {
		log.Fatal(err)
	}
}
