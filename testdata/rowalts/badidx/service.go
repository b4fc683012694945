package badidx

import "github.com/ydb-platform/ydb-go-sdk/v3/table/types"

type serviceIndex struct {
	baseIndex
	service string
}

// NewServiceIndex indexes a span by its service.
func NewServiceIndex(s Span) Indexable {
	return serviceIndex{baseIndex: baseIndex{startTime: s.Start}, service: s.Service}
}

// StructFields forgot the bucketed hash: the row has no leading key column.
func (i serviceIndex) StructFields(bucket uint8) []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("rev_start_time", types.Int64Value(-i.startTime.UnixNano())),
	}
}
