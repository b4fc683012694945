// Package bonus credits bonuses through the query service with SDK
// v3.117.0, before the SDK refused a read-write BeginTx without CommitTx
// on non-interactive calls (v3.126.1).
package bonus

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

type Repo struct{ db *ydb.Driver }

func New(db *ydb.Driver) *Repo { return &Repo{db: db} }

const credit = `DECLARE $id AS Uint64; DECLARE $amount AS Int64;
UPSERT INTO accounts (id, balance) SELECT id, balance + $amount FROM accounts WHERE id = $id;`

var rwOpen = query.TxControl(query.BeginTx(query.WithSerializableReadWrite()))

func params(id uint64, amount int64) query.ExecuteOption {
	return query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Param("$amount").Int64(amount).Build())
}

// Credit runs on this SDK, and its write is lost.
func (r *Repo) Credit(ctx context.Context, id uint64, amount int64) error {
	return r.db.Query().Exec(ctx, credit, query.WithTxControl(rwOpen), params(id, amount)) // want `before v3.126.1 the SDK sends it as is and nobody can commit it: the writes are lost`
}

// CreditFixed is Credit's correct twin.
func (r *Repo) CreditFixed(ctx context.Context, id uint64, amount int64) error {
	return r.db.Query().Exec(ctx, credit, query.WithTxControl(query.TxControl(query.BeginTx(query.WithSerializableReadWrite()), query.CommitTx())), params(id, amount))
}

// Peek only reads in the open transaction: nothing is lost on this SDK
// (v3.126.1+ would refuse it, see the sdkusage module).
func (r *Repo) Peek(ctx context.Context, id uint64) error {
	_, err := r.db.Query().QueryRow(ctx, "DECLARE $id AS Uint64; SELECT balance FROM accounts WHERE id = $id;",
		query.WithTxControl(rwOpen), query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
	return err
}
