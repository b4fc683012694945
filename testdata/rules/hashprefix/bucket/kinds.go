package bucket

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"

	"example.com/rules/hashprefix/bucket/index"
)

// Kinds reads the span-kind index through the query service.
type Kinds struct {
	db *ydb.Driver
}

// NewKinds wires a Kinds.
func NewKinds(db *ydb.Driver) *Kinds { return &Kinds{db: db} }

// ByKind reads one bucket of a span kind: the hash, bound with the
// parameters builder, is the table's evidence.
func (k *Kinds) ByKind(ctx context.Context, kind string, bucket uint8, from int64) error {
	_, err := k.db.Query().QueryResultSet(ctx, `DECLARE $hash AS Uint64; DECLARE $from AS Int64;
SELECT trace_id FROM kind_index WHERE kind_hash = $hash AND ts >= $from`,
		query.WithParameters(ydb.ParamsBuilder().
			Param("$hash").Uint64(index.BucketHash(bucket, kind)).
			Param("$from").Int64(from).
			Build()))
	return err
}

// Recent reads the span-kind index without the hash.
func (k *Kinds) Recent(ctx context.Context, from int64) error {
	_, err := k.db.Query().QueryResultSet(ctx, `DECLARE $from AS Int64;
SELECT trace_id FROM kind_index WHERE ts >= $from`, // want `SELECT binds ts but not the hash-prefix column kind_hash of kind_index\b.*table kind_index, .*bind kind_hash to the same hash as the read at hashprefix/bucket/kinds.go:\d+ \(index.BucketHash\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$from").Int64(from).Build()))
	return err
}
