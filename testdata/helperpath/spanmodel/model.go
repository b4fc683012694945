// Package spanmodel holds the span record and the hash that spreads the
// service index over its partitions.
package spanmodel

import "hash/fnv"

// Span is one finished span as the collector hands it over.
type Span struct {
	TraceID   []byte
	Service   string
	Operation string
	// Kind is set by newer clients only.
	Kind      *string
	StartTime int64
}

// ServiceHash is the leading key column of the service index.
func ServiceHash(service string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(service))
	return h.Sum64()
}
