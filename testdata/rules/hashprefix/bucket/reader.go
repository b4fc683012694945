// Package bucket is a trace index service whose index tables lead with a
// bucketed hash (package index): the hash of a service name, a tag and a
// bucket number, none of them key columns. Reads fan out over the buckets
// and bind the hash as a parameter, the way jaeger-ydb-store's span reader
// does; the writer appends one row per span in a loop.
package bucket

import (
	"context"
	"path"
	"sync"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/rules/hashprefix/bucket/index"
	"example.com/rules/hashprefix/bucket/queries"
)

var ro = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

// Reader answers trace searches from the index tables.
type Reader struct {
	db *ydb.Driver
}

// NewReader wires a Reader.
func NewReader(db *ydb.Driver) *Reader { return &Reader{db: db} }

func (r *Reader) exec(ctx context.Context, q string, values ...table.ParameterOption) error {
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, ro, q, table.NewQueryParameters(values...))
		if err != nil {
			return err
		}
		return res.Close()
	})
}

// since runs a named read from a point in time on.
func (r *Reader) since(ctx context.Context, name string, from int64, values ...table.ParameterOption) error {
	values = append(values, table.ValueParam("$from", types.Int64Value(from)))
	return r.exec(ctx, queries.Get(name), values...)
}

// overBuckets runs fn once per bucket, concurrently.
func overBuckets(fn func(b uint8)) {
	var wg sync.WaitGroup
	for b := uint8(0); b < index.Buckets; b++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(b)
		}()
	}
	wg.Wait()
}

// ByTag finds traces with a tag: one keyed read per bucket.
func (r *Reader) ByTag(ctx context.Context, service, key, value string, from int64) {
	overBuckets(func(b uint8) {
		hash := index.TagHash(service, key, value, b)
		values := []table.ParameterOption{
			table.ValueParam("$hash", types.Uint64Value(hash)),
		}
		_ = r.since(ctx, "by-tag", from, values...)
	})
}

// RecentTags binds the hash but its statement forgets it.
func (r *Reader) RecentTags(ctx context.Context, service, key, value string, from int64) {
	overBuckets(func(b uint8) {
		hash := index.TagHash(service, key, value, b)
		values := []table.ParameterOption{
			table.ValueParam("$hash", types.Uint64Value(hash)),
		}
		_ = r.since(ctx, "by-tag-recent", from, values...) // want `SELECT binds ts but not the hash-prefix column tag_hash of tag_index\b.*table tag_index, .*tag_hash holds a hash \(index.TagHash\) of values outside the key \(write evidence at hashprefix/bucket/writer.go:\d+\); bind tag_hash to the same hash as the write at hashprefix/bucket/writer.go:\d+ \(index.TagHash\)`
	})
}

// ByService finds the traces of a service.
func (r *Reader) ByService(ctx context.Context, service string, from int64) {
	overBuckets(func(b uint8) {
		_ = r.since(ctx, "by-service", from, table.ValueParam("$hash", types.Uint64Value(index.BucketHash(b, service))))
	})
}

// RecentServices reads the service index without its hash.
func (r *Reader) RecentServices(ctx context.Context, from int64) error {
	return r.exec(ctx, queries.Get("by-service-recent"), table.ValueParam("$from", types.Int64Value(from))) // want `SELECT binds ts but not the hash-prefix column svc_hash of service_index\b.*table service_index, .*\(write evidence at hashprefix/bucket/writer.go:44\); bind svc_hash to the same hash as the write at hashprefix/bucket/writer.go:44 \(index.BucketHash\)`
}

// ByOperation finds the traces of one operation of a service; nothing in
// the module writes operation_index, so this read is its evidence.
func (r *Reader) ByOperation(ctx context.Context, service, op string, from int64) {
	overBuckets(func(b uint8) {
		_ = r.since(ctx, "by-operation", from, table.ValueParam("$hash", types.Uint64Value(index.BucketHash(b, service, op))))
	})
}

// RecentOperations reads the operation index without its hash.
func (r *Reader) RecentOperations(ctx context.Context, from int64) error {
	return r.exec(ctx, queries.Get("by-operation-recent"), table.ValueParam("$from", types.Int64Value(from))) // want `SELECT binds ts but not the hash-prefix column op_hash of operation_index\b.*table operation_index, .*bind op_hash to the same hash as the read at hashprefix/bucket/reader.go:\d+ \(index.BucketHash\)`
}

// ByTenant reads the bucket a caller asked for: the tenant index is not
// certainly keyed by a hash, so nothing is reported on its reads.
func (r *Reader) ByTenant(ctx context.Context, bucket uint64, from int64) error {
	return r.since(ctx, "by-tenant", from, table.ValueParam("$bucket", types.Uint64Value(bucket)))
}

// ByTenantName hashes the tenant into its bucket.
func (r *Reader) ByTenantName(ctx context.Context, tenant string, from int64) error {
	return r.since(ctx, "by-tenant", from, table.ValueParam("$bucket", types.Uint64Value(index.BucketHash(0, tenant))))
}

// RecentTenants reads the tenant index without its bucket: fullscan's
// finding, not this rule's (the bucket is bound to a request value above).
func (r *Reader) RecentTenants(ctx context.Context, from int64) error {
	return r.since(ctx, "by-tenant-recent", from)
}

// Export streams the tag index from a point in time for a backup: a scan
// query reads many rows on purpose, so leaving the hash out is reported
// only with -strict.
func (r *Reader) Export(ctx context.Context, from int64) error {
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		res, err := s.StreamExecuteScanQuery(ctx, `DECLARE $from AS Int64;
SELECT trace_id FROM tag_index WHERE ts >= $from`, table.NewQueryParameters(table.ValueParam("$from", types.Int64Value(from))))
		if err != nil {
			return err
		}
		return res.Close()
	})
}

// Lookup reads index entries by their full key.
func (r *Reader) Lookup(ctx context.Context, service string, bucket uint8, ts int64, traceID string) error {
	_, err := r.db.Table().ReadRows(ctx, path.Join(r.db.Name(), "service_index"), types.ListValue(
		types.StructValue(
			types.StructFieldValue("svc_hash", types.Uint64Value(index.BucketHash(bucket, service))),
			types.StructFieldValue("ts", types.Int64Value(ts)),
			types.StructFieldValue("trace_id", types.UTF8Value(traceID)),
		),
	), []options.ReadRowsOption{})
	return err
}

// LookupUnhashed leaves the hash out of the key.
func (r *Reader) LookupUnhashed(ctx context.Context, ts int64, traceID string) error {
	_, err := r.db.Table().ReadRows(ctx, path.Join(r.db.Name(), "service_index"), types.ListValue(
		types.StructValue( // want `ReadRows key has ts but not the hash-prefix column svc_hash of service_index\b.*table service_index.*; add a field svc_hash holding the same hash as the write at hashprefix/bucket/writer.go:\d+ \(index.BucketHash\)`
			types.StructFieldValue("ts", types.Int64Value(ts)),
			types.StructFieldValue("trace_id", types.UTF8Value(traceID)),
		),
	), []options.ReadRowsOption{})
	return err
}
