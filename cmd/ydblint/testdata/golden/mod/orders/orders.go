// Package orders is a repository over the orders table.
package orders

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Repo reads and writes orders.
type Repo struct {
	db    *ydb.Driver
	table string // set by the caller: not known to ydblint
}

// New returns a repository.
func New(db *ydb.Driver, table string) *Repo { return &Repo{db: db, table: table} }

// Save writes an order with its hash.
func (r *Repo) Save(ctx context.Context, id uint64, amount float64) error {
	return r.db.Query().Exec(ctx, "UPSERT INTO orders (order_hash, order_id, amount) VALUES (Digest::NumericHash($id), $id, $amount)",
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Param("$amount").Double(amount).Build()))
}

// Get forgets the hash-prefix column.
func (r *Repo) Get(ctx context.Context, id uint64) error {
	_, err := r.db.Query().QueryRow(ctx, "SELECT amount FROM orders WHERE order_id = $id",
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
	return err
}

// GetKeyed reads by the full key.
func (r *Repo) GetKeyed(ctx context.Context, id uint64) error {
	_, err := r.db.Query().QueryRow(ctx, "SELECT amount FROM orders WHERE order_hash = Digest::NumericHash($id) AND order_id = $id",
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
	return err
}

// Count reads a table whose name ydblint cannot know.
func (r *Repo) Count(ctx context.Context) error {
	_, err := r.db.Query().QueryRow(ctx, "SELECT COUNT(*) FROM `"+r.table+"`")
	return err
}
