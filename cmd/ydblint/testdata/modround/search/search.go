// Package search answers trace searches. It binds each index table's hash
// column to hashing.BucketHash, one keyed read per bucket: that is the only
// place in the module that shows service_index is keyed by a hash. It
// imports none of the packages that write the tables.
package search

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"

	"example.com/modround/hashing"
)

// Repository reads the index tables.
type Repository struct {
	db *ydb.Driver
}

// NewRepository wires a Repository.
func NewRepository(db *ydb.Driver) *Repository { return &Repository{db: db} }

// ByService reads every bucket of one service from a point in time on.
func (r *Repository) ByService(ctx context.Context, service string, from int64) error {
	for b := uint8(0); b < hashing.Buckets; b++ {
		_, err := r.db.Query().QueryResultSet(ctx, `DECLARE $hash AS Uint64; DECLARE $from AS Int64;
SELECT trace_id FROM service_index WHERE svc_hash = $hash AND ts >= $from`,
			query.WithParameters(ydb.ParamsBuilder().
				Param("$hash").Uint64(hashing.BucketHash(b, service)).
				Param("$from").Int64(from).
				Build()), query.WithIdempotent())
		if err != nil {
			return err
		}
	}
	return nil
}

// SessionsOfShard reads the shard a caller names: sessions.shard holds
// whatever the caller passes here, so nothing proves it is a hash.
func (r *Repository) SessionsOfShard(ctx context.Context, shard uint64, from int64) error {
	_, err := r.db.Query().QueryResultSet(ctx, `DECLARE $shard AS Uint64; DECLARE $from AS Int64;
SELECT id FROM sessions WHERE shard = $shard AND created_at >= $from`,
		query.WithParameters(ydb.ParamsBuilder().
			Param("$shard").Uint64(shard).
			Param("$from").Int64(from).
			Build()), query.WithIdempotent())
	return err
}
