// Package accounts moves money between accounts with both services.
package accounts

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

type Repo struct{ db *ydb.Driver }

func New(db *ydb.Driver) *Repo { return &Repo{db: db} }

const credit = `DECLARE $id AS Uint64; DECLARE $amount AS Int64;
UPSERT INTO accounts (id, balance) SELECT id, balance + $amount FROM accounts WHERE id = $id;`

// writeTx begins a read-write transaction and never commits it.
var writeTx = table.TxControl(table.BeginTx(table.WithSerializableReadWrite()))

// commitTx is its correct twin.
var commitTx = table.TxControl(table.BeginTx(table.WithSerializableReadWrite()), table.CommitTx())

func params(id uint64, amount int64) *table.QueryParameters {
	return table.NewQueryParameters(
		table.ValueParam("$id", types.Uint64Value(id)),
		table.ValueParam("$amount", types.Int64Value(amount)),
	)
}

// Credit drops the transaction Execute returns: the UPSERT is never committed.
func (r *Repo) Credit(ctx context.Context, id uint64, amount int64) error {
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, writeTx, credit, params(id, amount)) // want `Session.Execute begins a read-write transaction without CommitTx\(\) and drops the transaction; the table service never commits the transaction it returns`
		return err
	})
}

// CreditFixed is Credit's correct twin.
func (r *Repo) CreditFixed(ctx context.Context, id uint64, amount int64) error {
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, commitTx, credit, params(id, amount))
		return err
	})
}

// CreditThenCommit keeps the transaction and commits it: correct.
func (r *Repo) CreditThenCommit(ctx context.Context, id uint64, amount int64) error {
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		tx, _, err := s.Execute(ctx, writeTx, credit, params(id, amount))
		if err != nil {
			return err
		}
		_, err = tx.CommitTx(ctx)
		return err
	})
}

// Balance reads in a read-write transaction it drops: nothing is lost.
func (r *Repo) Balance(ctx context.Context, id uint64) error {
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, writeTx, "DECLARE $id AS Uint64; SELECT balance FROM accounts WHERE id = $id;",
			table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
		if err != nil {
			return err
		}
		return res.Close()
	})
}

// Adjust picks the control on a flag: both branches leave it open.
func (r *Repo) Adjust(ctx context.Context, id uint64, amount int64, snapshot bool) error {
	txc := table.TxControl(table.BeginTx(table.WithSerializableReadWrite()))
	if snapshot {
		txc = table.TxControl(table.BeginTx(table.WithSnapshotReadWrite()))
	}
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, txc, credit, params(id, amount)) // want `Session.Execute begins a read-write transaction without CommitTx`
		return err
	})
}

// AdjustMixed commits on one branch only: unknown, silent.
func (r *Repo) AdjustMixed(ctx context.Context, id uint64, amount int64, last bool) error {
	txc := table.TxControl(table.BeginTx(table.WithSerializableReadWrite()))
	if last {
		txc = table.SerializableReadWriteTxControl(table.CommitTx())
	}
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, txc, credit, params(id, amount))
		return err
	})
}

var queryCredit = query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(1).Param("$amount").Int64(10).Build())

// Bonus runs a write through the client with a read-write BeginTx and no
// commit: v3.126.1+ refuses every such call.
func (r *Repo) Bonus(ctx context.Context) error {
	return r.db.Query().Exec(ctx, credit, // want `query.Client.Exec runs with a read-write BeginTx and no CommitTx\(\); .*since v3.126.1 the SDK refuses it`
		query.WithTxControl(query.TxControl(query.BeginTx(query.WithSerializableReadWrite()))),
		queryCredit)
}

// BonusRW uses the read-write shortcut, also without commit.
func (r *Repo) BonusRW(ctx context.Context) error {
	return r.db.Query().Exec(ctx, credit, // want `query.Client.Exec runs with a read-write BeginTx and no CommitTx\(\)`
		query.WithTxControl(query.SerializableReadWriteTxControl()),
		queryCredit)
}

// BonusFixed is Bonus's correct twin.
func (r *Repo) BonusFixed(ctx context.Context) error {
	return r.db.Query().Exec(ctx, credit,
		query.WithTxControl(query.SerializableReadWriteTxControl(query.CommitTx())),
		queryCredit)
}

// BonusDefault leaves the control out: the default commits.
func (r *Repo) BonusDefault(ctx context.Context) error {
	return r.db.Query().Exec(ctx, credit, queryCredit)
}

// Transfer drops the error of DoTx: a commit that failed looks done.
func (r *Repo) Transfer(ctx context.Context, from, to uint64, amount int64) {
	r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error { // want `the error of query.Client.DoTx is dropped`
		if err := tx.Exec(ctx, credit, query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(from).Param("$amount").Int64(-amount).Build())); err != nil {
			return err
		}
		return tx.Exec(ctx, credit, query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(to).Param("$amount").Int64(amount).Build()))
	})
}

// TransferFixed is Transfer's correct twin.
func (r *Repo) TransferFixed(ctx context.Context, from, to uint64, amount int64) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		if err := tx.Exec(ctx, credit, query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(from).Param("$amount").Int64(-amount).Build())); err != nil {
			return err
		}
		return tx.Exec(ctx, credit, query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(to).Param("$amount").Int64(amount).Build()))
	})
}

// Close commits an interactive transaction and ignores the outcome.
func (r *Repo) CloseDay(ctx context.Context) error {
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		tx, err := s.BeginTransaction(ctx, table.TxSettings(table.WithSerializableReadWrite()))
		if err != nil {
			return err
		}
		if _, err := tx.Execute(ctx, "UPDATE accounts SET frozen = true WHERE balance < 0;", nil); err != nil {
			return err
		}
		tx.CommitTx(ctx) // want `the error of table.Transaction.CommitTx is dropped`
		return nil
	})
}

var rwOpen = query.TxControl(query.BeginTx(query.WithSerializableReadWrite()))

// Peek only reads, but since v3.126.1 the call itself fails (compare the
// sdkusage_v3_117 module, where it is silent).
func (r *Repo) Peek(ctx context.Context, id uint64) error {
	_, err := r.db.Query().QueryRow(ctx, "DECLARE $id AS Uint64; SELECT balance FROM accounts WHERE id = $id;", // want `query.Client.QueryRow runs with a read-write BeginTx and no CommitTx\(\); .*every call returns query.ErrTxControlWithoutCommit`
		query.WithTxControl(rwOpen), query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
	return err
}

// Touch ignores the outcome on purpose, and says so with _ =: not reported.
func (r *Repo) Touch(ctx context.Context, id uint64) {
	_ = r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		return tx.Exec(ctx, "DECLARE $id AS Uint64; UPDATE accounts SET touched = CurrentUtcTimestamp() WHERE id = $id;",
			query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
	})
}
