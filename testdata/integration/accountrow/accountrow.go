// Package accountrow is the integration corpus's case of scantype: an
// account read through the query service whose Uint64 key is scanned
// into an int64, and its twin.
package accountrow

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

const byID = "DECLARE $id AS Uint64; SELECT account_id, email FROM accounts WHERE account_id = $id;"

// Account is one row of accounts.
type Account struct {
	ID    uint64
	Email string
}

// Repo reads accounts.
type Repo struct{ db *ydb.Driver }

// Open returns a Repo on the driver.
func Open(db *ydb.Driver) *Repo { return &Repo{db: db} }

// Get scans account_id, a Uint64, into an int64: every read fails with
// "cast failed".
func (r *Repo) Get(ctx context.Context, id uint64) (Account, error) {
	row, err := r.db.Query().QueryRow(ctx, byID, query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()), query.WithIdempotent())
	if err != nil {
		return Account{}, err
	}
	var (
		got   int64
		email *string
	)
	if err := row.Scan(&got, &email); err != nil { // want `Scan scans result column 1 \(account_id\), Uint64 NOT NULL, into \*int64: .*; the query service cannot cast Uint64 into int64.*; result column 1 \(account_id\) is column account_id of table accounts, schema migrations/00002_accounts.sql:3`
		return Account{}, err
	}
	a := Account{ID: uint64(got)}
	if email != nil {
		a.Email = *email
	}
	return a, nil
}

// GetFixed is Get's correct twin.
func (r *Repo) GetFixed(ctx context.Context, id uint64) (Account, error) {
	row, err := r.db.Query().QueryRow(ctx, byID, query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()), query.WithIdempotent())
	if err != nil {
		return Account{}, err
	}
	var (
		a     Account
		email *string
	)
	if err := row.Scan(&a.ID, &email); err != nil {
		return Account{}, err
	}
	if email != nil {
		a.Email = *email
	}
	return a, nil
}
