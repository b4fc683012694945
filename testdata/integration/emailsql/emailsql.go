// Package emailsql is the integration corpus's case of txretry: a
// repository on the YDB database/sql driver that changes an account's
// email in a transaction run once, and its twin under retry.DoTx.
package emailsql

import (
	"context"
	"database/sql"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/retry"
)

const setEmail = "DECLARE $id AS Uint64; DECLARE $email AS Utf8; UPDATE accounts SET email = $email WHERE account_id = $id;"

// Repo changes accounts' emails.
type Repo struct {
	db *sql.DB
}

func newRepo(drv *ydb.Driver) *Repo {
	return &Repo{db: sql.OpenDB(ydb.MustConnector(drv))}
}

// Open returns a Repo on the driver.
func Open(drv *ydb.Driver) *Repo { return newRepo(drv) }

// ChangeEmail runs the transaction once.
func (r *Repo) ChangeEmail(ctx context.Context, id uint64, email string) error {
	tx, err := r.db.BeginTx(ctx, nil) // want `\(\*sql.DB\).BeginTx begins a transaction on the YDB database/sql driver outside any retrier`
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, setEmail, sql.Named("id", id), sql.Named("email", email)); err != nil {
		return err
	}
	return tx.Commit()
}

// ChangeEmailRetried is the correct twin of ChangeEmail.
func (r *Repo) ChangeEmailRetried(ctx context.Context, id uint64, email string) error {
	return retry.DoTx(ctx, r.db, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, setEmail, sql.Named("id", id), sql.Named("email", email))
		return err
	}, retry.WithIdempotent(true))
}
