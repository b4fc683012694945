package tixidx

import "github.com/ydb-platform/ydb-go-sdk/v3/table/types"

type tagIndex struct {
	baseIndex
	service, key, value string
}

// NewTagIndex indexes one tag of a span.
func NewTagIndex(s Span, key, value string) Indexable {
	return tagIndex{baseIndex: baseIndex{startTime: s.Start}, service: s.Service, key: key, value: value}
}

func (t tagIndex) StructFields(bucket uint8) []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("idx_hash", types.Uint64Value(bucketHash(bucket, t.service, t.key, t.value))),
		types.StructFieldValue("rev_start_time", types.Int64Value(-t.startTime.UnixNano())),
	}
}
