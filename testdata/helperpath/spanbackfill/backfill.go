// Package spanbackfill re-imports spans exported by the old collector.
package spanbackfill

import (
	"context"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/helperpath/spanmodel"
	"example.com/helperpath/ydbutil"
)

// Job imports one export file.
type Job struct {
	db *ydb.Driver
}

// NewJob returns a job on the driver's database.
func NewJob(db *ydb.Driver) *Job { return &Job{db: db} }

// put writes rows to a table given by its full path.
func (j *Job) put(ctx context.Context, tablePath string, rows []types.Value) error {
	return j.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, tablePath, types.ListValue(rows...))
	})
}

// Operations imports the operation index. Old exports have no operation
// kind and leave the operation itself out when it was empty: the key
// column is NOT NULL, so YDB rejects every batch with such a row.
func (j *Job) Operations(ctx context.Context, spans []spanmodel.Span) error {
	tableName := func(name string) string {
		return path.Join(j.db.Name(), name)
	}
	rows := make([]types.Value, 0, len(spans))
	for _, sp := range spans {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("service", types.TextValue(sp.Service)),
			types.StructFieldValue("operation", types.NullableTextValue(sp.Kind)), // want `BulkUpsert writes an Optional value .* to NOT NULL key column operation of operation_index: YDB rejects it; table operation_index`
			types.StructFieldValue("start_time", types.Int64Value(sp.StartTime)),
		))
	}
	return j.put(ctx, tableName("operation_index"), rows)
}

// Services imports the service index through the shared helper.
func (j *Job) Services(ctx context.Context, spans []spanmodel.Span) error {
	var rows []types.Value
	for _, sp := range spans {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("svc_hash", types.Uint64Value(spanmodel.ServiceHash(sp.Service))),
			types.StructFieldValue("service", types.TextValue(sp.Service)),
			types.StructFieldValue("start_time", types.Int64Value(sp.StartTime)),
		))
	}
	return ydbutil.Upsert(ctx, j.db, "service_index", rows)
}

// Invoices imports the invoices of the old billing export through the
// shared helper; the account hash was left NULL by the exporter.
func (j *Job) Invoices(ctx context.Context, accounts []string, ids []uint64) error {
	var rows []types.Value
	for i, acc := range accounts {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("account_hash", types.NullValue(types.TypeUint64)), // want `BulkUpsert writes NULL .* to NOT NULL key column account_hash of invoices: YDB rejects the statement; .*table billing/invoices`
			types.StructFieldValue("account", types.TextValue(acc)),
			types.StructFieldValue("invoice_id", types.Uint64Value(ids[i])),
		))
	}
	return ydbutil.Upsert(ctx, j.db, "billing/invoices", rows)
}

// Operation kinds go to the operation index of the current collector,
// named by the run's table: the job writes Operations' rows, fixed.
func (j *Job) OperationsFixed(ctx context.Context, spans []spanmodel.Span) error {
	tableName := func(name string) string {
		return path.Join(j.db.Name(), name)
	}
	rows := make([]types.Value, 0, len(spans))
	for _, sp := range spans {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("service", types.TextValue(sp.Service)),
			types.StructFieldValue("operation", types.TextValue(sp.Operation)),
			types.StructFieldValue("start_time", types.Int64Value(sp.StartTime)),
		))
	}
	return j.put(ctx, tableName("operation_index"), rows)
}

// Old exports carry one file per index kind.
const (
	fileServices   = 1
	fileOperations = 2
)

// indexOf names the index table an export file fills.
func indexOf(kind int) string {
	switch kind {
	case fileServices:
		return "service_index"
	case fileOperations:
		return "operation_index"
	}
	return "operation_index"
}

// Legacy imports a file of the first exporter, which left the service
// NULL: a key column of every table the file may fill, so the batch is
// rejected whichever it is.
func (j *Job) Legacy(ctx context.Context, kind int, spans []spanmodel.Span) error {
	var rows []types.Value
	for _, sp := range spans {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("service", types.NullValue(types.TypeText)), // want `BulkUpsert writes NULL .* to NOT NULL key column service of every table the path may name: .*every table the path may name`
			types.StructFieldValue("start_time", types.Int64Value(sp.StartTime)),
		))
	}
	return ydbutil.Upsert(ctx, j.db, indexOf(kind), rows)
}

// Current is Legacy's correct twin: the rows fit either table and lack
// no key column of the one the file fills — which one, the analysis does
// not know, so the missing operation (a key of operation_index only) is
// not reported.
func (j *Job) Current(ctx context.Context, kind int, spans []spanmodel.Span) error {
	var rows []types.Value
	for _, sp := range spans {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("svc_hash", types.Uint64Value(spanmodel.ServiceHash(sp.Service))),
			types.StructFieldValue("service", types.TextValue(sp.Service)),
			types.StructFieldValue("start_time", types.Int64Value(sp.StartTime)),
		))
	}
	return ydbutil.Upsert(ctx, j.db, indexOf(kind), rows)
}

// seen records that an operation was seen at a time, in the table name;
// the row is built here. The operation comes from the export's optional
// field: an Optional value in a NOT NULL key column, whichever table.
func (j *Job) seen(ctx context.Context, name, service string, op *string, at int64) error {
	return j.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(j.db.Name(), name), types.ListValue(types.StructValue(
			types.StructFieldValue("service", types.TextValue(service)),
			types.StructFieldValue("operation", types.NullableTextValue(op)), // want `Optional value .* to NOT NULL key column operation of operation_index: .*table operation_index,` `Optional value .* to NOT NULL key column operation of operation_archive: .*table operation_archive,`
			types.StructFieldValue("start_time", types.Int64Value(at)),
		)))
	})
}

// Seen marks a live operation.
func (j *Job) Seen(ctx context.Context, sp spanmodel.Span) error {
	return j.seen(ctx, "operation_index", sp.Service, sp.Kind, sp.StartTime)
}

// SeenRetired marks an operation of a retired service.
func (j *Job) SeenRetired(ctx context.Context, sp spanmodel.Span) error {
	return j.seen(ctx, "operation_archive", sp.Service, sp.Kind, sp.StartTime)
}

// touch is seen's correct twin.
func (j *Job) touch(ctx context.Context, name, service, op string, at int64) error {
	return j.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(j.db.Name(), name), types.ListValue(types.StructValue(
			types.StructFieldValue("service", types.TextValue(service)),
			types.StructFieldValue("operation", types.TextValue(op)),
			types.StructFieldValue("start_time", types.Int64Value(at)),
		)))
	})
}

// Touch marks a live operation.
func (j *Job) Touch(ctx context.Context, sp spanmodel.Span) error {
	return j.touch(ctx, "operation_index", sp.Service, sp.Operation, sp.StartTime)
}

// TouchRetired marks an operation of a retired service.
func (j *Job) TouchRetired(ctx context.Context, sp spanmodel.Span) error {
	return j.touch(ctx, "operation_archive", sp.Service, sp.Operation, sp.StartTime)
}

// putServices writes rows to the service index; the callers build them.
func (j *Job) putServices(ctx context.Context, rows []types.Value) error {
	return j.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(j.db.Name(), "service_index"), types.ListValue(rows...))
	})
}

// ServicesCSV imports the CSV export, whose start times are optional.
func (j *Job) ServicesCSV(ctx context.Context, services []string, starts []*int64) error {
	rows := make([]types.Value, 0, len(services))
	for i, svc := range services {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("svc_hash", types.Uint64Value(spanmodel.ServiceHash(svc))),
			types.StructFieldValue("service", types.TextValue(svc)),
			types.StructFieldValue("start_time", types.NullableInt64Value(starts[i])), // want `BulkUpsert writes an Optional value .* to NOT NULL key column start_time of service_index: .*table service_index`
		))
	}
	return j.putServices(ctx, rows)
}

// ServicesJSON is ServicesCSV's correct twin: the JSON export always has
// the start time.
func (j *Job) ServicesJSON(ctx context.Context, spans []spanmodel.Span) error {
	rows := make([]types.Value, 0, len(spans))
	for _, sp := range spans {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("svc_hash", types.Uint64Value(spanmodel.ServiceHash(sp.Service))),
			types.StructFieldValue("service", types.TextValue(sp.Service)),
			types.StructFieldValue("start_time", types.Int64Value(sp.StartTime)),
		))
	}
	return j.putServices(ctx, rows)
}
