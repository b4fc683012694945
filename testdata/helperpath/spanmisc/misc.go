// Package spanmisc holds the span service's less common write paths: a
// restore endpoint writing to the table the request names, the index
// kinds picked by a switch, and an archive variant of the index writer.
package spanmisc

import (
	"context"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/helperpath/spanmodel"
)

// Writer writes index rows for the maintenance endpoints.
type Writer struct {
	db     *ydb.Driver
	suffix string
}

// NewWriter returns a writer; suffix names the archive generation.
func NewWriter(db *ydb.Driver, suffix string) *Writer {
	return &Writer{db: db, suffix: suffix}
}

func (w *Writer) upsert(ctx context.Context, name string, rows []types.Value) error {
	return w.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(w.db.Name(), name), types.ListValue(rows...))
	})
}

// RestoreRequest is the restore endpoint's body.
type RestoreRequest struct {
	Table string
	Spans []spanmodel.Span
}

// Restore writes the spans back to the table the operator names: which
// one is not known before run time, so the rows are not checked (their
// NULL key would be reported for any table of the catalogue).
func (w *Writer) Restore(ctx context.Context, req RestoreRequest) error {
	var rows []types.Value
	for _, sp := range req.Spans {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("service", types.NullValue(types.TypeText)),
			types.StructFieldValue("start_time", types.Int64Value(sp.StartTime)),
		))
	}
	return w.upsert(ctx, req.Table, rows) // want `kind=bulkupsert table="__ydblint_hole_0__/__ydblint_hole_1__" row\{service:Utf8\?null,start_time:Int64 const=false\} chain=\(\*example.com/helperpath/spanmisc.Writer\).upsert`
}

// Kind is an index kind.
type Kind int

// The index kinds.
const (
	ByService Kind = iota
	ByOperation
)

// indexTable names the table of an index kind.
func indexTable(k Kind) string {
	switch k {
	case ByService:
		return "service_index"
	case ByOperation:
		return "operation_index"
	}
	return "operation_index"
}

// Reindex writes rows of one kind. The rows fit either table; which one
// they go to depends on k (two returns name operation_index: one table).
func (w *Writer) Reindex(ctx context.Context, k Kind, spans []spanmodel.Span) error {
	var rows []types.Value
	for _, sp := range spans {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("service", types.TextValue(sp.Service)),
			types.StructFieldValue("start_time", types.Int64Value(sp.StartTime)),
		))
	}
	return w.upsert(ctx, indexTable(k), rows) // want `kind=bulkupsert tables=\["__ydblint_hole_0__/service_index","__ydblint_hole_0__/operation_index"\] row\{service:Utf8 const=false,start_time:Int64 const=false\} chain=\(\*example.com/helperpath/spanmisc.Writer\).upsert`
}

// Archive writes the index rows of one generation: the table's name gets
// the writer's suffix, a value known only at run time.
func (w *Writer) Archive(ctx context.Context, spans []spanmodel.Span) error {
	var rows []types.Value
	for _, sp := range spans {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("svc_hash", types.Uint64Value(spanmodel.ServiceHash(sp.Service))),
			types.StructFieldValue("service", types.TextValue(sp.Service)),
			types.StructFieldValue("start_time", types.Int64Value(sp.StartTime)),
		))
	}
	return w.upsert(ctx, "service_index_"+w.suffix, rows) // want `kind=bulkupsert table="__ydblint_hole_0__/service_index___ydblint_hole_1__" row\{svc_hash:Uint64 const=false hash=hash/fnv.New64a\(field:example.com/helperpath/spanmodel.Span.Service\),service:Utf8 const=false,start_time:Int64 const=false\} chain=\(\*example.com/helperpath/spanmisc.Writer\).upsert`
}

// scan streams the rows of the index table name from a start time on; the
// key range is the helper's own, so the site stays here.
func (w *Writer) scan(ctx context.Context, name string, svcHash uint64) error {
	return w.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		res, err := s.StreamReadTable(ctx, path.Join(w.db.Name(), name), // want `kind=readtable table="__ydblint_hole_0__/__ydblint_hole_1__"`
			options.ReadGreaterOrEqual(types.TupleValue(types.Uint64Value(svcHash))))
		if err != nil {
			return err
		}
		return res.Close()
	})
}

// Dump streams both indexes of a service.
func (w *Writer) Dump(ctx context.Context, service string) error {
	h := spanmodel.ServiceHash(service)
	if err := w.scan(ctx, "service_index", h); err != nil {
		return err
	}
	return w.scan(ctx, "operation_index", h)
}
