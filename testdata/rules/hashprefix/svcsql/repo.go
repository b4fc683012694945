// Package svcsql is a user repository over database/sql. The *sql.DB is
// opened in main with ydb.WithPositionalArgs and handed to the constructor,
// so the repository cannot see how its arguments bind: the `?` in its text
// says so (positional), and the keyed shape of each predicate is checked
// without mapping any argument to a placeholder.
package svcsql

import (
	"context"
	"database/sql"

	"github.com/ydb-platform/ydb-go-sdk/v3/retry"
)

// Repo reads and deletes users.
type Repo struct {
	db *sql.DB
}

// New returns a Repo over db.
func New(db *sql.DB) *Repo { return &Repo{db: db} }

// Amount reads a user by id only.
func (r *Repo) Amount(ctx context.Context, id uint64) (string, error) {
	var name string
	err := r.db.QueryRowContext(ctx, "SELECT name FROM users WHERE user_id = ?", id).Scan(&name) // want `SELECT binds user_id but not the hash-prefix column user_hash of users\b.*table users`
	return name, err
}

// AmountKeyed is the correct twin of Amount.
func (r *Repo) AmountKeyed(ctx context.Context, id uint64) (string, error) {
	var name string
	err := r.db.QueryRowContext(ctx, "SELECT name FROM users WHERE user_hash = Digest::NumericHash(?) AND user_id = ?", id, id).Scan(&name)
	return name, err
}

// Cancel deletes a user in a transaction, by id only.
func (r *Repo) Cancel(ctx context.Context, id uint64) error {
	return retry.DoTx(ctx, r.db, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM users WHERE user_id = ?`, id) // want `DELETE binds user_id but not the hash-prefix column user_hash of users\b.*table users`
		return err
	})
}

// CancelKeyed is the correct twin of Cancel.
func (r *Repo) CancelKeyed(ctx context.Context, id uint64) error {
	return retry.DoTx(ctx, r.db, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM users WHERE user_hash = Digest::NumericHash(?) AND user_id = ?`, id, id)
		return err
	})
}

// ByCustomer looks users up by id and name on a *sql.Conn.
func (r *Repo) ByCustomer(ctx context.Context, name string) error {
	conn, err := r.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	rows, err := conn.QueryContext(ctx, "SELECT user_id FROM users WHERE user_id IN (?, ?) AND name = ?", 1, 2, name) // want `SELECT binds user_id but not the hash-prefix column user_hash of users\b.*table users`
	if err != nil {
		return err
	}
	return rows.Close()
}
