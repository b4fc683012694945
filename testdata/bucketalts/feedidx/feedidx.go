// Package feedidx describes the activity feed's index records: one type
// per index, each filling the leading key column idx_hash with its own
// bucketed hash helper (OpHash for feed_op, TagHash for feed_tag).
package feedidx

import (
	"hash/crc64"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Record is one index record of an activity event.
type Record interface {
	Fields(bucket uint8) []types.StructValueOption
}

// Event is what the feed hands over.
type Event struct {
	Service, Operation string
	Tags               map[string]string
	At                 time.Time
}

var opTable = crc64.MakeTable(crc64.ISO)

// OpHash is feed_op's bucketed hash of a service and an operation.
func OpHash(bucket uint8, service, op string) uint64 {
	return crc64.Checksum(append([]byte{bucket}, service+"/"+op...), opTable)
}

var tagTable = crc64.MakeTable(crc64.ECMA)

// TagHash is feed_tag's bucketed hash of a tag's value.
func TagHash(bucket uint8, key, value string) uint64 {
	return crc64.Checksum(append([]byte{bucket}, key+"="+value...), tagTable)
}

type opRecord struct {
	service, op string
	at          time.Time
}

// NewOpRecord indexes an event by its service and operation.
func NewOpRecord(e Event) Record { return opRecord{service: e.Service, op: e.Operation, at: e.At} }

func (r opRecord) Fields(bucket uint8) []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("idx_hash", types.Uint64Value(OpHash(bucket, r.service, r.op))),
		types.StructFieldValue("rev_start_time", types.Int64Value(-r.at.UnixNano())),
	}
}

type tagRecord struct {
	key, value string
	at         time.Time
}

// NewTagRecord indexes an event by one of its tags.
func NewTagRecord(e Event, key, value string) Record {
	return tagRecord{key: key, value: value, at: e.At}
}

func (r tagRecord) Fields(bucket uint8) []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("idx_hash", types.Uint64Value(TagHash(bucket, r.key, r.value))),
		types.StructFieldValue("rev_start_time", types.Int64Value(-r.at.UnixNano())),
		types.StructFieldValue("tag_key", types.TextValue(r.key)),
	}
}
