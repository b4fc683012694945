// Package spanidx describes the span indexes: one record type per index,
// each turning itself into the fields of an index row whose leading key
// column is a bucketed hash of fields that are not key columns.
package spanidx

import (
	"encoding/binary"
	"hash/fnv"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Indexable is one index record of a span.
type Indexable interface {
	StructFields(bucket uint8) []types.StructValueOption
}

// Span is what the collector hands over.
type Span struct {
	Service, Operation string
	Tags               map[string]string
	Start              time.Time
	Duration           time.Duration
}

func bucketHash(bucket uint8, parts ...string) uint64 {
	h := fnv.New64a()
	h.Write([]byte{bucket})
	for _, p := range parts {
		h.Write([]byte(p))
	}
	return h.Sum64()
}

type tagIndex struct {
	service, key, value string
	start               time.Time
}

// NewTagIndex indexes one tag of a span.
func NewTagIndex(s Span, key, value string) Indexable {
	return tagIndex{service: s.Service, key: key, value: value, start: s.Start}
}

func (t tagIndex) StructFields(bucket uint8) []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("idx_hash", types.Uint64Value(bucketHash(bucket, t.service, t.key, t.value))),
		types.StructFieldValue("rev_start_time", types.Int64Value(-t.start.UnixNano())),
	}
}

type serviceIndex struct {
	service string
	start   time.Time
}

// NewServiceIndex indexes a span by its service.
func NewServiceIndex(s Span) Indexable { return serviceIndex{service: s.Service, start: s.Start} }

func (i serviceIndex) StructFields(bucket uint8) []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("idx_hash", types.Uint64Value(bucketHash(bucket, i.service))),
		types.StructFieldValue("rev_start_time", types.Int64Value(-i.start.UnixNano())),
	}
}

type durationIndex struct {
	service, op string
	start       time.Time
	d           time.Duration
}

// NewDurationIndex indexes a span by its duration.
func NewDurationIndex(s Span) Indexable {
	return durationIndex{service: s.Service, op: s.Operation, start: s.Start, d: s.Duration}
}

func (i durationIndex) StructFields(bucket uint8) []types.StructValueOption {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(i.d))
	return []types.StructValueOption{
		types.StructFieldValue("idx_hash", types.Uint64Value(bucketHash(bucket, i.service, i.op))),
		types.StructFieldValue("duration", types.Int64Value(int64(i.d))),
		types.StructFieldValue("rev_start_time", types.Int64Value(-i.start.UnixNano())),
	}
}
