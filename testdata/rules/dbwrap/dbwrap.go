// Package dbwrap is a wrapper package of the kind services build: its
// methods forward query text and parameters to the SDK or database/sql, so
// calls to them in other packages are query sites.
package dbwrap

import (
	"context"
	"database/sql"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

type DB struct {
	Driver *ydb.Driver
	SQL    *sql.DB
}

// Exec runs a statement through the query service inside a retry loop.
func (d *DB) Exec(ctx context.Context, q string, opts ...query.ExecuteOption) error {
	return d.Driver.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		return s.Exec(ctx, q, opts...)
	})
}

// SQLExec runs a statement through database/sql.
func (d *DB) SQLExec(ctx context.Context, q string, args ...any) error {
	_, err := d.SQL.ExecContext(ctx, q, args...)
	return err
}
