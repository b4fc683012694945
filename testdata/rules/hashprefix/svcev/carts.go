// Package svcev is a service whose hash-prefix evidence is only in reads
// (carts: the write lost its hash column) or in Go-computed BulkUpsert rows
// (devices).
package svcev

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// CartRepo stores carts.
type CartRepo struct {
	db *ydb.Driver
}

// NewCartRepo returns a repository over db.
func NewCartRepo(db *ydb.Driver) *CartRepo { return &CartRepo{db: db} }

const getCart = `DECLARE $id AS Utf8;
SELECT payload FROM carts WHERE cart_hash = Digest::NumericHash($id) AND cart_id = $id;`

// Get reads a cart by key; its predicate is the evidence that cart_hash
// holds Digest::NumericHash(cart_id).
func (r *CartRepo) Get(ctx context.Context, id string) (query.Row, error) {
	return r.db.Query().QueryRow(ctx, getCart,
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Text(id).Build()))
}

// Remove forgets the hash.
func (r *CartRepo) Remove(ctx context.Context, id string) error {
	return r.db.Query().Exec(ctx, `DECLARE $id AS Utf8;
DELETE FROM carts WHERE cart_id = $id;`, // want `DELETE binds cart_id but not the hash-prefix column cart_hash of carts\b.*table carts`
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Text(id).Build()))
}

// RemoveKeyed is the correct twin of Remove.
func (r *CartRepo) RemoveKeyed(ctx context.Context, id string) error {
	return r.db.Query().Exec(ctx, `DECLARE $id AS Utf8;
DELETE FROM carts WHERE cart_hash = Digest::NumericHash($id) AND cart_id = $id;`,
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Text(id).Build()))
}

// Save writes without the hash column.
func (r *CartRepo) Save(ctx context.Context, id, payload string) error {
	return r.db.Query().Exec(ctx, `DECLARE $id AS Utf8; DECLARE $p AS Utf8;
UPSERT INTO carts (cart_id, payload) VALUES ($id, $p);`, // want `UPSERT does not write the hash-prefix column cart_hash of carts\b.*table carts`
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Text(id).Param("$p").Text(payload).Build()))
}

// SaveKeyed is the correct twin of Save.
func (r *CartRepo) SaveKeyed(ctx context.Context, id, payload string) error {
	return r.db.Query().Exec(ctx, `DECLARE $id AS Utf8; DECLARE $p AS Utf8;
UPSERT INTO carts (cart_hash, cart_id, payload) VALUES (Digest::NumericHash($id), $id, $p);`,
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Text(id).Param("$p").Text(payload).Build()))
}
