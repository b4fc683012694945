// Package accountsql writes accounts through database/sql with positional
// arguments. The handle is opened by the package's constructor and kept in
// a struct field; only because every store into that field opens it with
// ydb.WithPositionalArgs does nullkey know that the first `?` is the key.
package accountsql

import (
	"context"
	"database/sql"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
)

// Repo writes accounts.
type Repo struct {
	db *sql.DB
}

func newRepo(drv *ydb.Driver) *Repo {
	return &Repo{db: sql.OpenDB(ydb.MustConnector(drv, ydb.WithPositionalArgs(), ydb.WithAutoDeclare()))}
}

// Open returns a Repo on the driver.
func Open(drv *ydb.Driver) *Repo { return newRepo(drv) }

// Close closes the handle.
func (r *Repo) Close() error { return r.db.Close() }

// Orphan writes an account with no id: account_id is NOT NULL.
func (r *Repo) Orphan(ctx context.Context, email string) error {
	_, err := r.db.ExecContext(ctx, "UPSERT INTO accounts (account_id, email) VALUES (?, ?)", sql.NullInt64{}, email) // want `NULL.* is written to NOT NULL key column account_id of accounts: YDB rejects the statement; .*table accounts`
	return err
}

// Register is the correct twin of Orphan.
func (r *Repo) Register(ctx context.Context, id uint64, email string) error {
	_, err := r.db.ExecContext(ctx, "UPSERT INTO accounts (account_id, email) VALUES (?, ?)", id, email)
	return err
}
