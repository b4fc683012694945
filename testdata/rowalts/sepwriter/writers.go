// Package sepwriter gives each index its own writer function, all sharing
// the records' interface: ydblint cannot tell which kind of record reaches
// which writer, so a row is reported only for a fault it would have in
// every table it could be written to.
package sepwriter

import (
	"context"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/rowalts/tixidx"
)

// WriteDurations writes duration records only (the caller sorts them), to
// the duration index: tag records, which have no duration, never come
// here, though their type allows it.
func WriteDurations(ctx context.Context, pool table.Client, folder string, items []tixidx.Indexable) error {
	rows := make([]types.Value, 0, len(items))
	for i, it := range items {
		fields := append(it.StructFields(uint8(i%8)), types.StructFieldValue("uniq", types.Uint32Value(uint32(i))))
		rows = append(rows, types.StructValue(fields...))
	}
	return pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(folder, "tix_duration"), types.ListValue(rows...))
	})
}

// WriteTags writes tag records to the tag index.
func WriteTags(ctx context.Context, pool table.Client, folder string, items []tixidx.Indexable) error {
	rows := make([]types.Value, 0, len(items))
	for i, it := range items {
		fields := append(it.StructFields(uint8(i%8)), types.StructFieldValue("uniq", types.Uint32Value(uint32(i))))
		rows = append(rows, types.StructValue(fields...))
	}
	return pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(folder, "tix_tag"), types.ListValue(rows...))
	})
}
