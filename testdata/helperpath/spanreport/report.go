// Package spanreport answers the UI's report queries. It reads the span
// indexes through its own ReadRows helper, which takes the index's name.
package spanreport

import (
	"context"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/helperpath/spanmodel"
	"example.com/helperpath/spanstore"
)

// Reports reads span indexes for the reporting UI.
type Reports struct {
	db    *ydb.Driver
	store *spanstore.Store
}

// NewReports wires the reports on the span store's database.
func NewReports(db *ydb.Driver) *Reports {
	return &Reports{db: db, store: spanstore.New(db)}
}

func (r *Reports) read(ctx context.Context, index string, keys []types.Value) (result.Result, error) {
	var res result.Result
	err := r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) (err error) {
		res, err = s.ReadRows(ctx, path.Join(r.db.Name(), index), types.ListValue(keys...))
		return err
	})
	return res, err
}

// Busiest reads the spans of the busiest services at one instant. The
// keys forget the service hash: YDB cannot tell the partition and reads
// every one of them.
func (r *Reports) Busiest(ctx context.Context, services []string, at int64) (result.Result, error) {
	keys := make([]types.Value, 0, len(services))
	for _, svc := range services {
		keys = append(keys, types.StructValue( // want `ReadRows key has service but not the hash-prefix column svc_hash of service_index\b.*table service_index`
			types.StructFieldValue("service", types.TextValue(svc)),
			types.StructFieldValue("start_time", types.Int64Value(at)),
		))
	}
	return r.read(ctx, "service_index", keys)
}

// Hashed is Busiest's correct twin.
func (r *Reports) Hashed(ctx context.Context, services []string, at int64) (result.Result, error) {
	keys := make([]types.Value, 0, len(services))
	for _, svc := range services {
		keys = append(keys, types.StructValue(
			types.StructFieldValue("svc_hash", types.Uint64Value(spanmodel.ServiceHash(svc))),
			types.StructFieldValue("service", types.TextValue(svc)),
			types.StructFieldValue("start_time", types.Int64Value(at)),
		))
	}
	return r.read(ctx, "service_index", keys)
}

// Operations reads the operation index with the same helper: its keys
// have no svc_hash, which that table does not have either.
func (r *Reports) Operations(ctx context.Context, service string, ops []string, at int64) (result.Result, error) {
	var keys []types.Value
	for _, op := range ops {
		keys = append(keys, types.StructValue(
			types.StructFieldValue("service", types.TextValue(service)),
			types.StructFieldValue("operation", types.TextValue(op)),
			types.StructFieldValue("start_time", types.Int64Value(at)),
		))
	}
	return r.read(ctx, "operation_index", keys)
}

// Spans reads through the store.
func (r *Reports) Spans(ctx context.Context, services []string, at int64) (result.Result, error) {
	return r.store.At(ctx, services, at)
}

func (r *Reports) save(ctx context.Context, index string, rows []types.Value) error {
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(r.db.Name(), index), types.ListValue(rows...))
	})
}

// Pin keeps the services a dashboard shows in the index for a day longer;
// its rows forget the hash, so they land in the wrong partition (and
// duplicate the service's real rows).
func (r *Reports) Pin(ctx context.Context, services []string, at int64) error {
	var rows []types.Value
	for _, svc := range services {
		rows = append(rows, types.StructValue( // want `BulkUpsert row has service but not the hash-prefix column svc_hash of service_index\b.*table service_index`
			types.StructFieldValue("service", types.TextValue(svc)),
			types.StructFieldValue("start_time", types.Int64Value(at)),
		))
	}
	return r.save(ctx, "service_index", rows)
}

// PinOperations pins operations: that index has no hash column.
func (r *Reports) PinOperations(ctx context.Context, service string, ops []string, at int64) error {
	var rows []types.Value
	for _, op := range ops {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("service", types.TextValue(service)),
			types.StructFieldValue("operation", types.TextValue(op)),
			types.StructFieldValue("start_time", types.Int64Value(at)),
		))
	}
	return r.save(ctx, "operation_index", rows)
}
