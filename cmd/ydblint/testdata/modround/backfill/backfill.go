// Package backfill rewrites index rows from an archive. It imports
// neither the reader nor the writer of the tables.
package backfill

import (
	"context"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/modround/hashing"
)

// Entry is one archived index entry.
type Entry struct {
	Service, Operation, TraceID string
	Start                       int64
	Bucket                      uint8
}

// Job copies archived entries back.
type Job struct {
	db *ydb.Driver
}

// New wires a Job.
func New(db *ydb.Driver) *Job { return &Job{db: db} }

// Services restores service_index rows with their hash: correct.
func (j *Job) Services(ctx context.Context, entries []Entry) error {
	rows := make([]types.Value, 0, len(entries))
	for _, e := range entries {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("svc_hash", types.Uint64Value(hashing.BucketHash(e.Bucket, e.Service))),
			types.StructFieldValue("ts", types.Int64Value(e.Start)),
			types.StructFieldValue("trace_id", types.UTF8Value(e.TraceID)),
		))
	}
	return j.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(j.db.Name(), "service_index"), types.ListValue(rows...))
	})
}

// Operations restores operation_index rows into bucket zero: every row
// lands in one partition.
func (j *Job) Operations(ctx context.Context, entries []Entry) error {
	rows := make([]types.Value, 0, len(entries))
	for _, e := range entries {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("op_hash", types.Uint64Value(0)),
			types.StructFieldValue("ts", types.Int64Value(e.Start)),
			types.StructFieldValue("trace_id", types.UTF8Value(e.TraceID)),
		))
	}
	return j.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(j.db.Name(), "operation_index"), types.ListValue(rows...))
	})
}
