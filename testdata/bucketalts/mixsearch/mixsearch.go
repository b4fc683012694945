// Package mixsearch writes mixidx records (one type hashes the leading
// key column, the other fills it with a caller's shard) and lists the
// newest entries without the leading column: no hashprefix finding, since
// the column is not certainly a hash (fullscan reports the read).
package mixsearch

import (
	"context"
	"path"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/bucketalts/mixidx"
)

type writer struct {
	pool      table.Client
	folder    string
	tableName string
}

func newWriter(pool table.Client, folder, tableName string) *writer {
	return &writer{pool: pool, folder: folder, tableName: tableName}
}

func (w *writer) write(ctx context.Context, items []mixidx.Indexable, seq uint32) error {
	rows := make([]types.Value, 0, len(items))
	for i, item := range items {
		fields := append(item.StructFields(uint8(i%8)), types.StructFieldValue("uniq", types.Uint32Value(seq+uint32(i))))
		rows = append(rows, types.StructValue(fields...))
	}
	return w.pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(w.folder, w.tableName), types.ListValue(rows...))
	})
}

// Store owns the writers.
type Store struct {
	pool          table.Client
	tags, service *writer
}

// New wires a Store.
func New(pool table.Client, folder string) *Store {
	return &Store{pool: pool, tags: newWriter(pool, folder, "tix_tag"), service: newWriter(pool, folder, "tix_service")}
}

// Index writes tag records and shard records.
func (st *Store) Index(ctx context.Context, service, key string, shard uint64, seq uint32) error {
	now := time.Now()
	if err := st.tags.write(ctx, []mixidx.Indexable{mixidx.NewTagIndex(service, key, now)}, seq); err != nil {
		return err
	}
	return st.service.write(ctx, []mixidx.Indexable{mixidx.NewShardIndex(shard, now)}, seq)
}

var ro = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

// Recent lists the newest tag entries.
func (st *Store) Recent(ctx context.Context, since int64) error {
	return st.pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, ro, `DECLARE $since AS Int64;
SELECT trace_ids FROM tix_tag WHERE rev_start_time <= 0 - $since`,
			table.NewQueryParameters(table.ValueParam("$since", types.Int64Value(since))))
		if err != nil {
			return err
		}
		return res.Close()
	})
}
