// Package ingest appends index rows, one per span, in loops, through a
// helper that takes the table's name. It does not import package search.
package ingest

import (
	"context"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/modround/hashing"
)

// Span is one indexed span.
type Span struct {
	Service, Operation, TraceID string
	Start                       int64
}

// Writer appends index rows.
type Writer struct {
	db *ydb.Driver
}

// NewWriter wires a Writer.
func NewWriter(db *ydb.Driver) *Writer { return &Writer{db: db} }

func (w *Writer) upsert(ctx context.Context, name string, rows []types.Value) error {
	return w.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(w.db.Name(), name), types.ListValue(rows...))
	})
}

// WriteOperations spreads each operation over the buckets: these rows are
// the module's evidence that operation_index is keyed by a hash.
func (w *Writer) WriteOperations(ctx context.Context, spans []Span) error {
	rows := make([]types.Value, 0, len(spans))
	for i, sp := range spans {
		b := uint8(i % hashing.Buckets)
		rows = append(rows, types.StructValue(
			types.StructFieldValue("op_hash", types.Uint64Value(hashing.BucketHash(b, sp.Service, sp.Operation))),
			types.StructFieldValue("ts", types.Int64Value(sp.Start)),
			types.StructFieldValue("trace_id", types.UTF8Value(sp.TraceID)),
		))
	}
	return w.upsert(ctx, "operation_index", rows)
}

// WriteServices forgets the hash column that package search binds.
func (w *Writer) WriteServices(ctx context.Context, spans []Span) error {
	rows := make([]types.Value, 0, len(spans))
	for _, sp := range spans {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("ts", types.Int64Value(sp.Start)),
			types.StructFieldValue("trace_id", types.UTF8Value(sp.TraceID)),
		))
	}
	return w.upsert(ctx, "service_index", rows)
}
