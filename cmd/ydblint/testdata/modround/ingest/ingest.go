// Package ingest appends index rows, one per span, in loops. It does not
// import package search.
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

// upsert writes a list of rows to one table.
func upsert(ctx context.Context, db *ydb.Driver, tablePath string, rows types.Value) error {
	return db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, tablePath, rows)
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
	return upsert(ctx, w.db, path.Join(w.db.Name(), "operation_index"), types.ListValue(rows...))
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
	return upsert(ctx, w.db, path.Join(w.db.Name(), "service_index"), types.ListValue(rows...))
}
