// Package badwriter batches span index records and writes each batch with
// BulkUpsert to the index's table.
package badwriter

import (
	"context"
	"math/rand"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/rowalts/badidx"
)

const (
	tblTagIndex      = "bix_tag"
	tblServiceIndex  = "bix_service"
	tblDurationIndex = "bix_duration"

	numBuckets = 8
)

// batchWriter writes the records of one index; the table is the index's.
type batchWriter struct {
	pool      table.Client
	folder    string
	tableName string
	rnd       *rand.Rand
}

func newBatchWriter(pool table.Client, folder, tableName string) *batchWriter {
	return &batchWriter{pool: pool, folder: folder, tableName: tableName, rnd: rand.New(rand.NewSource(1))}
}

// write upserts one batch; each record goes to a bucket of its own.
func (w *batchWriter) write(ctx context.Context, items []badidx.Indexable, traceIDs [][]byte) error {
	rows := make([]types.Value, 0, len(items))
	for i, item := range items {
		fields := item.StructFields(uint8(i % numBuckets))
		fields = append(fields,
			types.StructFieldValue("uniq", types.Uint32Value(w.rnd.Uint32())),
			types.StructFieldValue("trace_ids", types.BytesValue(traceIDs[i])),
		)
		rows = append(rows, types.StructValue(fields...)) // want `BulkUpsert row has no field for key column idx_hash of every table the path may name: YDB rejects the batch; every table the path may name \(bix_tag .*bix_service .*bix_duration .*\); add the field; the row's fields come from \(badidx.serviceIndex\).StructFields at service.go:17:2`
	}
	return w.pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(w.folder, w.tableName), types.ListValue(rows...))
	}, table.WithIdempotent())
}

// Indexer owns one writer per index.
type Indexer struct {
	tags, services, durations *batchWriter
}

// NewIndexer wires the writers; folder is the database's tracing folder.
func NewIndexer(pool table.Client, folder string) *Indexer {
	return &Indexer{
		tags:      newBatchWriter(pool, folder, tblTagIndex),
		services:  newBatchWriter(pool, folder, tblServiceIndex),
		durations: newBatchWriter(pool, folder, tblDurationIndex),
	}
}

// Index writes the index records of a batch of spans.
func (x *Indexer) Index(ctx context.Context, spans []badidx.Span, traceIDs [][]byte) error {
	var tags, services, durations []badidx.Indexable
	for _, s := range spans {
		for k, v := range s.Tags {
			tags = append(tags, badidx.NewTagIndex(s, k, v))
		}
		services = append(services, badidx.NewServiceIndex(s))
		durations = append(durations, badidx.NewDurationIndex(s))
	}
	if err := x.tags.write(ctx, tags, traceIDs); err != nil {
		return err
	}
	if err := x.services.write(ctx, services, traceIDs); err != nil {
		return err
	}
	return x.durations.write(ctx, durations, traceIDs)
}
