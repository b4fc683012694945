// Package orders keeps orders in YDB through database/sql (v3.42.7:
// ydb.Connector takes the ydb.Connection and returns the connector and an
// error).
package orders

import (
	"context"
	"database/sql"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/retry"
)

// Store is the order repository.
type Store struct {
	db *sql.DB
}

// Open connects the repository through the native driver's connector.
func Open(ctx context.Context, dsn string) (*Store, error) {
	conn, err := ydb.Open(ctx, dsn)
	if err != nil {
		return nil, err
	}
	connector, err := ydb.Connector(conn)
	if err != nil {
		return nil, err
	}
	return &Store{db: sql.OpenDB(connector)}, nil
}

// Place runs the transaction once.
func (s *Store) Place(ctx context.Context, id, customer int64) error {
	tx, err := s.db.BeginTx(ctx, nil) // want `\(\*sql.DB\).BeginTx begins a transaction on the YDB database/sql driver outside any retrier`
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, "UPSERT INTO orders (id, customer) VALUES ($id, $customer);", sql.Named("id", id), sql.Named("customer", customer)); err != nil {
		return err
	}
	return tx.Commit()
}

// PlaceRetried is Place's twin under retry.DoTx; v3.42.7 takes the
// idempotence flag through WithDoTxRetryOptions.
func (s *Store) PlaceRetried(ctx context.Context, id, customer int64) error {
	return retry.DoTx(ctx, s.db, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "UPSERT INTO orders (id, customer) VALUES ($id, $customer);", sql.Named("id", id), sql.Named("customer", customer))
		return err
	}, retry.WithDoTxRetryOptions(retry.WithIdempotent(true)))
}
