// Package sqlstore reads users through database/sql with the SDK's retry
// helpers.
package sqlstore

import (
	"context"
	"database/sql"

	"github.com/ydb-platform/ydb-go-sdk/v3/retry"
)

type Store struct{ db *sql.DB }

func New(db *sql.DB) *Store { return &Store{db: db} }

// Names appends while rows are still being received.
func (s *Store) Names(ctx context.Context) (names []string, err error) {
	err = retry.Do(ctx, s.db, func(ctx context.Context, cc *sql.Conn) error {
		rows, err := cc.QueryContext(ctx, "SELECT name FROM users")
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var n string
			if err := rows.Scan(&n); err != nil {
				return err
			}
			names = append(names, n) // want `append to names runs again when retry.Do retries the closure; Rows.Next can fail after it.*; names is captured from outside the closure;`
		}
		return rows.Err()
	}, retry.WithIdempotent(true))
	return names, err
}

// NamesFixed is Names' correct twin.
func (s *Store) NamesFixed(ctx context.Context) (names []string, err error) {
	err = retry.Do(ctx, s.db, func(ctx context.Context, cc *sql.Conn) error {
		names = names[:0]
		rows, err := cc.QueryContext(ctx, "SELECT name FROM users")
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var n string
			if err := rows.Scan(&n); err != nil {
				return err
			}
			names = append(names, n)
		}
		return rows.Err()
	}, retry.WithIdempotent(true))
	return names, err
}

// Rename renames users in a transaction and counts them.
func (s *Store) Rename(ctx context.Context, ids []int64, name string) (renamed int64, err error) {
	err = retry.DoTx(ctx, s.db, func(ctx context.Context, tx *sql.Tx) error {
		for _, id := range ids {
			r, err := tx.ExecContext(ctx, "UPDATE users SET name = $name WHERE id = $id", sql.Named("name", name), sql.Named("id", id))
			if err != nil {
				return err
			}
			n, _ := r.RowsAffected()
			renamed += n // want `update of renamed runs again when retry.DoTx retries the closure; Tx.ExecContext can fail after it.*; renamed is captured from outside the closure;`
		}
		return nil
	})
	return renamed, err
}

// RenameFixed is Rename's correct twin.
func (s *Store) RenameFixed(ctx context.Context, ids []int64, name string) (renamed int64, err error) {
	err = retry.DoTx(ctx, s.db, func(ctx context.Context, tx *sql.Tx) error {
		var total int64
		for _, id := range ids {
			r, err := tx.ExecContext(ctx, "UPDATE users SET name = $name WHERE id = $id", sql.Named("name", name), sql.Named("id", id))
			if err != nil {
				return err
			}
			n, _ := r.RowsAffected()
			total += n
		}
		renamed = total
		return nil
	})
	return renamed, err
}
