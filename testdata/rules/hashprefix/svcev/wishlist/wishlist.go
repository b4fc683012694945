// Package wishlist reads wishlists keyed by a hash of the owner; no write
// in the module computes the hash (the loader lost it), so the keyed reads
// are the only evidence.
package wishlist

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Store is the wishlist repository.
type Store struct{ db *ydb.Driver }

// New returns a Store.
func New(db *ydb.Driver) *Store { return &Store{db: db} }

const listQuery = `DECLARE $owner AS Uint64;
SELECT item FROM wishlists WHERE owner_hash = Digest::NumericHash($owner) AND owner = $owner;`

// List reads one owner's items.
func (s *Store) List(ctx context.Context, owner uint64) (query.Result, error) {
	return s.db.Query().Query(ctx, listQuery,
		query.WithParameters(ydb.ParamsBuilder().Param("$owner").Uint64(owner).Build()))
}

// Clear forgets the hash.
func (s *Store) Clear(ctx context.Context, owner uint64) error {
	return s.db.Query().Exec(ctx, `DECLARE $owner AS Uint64;
DELETE FROM wishlists WHERE owner = $owner;`, // want `DELETE binds owner but not the hash-prefix column owner_hash of wishlists\b.*table wishlists`
		query.WithParameters(ydb.ParamsBuilder().Param("$owner").Uint64(owner).Build()))
}

// ClearKeyed is the correct twin of Clear.
func (s *Store) ClearKeyed(ctx context.Context, owner uint64) error {
	return s.db.Query().Exec(ctx, `DECLARE $owner AS Uint64;
DELETE FROM wishlists WHERE owner_hash = Digest::NumericHash($owner) AND owner = $owner;`,
		query.WithParameters(ydb.ParamsBuilder().Param("$owner").Uint64(owner).Build()))
}

// Add writes without the hash column.
func (s *Store) Add(ctx context.Context, owner uint64, item string) error {
	return s.db.Query().Exec(ctx, `DECLARE $owner AS Uint64; DECLARE $item AS Utf8;
UPSERT INTO wishlists (owner, item) VALUES ($owner, $item);`, // want `UPSERT does not write the hash-prefix column owner_hash of wishlists\b.*table wishlists`
		query.WithParameters(ydb.ParamsBuilder().Param("$owner").Uint64(owner).Param("$item").Text(item).Build()))
}
