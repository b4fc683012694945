// Package spanrestore is the operator's restore endpoint: it writes spans
// back to a table the request names, or to the current generation of the
// archive. Neither table is known before run time, so those writes are
// not checked — their NULL service would be a fault under any index. The
// legacy import's rows, built by a helper function, are checked at its
// call.
package spanrestore

import (
	"context"
	"errors"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/helperpath/spanmodel"
)

// Request is the endpoint's body.
type Request struct {
	Table string
	Spans []spanmodel.Span
}

// Handler serves restores.
type Handler struct {
	db         *ydb.Driver
	generation string
}

// NewHandler returns a handler writing archive generation gen.
func NewHandler(db *ydb.Driver, gen string) *Handler {
	return &Handler{db: db, generation: gen}
}

func (h *Handler) write(ctx context.Context, name string, rows []types.Value) error {
	return h.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(h.db.Name(), name), types.ListValue(rows...))
	})
}

func legacyRows(spans []spanmodel.Span) []types.Value {
	var rows []types.Value
	for _, sp := range spans {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("svc_hash", types.Uint64Value(spanmodel.ServiceHash(sp.Service))),
			types.StructFieldValue("service", types.NullValue(types.TypeText)), // want `BulkUpsert writes NULL .* to NOT NULL key column service of service_index: .*table service_index`
			types.StructFieldValue("start_time", types.Int64Value(sp.StartTime)),
		))
	}
	return rows
}

func currentRows(spans []spanmodel.Span) ([]types.Value, error) {
	if len(spans) == 0 {
		return nil, errors.New("no spans")
	}
	rows := make([]types.Value, 0, len(spans))
	for _, sp := range spans {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("svc_hash", types.Uint64Value(spanmodel.ServiceHash(sp.Service))),
			types.StructFieldValue("service", types.TextValue(sp.Service)),
			types.StructFieldValue("start_time", types.Int64Value(sp.StartTime)),
		))
	}
	return rows, nil
}

// Restore writes the request's spans to the table it names.
func (h *Handler) Restore(ctx context.Context, req Request) error {
	var rows []types.Value
	for _, sp := range req.Spans {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("service", types.NullValue(types.TypeText)),
			types.StructFieldValue("start_time", types.Int64Value(sp.StartTime)),
		))
	}
	return h.write(ctx, req.Table, rows)
}

// Archive writes to the current archive generation's service index.
func (h *Handler) Archive(ctx context.Context, spans []spanmodel.Span) error {
	var rows []types.Value
	for _, sp := range spans {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("service", types.NullValue(types.TypeText)),
			types.StructFieldValue("start_time", types.Int64Value(sp.StartTime)),
		))
	}
	return h.write(ctx, "service_index_"+h.generation, rows)
}

// Legacy writes the first exporter's rows, which a helper builds with a
// NULL service.
func (h *Handler) Legacy(ctx context.Context, spans []spanmodel.Span) error {
	return h.write(ctx, "service_index", legacyRows(spans))
}

// Current is Legacy's correct twin.
func (h *Handler) Current(ctx context.Context, spans []spanmodel.Span) error {
	rows, err := currentRows(spans)
	if err != nil {
		return err
	}
	return h.write(ctx, "service_index", rows)
}
