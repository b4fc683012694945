package main

import (
	"context"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// createTables makes shelf_items, keyed by (shelf_id, item_id), and its
// log under the program's folder.
func createTables(ctx context.Context, c table.Client, prefix string) error {
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		if err := s.CreateTable(ctx, path.Join(prefix, "shelf_items"),
			options.WithColumn("shelf_id", types.TypeUint64),
			options.WithColumn("item_id", types.TypeUint64),
			options.WithColumn("color", types.Optional(types.TypeText)),
			options.WithPrimaryKeyColumn("shelf_id", "item_id"),
		); err != nil {
			return err
		}
		return s.CreateTable(ctx, path.Join(prefix, "shelf_moves"),
			options.WithColumn("shelf_id", types.TypeUint64),
			options.WithColumn("moved_at", types.TypeTimestamp),
			options.WithColumn("item_id", types.TypeUint64),
			options.WithPrimaryKeyColumn("shelf_id", "moved_at", "item_id"),
		)
	})
}
