// Package ledger writes entries with SDK v3.42.7: the table service has
// never refused an uncommitted read-write control.
package ledger

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

type Ledger struct{ db ydb.Connection }

func New(db ydb.Connection) *Ledger { return &Ledger{db: db} }

const insert = `DECLARE $id AS Uint64; DECLARE $amount AS Int64;
INSERT INTO entries (id, amount) VALUES ($id, $amount);`

// Add never commits.
func (l *Ledger) Add(ctx context.Context, id uint64, amount int64) error {
	return l.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, table.TxControl(table.BeginTx(table.WithSerializableReadWrite())), insert, // want `Session.Execute begins a read-write transaction without CommitTx\(\) and drops the transaction; the table service never commits the transaction it returns`
			table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id)), table.ValueParam("$amount", types.Int64Value(amount))))
		return err
	})
}

// AddFixed is Add's correct twin.
func (l *Ledger) AddFixed(ctx context.Context, id uint64, amount int64) error {
	return l.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, table.DefaultTxControl(), insert,
			table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id)), table.ValueParam("$amount", types.Int64Value(amount))))
		return err
	})
}
