package main

import (
	"context"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// createFeeds creates the activity feed indexes: by operation, and by
// tag. Each leads with a bucketed hash of its own values (feedidx.OpHash,
// feedidx.TagHash); the tag index also keys by the tag's name.
func createFeeds(ctx context.Context, s table.Session, prefix string) error {
	if err := s.CreateTable(ctx, path.Join(prefix, "feed_op"),
		options.WithColumn("idx_hash", types.TypeUint64),
		options.WithColumn("rev_start_time", types.TypeInt64),
		options.WithColumn("uniq", types.TypeUint32),
		options.WithColumn("event_ids", types.Optional(types.TypeString)),
		options.WithPrimaryKeyColumn("idx_hash", "rev_start_time", "uniq"),
	); err != nil {
		return err
	}
	return s.CreateTable(ctx, path.Join(prefix, "feed_tag"),
		options.WithColumn("idx_hash", types.TypeUint64),
		options.WithColumn("rev_start_time", types.TypeInt64),
		options.WithColumn("tag_key", types.TypeText),
		options.WithColumn("uniq", types.TypeUint32),
		options.WithColumn("event_ids", types.Optional(types.TypeString)),
		options.WithPrimaryKeyColumn("idx_hash", "rev_start_time", "tag_key", "uniq"),
	)
}
