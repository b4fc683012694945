// Package balances is the integration corpus's case of idempotency: a
// read retried without the idempotency flag (the fix adds it), and a
// credit that adds to the balance under the flag.
package balances

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

const (
	selectBalance = "DECLARE $id AS Uint64; SELECT balance FROM balances WHERE account_id = $id;"
	credit        = "DECLARE $id AS Uint64; DECLARE $amount AS Int64; UPDATE balances SET balance = balance + $amount WHERE account_id = $id;"
)

// Repo reads and credits balances.
type Repo struct{ db *ydb.Driver }

// New returns a Repo on the driver.
func New(db *ydb.Driver) *Repo { return &Repo{db: db} }

// Balance reads one balance.
func (r *Repo) Balance(ctx context.Context, id uint64) (balance int64, err error) {
	err = r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error { // want `query.Client.Do runs a read-only closure without query.WithIdempotent\(\); .*; every statement of the closure only reads \(SELECT at balances.go:27\);`
		row, err := s.QueryRow(ctx, selectBalance,
			query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
		if err != nil {
			return err
		}
		return row.Scan(&balance)
	})
	return balance, err
}

// Credit adds to a balance and calls the work idempotent.
func (r *Repo) Credit(ctx context.Context, id uint64, amount int64) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		return tx.Exec(ctx, credit, query.WithParameters(ydb.ParamsBuilder().
			Param("$id").Uint64(id).Param("$amount").Int64(amount).Build()))
	}, query.WithIdempotent()) // want `query.WithIdempotent\(\) marks query.Client.DoTx idempotent, but it adds to a value it overwrites; .*; it runs UPDATE balances SET balance = balance \+ …`
}
