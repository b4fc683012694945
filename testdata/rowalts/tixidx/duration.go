package tixidx

import (
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

type durationIndex struct {
	baseIndex
	service, operation string
	duration           time.Duration
}

// NewDurationIndex indexes a span by service, operation and duration.
func NewDurationIndex(s Span) Indexable {
	return &durationIndex{baseIndex: baseIndex{startTime: s.Start}, service: s.Service, operation: s.Operation, duration: s.Duration}
}

func (i *durationIndex) StructFields(bucket uint8) []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("idx_hash", types.Uint64Value(bucketHash(bucket, i.service, i.operation))),
		types.StructFieldValue("duration", types.Int64Value(i.duration.Nanoseconds())),
		types.StructFieldValue("rev_start_time", types.Int64Value(-i.startTime.UnixNano())),
	}
}
