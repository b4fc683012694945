// Package sepbad is sepwriter's faulty twin: the same writer per index,
// fed with records one of whose kinds forgot the leading key column.
package sepbad

import (
	"context"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/rowalts/badidx"
)

// WriteServices writes the faulty records: the service record has no
// idx_hash, the key of every table such a row could go to.
func WriteServices(ctx context.Context, pool table.Client, folder string, items []badidx.Indexable) error {
	rows := make([]types.Value, 0, len(items))
	for i, it := range items {
		fields := append(it.StructFields(uint8(i%8)), types.StructFieldValue("uniq", types.Uint32Value(uint32(i))))
		rows = append(rows, types.StructValue(fields...)) // want `BulkUpsert row has no field for key column idx_hash of bix_service: YDB rejects the batch; table bix_service.*the row's fields come from \(badidx.serviceIndex\).StructFields`
	}
	return pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(folder, "bix_service"), types.ListValue(rows...))
	})
}
