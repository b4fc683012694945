// Package mixidx has two index record types for the same tables: one
// spreads its rows by a bucketed hash, the other by a shard number the
// caller picks. The tables' leading column is therefore not certainly a
// hash.
package mixidx

import (
	"hash/fnv"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Indexable is one index record.
type Indexable interface {
	StructFields(bucket uint8) []types.StructValueOption
}

type tagIndex struct {
	service, key string
	start        time.Time
}

// NewTagIndex indexes a tag.
func NewTagIndex(service, key string, start time.Time) Indexable {
	return tagIndex{service: service, key: key, start: start}
}

func (t tagIndex) StructFields(bucket uint8) []types.StructValueOption {
	h := fnv.New64a()
	h.Write([]byte{bucket})
	h.Write([]byte(t.service + t.key))
	return []types.StructValueOption{
		types.StructFieldValue("idx_hash", types.Uint64Value(h.Sum64())),
		types.StructFieldValue("rev_start_time", types.Int64Value(-t.start.UnixNano())),
	}
}

type shardIndex struct {
	shard uint64
	start time.Time
}

// NewShardIndex files a record under a shard the caller chose.
func NewShardIndex(shard uint64, start time.Time) Indexable {
	return shardIndex{shard: shard, start: start}
}

func (s shardIndex) StructFields(bucket uint8) []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("idx_hash", types.Uint64Value(s.shard)),
		types.StructFieldValue("rev_start_time", types.Int64Value(-s.start.UnixNano())),
	}
}
