// Package sqlaccounts is the database/sql flavour of accounts.
package sqlaccounts

import (
	"context"
	"database/sql"

	_ "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/retry"
)

type Repo struct{ db *sql.DB }

func New(db *sql.DB) *Repo { return &Repo{db: db} }

// Freeze commits in a defer, where the error goes nowhere.
func (r *Repo) Freeze(ctx context.Context, id int64) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Commit() // want `the error of database/sql.Tx.Commit is dropped`
	_, err = tx.ExecContext(ctx, "UPDATE accounts SET frozen = true WHERE id = $id", sql.Named("id", id))
	return err
}

// FreezeFixed is Freeze's correct twin.
func (r *Repo) FreezeFixed(ctx context.Context, id int64) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	if _, err = tx.ExecContext(ctx, "UPDATE accounts SET frozen = true WHERE id = $id", sql.Named("id", id)); err != nil {
		return err
	}
	return tx.Commit()
}

// Thaw ignores retry.DoTx's error.
func (r *Repo) Thaw(ctx context.Context, id int64) {
	retry.DoTx(ctx, r.db, func(ctx context.Context, tx *sql.Tx) error { // want `the error of retry.DoTx is dropped`
		_, err := tx.ExecContext(ctx, "UPDATE accounts SET frozen = false WHERE id = $id", sql.Named("id", id))
		return err
	})
}
