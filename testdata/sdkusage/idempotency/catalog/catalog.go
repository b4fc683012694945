// Package catalog reads and counts products through the table service.
package catalog

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result/named"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

const (
	selectTitle = `DECLARE $id AS Uint64;
SELECT title FROM products WHERE id = $id;`
	bumpViews = `DECLARE $id AS Uint64;
UPDATE products SET views = views + 1 WHERE id = $id;`
	upsertViews = `DECLARE $id AS Uint64;
UPSERT INTO products SELECT id, views + 1 AS views FROM products WHERE id = $id;`
)

// Store reads products.
type Store struct{ tc table.Client }

// NewStore returns a store on the table client.
func NewStore(tc table.Client) *Store { return &Store{tc: tc} }

// Title reads without the flag.
func (s *Store) Title(ctx context.Context, id uint64) (title string, err error) {
	err = s.tc.Do(ctx, func(ctx context.Context, sess table.Session) error { // want `table.Client.Do runs a read-only closure without table.WithIdempotent\(\); .*; every statement of the closure only reads`
		_, res, err := sess.Execute(ctx, table.DefaultTxControl(), selectTitle,
			table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				if err := res.ScanNamed(named.OptionalWithDefault("title", &title)); err != nil {
					return err
				}
			}
		}
		return res.Err()
	})
	return title, err
}

// TitleIdempotent is Title's correct twin.
func (s *Store) TitleIdempotent(ctx context.Context, id uint64) (title string, err error) {
	err = s.tc.Do(ctx, func(ctx context.Context, sess table.Session) error {
		_, res, err := sess.Execute(ctx, table.DefaultTxControl(), selectTitle,
			table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				if err := res.ScanNamed(named.OptionalWithDefault("title", &title)); err != nil {
					return err
				}
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return title, err
}

// View counts a view and calls it idempotent: a replay counts twice.
func (s *Store) View(ctx context.Context, id uint64) error {
	return s.tc.DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
		_, err := tx.Execute(ctx, bumpViews, table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
		return err
	}, table.WithIdempotent()) // want `table.WithIdempotent\(\) marks table.Client.DoTx idempotent, but it adds to a value it overwrites; .*; it runs UPDATE products SET views = views \+ …`
}

// ViewUpsert does the same with an UPSERT of its own row.
func (s *Store) ViewUpsert(ctx context.Context, id uint64) error {
	return s.tc.DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
		_, err := tx.Execute(ctx, upsertViews, table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
		return err
	}, table.WithIdempotent(true)) // want `table.WithIdempotent\(\) marks table.Client.DoTx idempotent, but it adds to a value it overwrites; .*; it runs UPSERT INTO products … SELECT arithmetic FROM products`
}

// ViewOnce is View's correct twin.
func (s *Store) ViewOnce(ctx context.Context, id uint64) error {
	return s.tc.DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
		_, err := tx.Execute(ctx, bumpViews, table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
		return err
	})
}
