// Package tixidx describes the span indexes: one record type per index,
// each turning itself into the fields of an index row.
package tixidx

import (
	"hash/fnv"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Indexable is one index record of a span.
type Indexable interface {
	Timestamp() time.Time
	StructFields(bucket uint8) []types.StructValueOption
}

// Span is what the collector hands over.
type Span struct {
	Service   string
	Operation string
	Tags      map[string]string
	Start     time.Time
	Duration  time.Duration
}

type baseIndex struct {
	startTime time.Time
}

func (b baseIndex) Timestamp() time.Time { return b.startTime }

// bucketHash spreads the records of one key over the buckets.
func bucketHash(bucket uint8, parts ...string) uint64 {
	h := fnv.New64a()
	h.Write([]byte{bucket})
	for _, p := range parts {
		h.Write([]byte(p))
	}
	return h.Sum64()
}
