// Package sqlstore reads and credits balances through database/sql; its
// findings need -strict (a DSN parameter may set the default).
package sqlstore

import (
	"context"
	"database/sql"

	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/retry"
)

// Store holds the database handle.
type Store struct {
	db  *sql.DB
	qc  query.Client
	log func(string)
}

// New returns a store.
func New(db *sql.DB, qc query.Client) *Store { return &Store{db: db, qc: qc} }

// Balance reads without the flag.
func (s *Store) Balance(ctx context.Context, id string) (balance int64, err error) {
	err = retry.DoTx(ctx, s.db, func(ctx context.Context, tx *sql.Tx) error { // want `retry.DoTx runs a read-only closure without retry.WithIdempotent\(true\); .*; every statement of the closure only reads`
		return tx.QueryRowContext(ctx, "SELECT balance FROM accounts WHERE id = $id", sql.Named("id", id)).Scan(&balance)
	})
	return balance, err
}

// BalanceIdempotent is Balance's correct twin.
func (s *Store) BalanceIdempotent(ctx context.Context, id string) (balance int64, err error) {
	err = retry.DoTx(ctx, s.db, func(ctx context.Context, tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, "SELECT balance FROM accounts WHERE id = $id", sql.Named("id", id)).Scan(&balance)
	}, retry.WithIdempotent(true))
	return balance, err
}

// Credit checks an operation id before it adds: the rule cannot prove the
// check guards the write, so it reports only with -strict.
func (s *Store) Credit(ctx context.Context, op, id string, amount int64) error {
	return retry.DoTx(ctx, s.db, func(ctx context.Context, tx *sql.Tx) error {
		var seen string
		if err := tx.QueryRowContext(ctx, "SELECT op_id FROM applied_ops WHERE op_id = $op", sql.Named("op", op)).Scan(&seen); err == nil {
			return nil
		}
		_, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = balance + $amount WHERE id = $id",
			sql.Named("id", id), sql.Named("amount", amount))
		return err
	}, retry.WithIdempotent(true)) // want `retry.WithIdempotent\(true\) marks retry.DoTx idempotent, but it adds to a value it overwrites; .*\(unless a check this rule cannot see.*; it runs UPDATE accounts SET balance = balance \+ …`
}

// Audit reads and logs through a function value: unknown. Silent.
func (s *Store) Audit(ctx context.Context, id string) error {
	return retry.DoTx(ctx, s.db, func(ctx context.Context, tx *sql.Tx) error {
		var balance int64
		if err := tx.QueryRowContext(ctx, "SELECT balance FROM accounts WHERE id = $id", sql.Named("id", id)).Scan(&balance); err != nil {
			return err
		}
		s.log(id)
		return nil
	})
}
