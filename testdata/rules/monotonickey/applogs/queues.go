package main

import (
	"context"
	"time"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// queues appends jobs to queue_jobs, keyed (queue, seq), the sequence
// number taken from the clock: the two queues' ends take every append.
type queues struct {
	db *ydb.Driver
}

func newQueues(db *ydb.Driver) *queues { return &queues{db: db} }

func (q *queues) Fast(ctx context.Context, payload []byte) error {
	return q.db.Table().BulkUpsert(ctx, "queue_jobs", table.BulkUpsertDataRows(types.ListValue(types.StructValue( // want `key of queue_jobs leads with queue, then seq: at most 2 partitions take every insert; queue_jobs leads with queue \(every write puts one of 2 constants: "fast", "slow"\); seq is filled from time.Now, which grows with time: .* at most 2 partitions take every insert .*table queue_jobs, primary key \(queue, seq\) .*put a high-cardinality column \(a user or host id, or a hash of one\) ahead of seq`
		types.StructFieldValue("queue", types.TextValue("fast")),
		types.StructFieldValue("seq", types.Uint64Value(uint64(time.Now().UnixNano()))),
		types.StructFieldValue("payload", types.BytesValue(payload)),
	))))
}

func (q *queues) Slow(ctx context.Context, payload []byte) error {
	return q.db.Table().BulkUpsert(ctx, "queue_jobs", table.BulkUpsertDataRows(types.ListValue(types.StructValue(
		types.StructFieldValue("queue", types.TextValue("slow")),
		types.StructFieldValue("seq", types.Uint64Value(uint64(time.Now().UnixNano()))),
		types.StructFieldValue("payload", types.BytesValue(payload)),
	))))
}
