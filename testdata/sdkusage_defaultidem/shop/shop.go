// Package shop reads prices; the driver it is given is opened with
// ydb.WithDefaultIdempotent(true) (cmd/shopd), so every retry is
// idempotent already.
package shop

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Prices reads prices.
type Prices struct{ db *ydb.Driver }

// NewPrices returns a reader on db.
func NewPrices(db *ydb.Driver) *Prices { return &Prices{db: db} }

// Price reads without a per-call flag: the driver's default covers it.
func (p *Prices) Price(ctx context.Context, sku string) (price int64, err error) {
	err = p.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		row, err := s.QueryRow(ctx, "DECLARE $sku AS Utf8; SELECT price FROM prices WHERE sku = $sku;",
			query.WithParameters(ydb.ParamsBuilder().Param("$sku").Text(sku).Build()))
		if err != nil {
			return err
		}
		return row.Scan(&price)
	})
	return price, err
}

// Count reads through the client's own retry loop.
func (p *Prices) Count(ctx context.Context) (n uint64, err error) {
	row, err := p.db.Query().QueryRow(ctx, "SELECT COUNT(*) FROM prices")
	if err != nil {
		return 0, err
	}
	err = row.Scan(&n)
	return n, err
}
