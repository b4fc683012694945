// Package spanstore writes the span indexes and reads them back. Both
// indexes go through the same BulkUpsert and ReadRows helpers, which take
// the table's name and build its path under the database.
package spanstore

import (
	"context"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/helperpath/spanmodel"
)

const (
	tblServiceIndex   = "service_index"
	tblOperationIndex = "operation_index"
)

// Store is the span repository.
type Store struct {
	db *ydb.Driver
}

// New returns a store on the driver's database.
func New(db *ydb.Driver) *Store { return &Store{db: db} }

// upsert writes rows to the index table name.
func (s *Store) upsert(ctx context.Context, name string, rows []types.Value) error {
	return s.db.Table().Do(ctx, func(ctx context.Context, sess table.Session) error {
		return sess.BulkUpsert(ctx, path.Join(s.db.Name(), name), types.ListValue(rows...))
	}, table.WithIdempotent())
}

// lookup reads the rows of the index table name by full key.
func (s *Store) lookup(ctx context.Context, name string, keys []types.Value) (result.Result, error) {
	var res result.Result
	err := s.db.Table().Do(ctx, func(ctx context.Context, sess table.Session) (err error) {
		res, err = sess.ReadRows(ctx, path.Join(s.db.Name(), name), types.ListValue(keys...))
		return err
	})
	return res, err
}

// Write indexes a batch of spans. The operation rows have no svc_hash: the
// operation index is keyed by the service itself, and each helper call
// writes its own rows to its own table.
func (s *Store) Write(ctx context.Context, spans []spanmodel.Span) error {
	services := make([]types.Value, 0, len(spans))
	operations := make([]types.Value, 0, len(spans))
	for _, sp := range spans {
		services = append(services, types.StructValue(
			types.StructFieldValue("svc_hash", types.Uint64Value(spanmodel.ServiceHash(sp.Service))),
			types.StructFieldValue("service", types.TextValue(sp.Service)),
			types.StructFieldValue("start_time", types.Int64Value(sp.StartTime)),
			types.StructFieldValue("trace_id", types.OptionalValue(types.BytesValue(sp.TraceID))),
		))
		operations = append(operations, types.StructValue(
			types.StructFieldValue("service", types.TextValue(sp.Service)),
			types.StructFieldValue("operation", types.TextValue(sp.Operation)),
			types.StructFieldValue("start_time", types.Int64Value(sp.StartTime)),
			types.StructFieldValue("trace_id", types.OptionalValue(types.BytesValue(sp.TraceID))),
		))
	}
	if err := s.upsert(ctx, tblServiceIndex, services); err != nil {
		return err
	}
	return s.upsert(ctx, tblOperationIndex, operations)
}

// At reads the spans of services at the given start times.
func (s *Store) At(ctx context.Context, services []string, at int64) (result.Result, error) {
	var keys []types.Value
	for _, svc := range services {
		keys = append(keys, types.StructValue(
			types.StructFieldValue("svc_hash", types.Uint64Value(spanmodel.ServiceHash(svc))),
			types.StructFieldValue("service", types.TextValue(svc)),
			types.StructFieldValue("start_time", types.Int64Value(at)),
		))
	}
	return s.lookup(ctx, tblServiceIndex, keys)
}

// Operation reads one operation's span at a start time.
func (s *Store) Operation(ctx context.Context, service, operation string, at int64) (result.Result, error) {
	return s.lookup(ctx, tblOperationIndex, []types.Value{types.StructValue(
		types.StructFieldValue("service", types.TextValue(service)),
		types.StructFieldValue("operation", types.TextValue(operation)),
		types.StructFieldValue("start_time", types.Int64Value(at)),
	)})
}
