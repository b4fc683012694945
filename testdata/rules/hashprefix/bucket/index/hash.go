// Package index computes the bucketed hashes that lead the keys of the
// trace index tables: a hash of a service name (and a tag) together with a
// bucket number, so that one busy service is spread over several
// partitions. Neither the service nor the bucket is a key column.
package index

import (
	"bytes"
	"hash/crc32"
)

// Buckets is how many hash buckets each index key is spread over.
const Buckets = 4

// TagHash is the key of one tag of one service in one bucket.
func TagHash(service, key, value string, bucket uint8) uint64 {
	return BucketHash(bucket, service, key, value)
}

// BucketHash hashes the parts and the bucket number together.
func BucketHash(bucket uint8, parts ...string) uint64 {
	buf := new(bytes.Buffer)
	for _, p := range parts {
		buf.WriteString(p)
	}
	buf.WriteByte(bucket)
	return uint64(crc32.ChecksumIEEE(buf.Bytes()))
}
