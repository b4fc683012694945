// Package blobstore keeps blobs keyed by an FNV hash of their id computed
// in Go. No write in the module shows the hash (blobs are loaded by another
// service), so the keyed read is the evidence that blob_hash hashes blob_id.
package blobstore

import (
	"context"
	"hash/fnv"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

const schemaDDL = `CREATE TABLE blobs (
	blob_hash Uint64,
	blob_id Utf8,
	data String,
	PRIMARY KEY (blob_hash, blob_id)
);`

// Store reads blobs.
type Store struct{ db *ydb.Driver }

// New returns a Store; Setup creates its table.
func New(db *ydb.Driver) *Store { return &Store{db: db} }

// Setup creates the table.
func (s *Store) Setup(ctx context.Context) error { return s.db.Query().Exec(ctx, schemaDDL) }

func blobHash(id string) uint64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(id))
	return h.Sum64()
}

// Get reads one blob by its full key.
func (s *Store) Get(ctx context.Context, id string) (query.Row, error) {
	return s.db.Query().QueryRow(ctx, `DECLARE $h AS Uint64; DECLARE $id AS Utf8;
SELECT data FROM blobs WHERE blob_hash = $h AND blob_id = $id;`,
		query.WithParameters(ydb.ParamsBuilder().Param("$h").Uint64(blobHash(id)).Param("$id").Text(id).Build()), query.WithIdempotent())
}

// Drop forgets the hash.
func (s *Store) Drop(ctx context.Context, id string) error {
	return s.db.Query().Exec(ctx, `DECLARE $id AS Utf8;
DELETE FROM blobs WHERE blob_id = $id;`, // want `DELETE binds blob_id but not the hash-prefix column blob_hash of blobs\b.*table blobs`
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Text(id).Build()))
}
