package bucket

import (
	"context"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/rules/hashprefix/bucket/index"
)

// Span is one indexed span.
type Span struct {
	Service string
	TraceID string
	Start   int64
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

func (w *Writer) services() string { return path.Join(w.db.Name(), "service_index") }

// WriteServices spreads the spans of each service over the buckets.
func (w *Writer) WriteServices(ctx context.Context, spans []Span) error {
	rows := make([]types.Value, 0, len(spans))
	for i, sp := range spans {
		b := uint8(i % index.Buckets)
		rows = append(rows, types.StructValue(
			types.StructFieldValue("svc_hash", types.Uint64Value(index.BucketHash(b, sp.Service))),
			types.StructFieldValue("ts", types.Int64Value(-sp.Start)),
			types.StructFieldValue("trace_id", types.UTF8Value(sp.TraceID)),
		))
	}
	return upsert(ctx, w.db, w.services(), types.ListValue(rows...))
}

// WriteServicesUnbucketed forgets the hash column.
func (w *Writer) WriteServicesUnbucketed(ctx context.Context, spans []Span) error {
	rows := make([]types.Value, 0, len(spans))
	for _, sp := range spans {
		rows = append(rows, types.StructValue( // want `BulkUpsert row has ts but not the hash-prefix column svc_hash of service_index\b.*table service_index`
			types.StructFieldValue("ts", types.Int64Value(-sp.Start)),
			types.StructFieldValue("trace_id", types.UTF8Value(sp.TraceID)),
		))
	}
	return upsert(ctx, w.db, w.services(), types.ListValue(rows...))
}

// WriteServicesPinned writes every row to bucket zero.
func (w *Writer) WriteServicesPinned(ctx context.Context, spans []Span) error {
	rows := make([]types.Value, 0, len(spans))
	for _, sp := range spans {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("svc_hash", types.Uint64Value(0)), // want `BulkUpsert row writes a constant to hash-prefix column svc_hash of service_index: all such rows land in one partition`
			types.StructFieldValue("ts", types.Int64Value(-sp.Start)),
			types.StructFieldValue("trace_id", types.UTF8Value(sp.TraceID)),
		))
	}
	return upsert(ctx, w.db, w.services(), types.ListValue(rows...))
}

var rw = table.TxControl(table.BeginTx(table.WithSerializableReadWrite()), table.CommitTx())

// Tag is one tag of one span.
type Tag struct {
	Service, Key, Value string
	TraceID             string
	Start               int64
}

func (w *Writer) exec(ctx context.Context, q string, values ...table.ParameterOption) error {
	return w.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, rw, q, table.NewQueryParameters(values...))
		return err
	})
}

func tagRow(t Tag) []table.ParameterOption {
	return []table.ParameterOption{
		table.ValueParam("$ts", types.Int64Value(-t.Start)),
		table.ValueParam("$trace_id", types.UTF8Value(t.TraceID)),
	}
}

// WriteTag indexes a tag in its bucket.
func (w *Writer) WriteTag(ctx context.Context, t Tag, bucket uint8) error {
	return w.exec(ctx, `DECLARE $hash AS Uint64; DECLARE $ts AS Int64; DECLARE $trace_id AS Utf8;
UPSERT INTO tag_index (tag_hash, ts, trace_id) VALUES ($hash, $ts, $trace_id)`,
		table.ValueParam("$hash", types.Uint64Value(index.TagHash(t.Service, t.Key, t.Value, bucket))),
		table.ValueParam("$ts", types.Int64Value(-t.Start)),
		table.ValueParam("$trace_id", types.UTF8Value(t.TraceID)),
	)
}

// WriteTagFlat leaves the hash out of the statement.
func (w *Writer) WriteTagFlat(ctx context.Context, t Tag) error {
	return w.exec(ctx, `DECLARE $ts AS Int64; DECLARE $trace_id AS Utf8;
UPSERT INTO tag_index (ts, trace_id) VALUES ($ts, $trace_id)`, tagRow(t)...) // want `UPSERT does not write the hash-prefix column tag_hash of tag_index\b.*table tag_index.*write tag_hash = the same hash as the write at hashprefix/bucket/writer.go:\d+ \(index.TagHash\)`
}

// WriteTagPinned writes a constant hash.
func (w *Writer) WriteTagPinned(ctx context.Context, t Tag) error {
	return w.exec(ctx, `DECLARE $ts AS Int64; DECLARE $trace_id AS Utf8;
UPSERT INTO tag_index (tag_hash, ts, trace_id) VALUES (7, $ts, $trace_id)`, tagRow(t)...) // want `UPSERT writes a constant to the hash-prefix column tag_hash of tag_index\b.*table tag_index`
}
