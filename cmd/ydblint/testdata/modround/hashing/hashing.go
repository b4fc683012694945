// Package hashing computes the bucketed hashes that lead the keys of the
// index tables: a hash of a service (and an operation) with a bucket
// number, so that one busy service is spread over several partitions.
package hashing

import (
	"bytes"
	"hash/crc32"
)

// Buckets is how many buckets each index key is spread over.
const Buckets = 4

// BucketHash hashes the parts and the bucket number together.
func BucketHash(bucket uint8, parts ...string) uint64 {
	buf := new(bytes.Buffer)
	for _, p := range parts {
		buf.WriteString(p)
	}
	buf.WriteByte(bucket)
	return uint64(crc32.ChecksumIEEE(buf.Bytes()))
}
