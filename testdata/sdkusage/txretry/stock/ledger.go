package main

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

const appendEntry = `DECLARE $account AS Utf8; DECLARE $amount AS Int64;
UPSERT INTO ledger (account, amount) VALUES ($account, $amount);`

// ledger holds one session for its whole life, made in its constructor.
type ledger struct {
	s table.ClosableSession
}

func openLedger(ctx context.Context, c table.Client) (*ledger, error) {
	s, err := c.CreateSession(ctx) //nolint:staticcheck
	if err != nil {
		return nil, err
	}
	return &ledger{s: s}, nil
}

func (l *ledger) Close(ctx context.Context) error { return l.s.Close(ctx) }

// Append begins on the held session: BAD_SESSION after the server drops
// it fails every later Append too.
func (l *ledger) Append(ctx context.Context, account string, amount int64) error {
	tx, err := l.s.BeginTransaction(ctx, table.TxSettings(table.WithSerializableReadWrite())) // want `table.Session.BeginTransaction begins an interactive transaction outside any retrier; the session is from table.Client.CreateSession`
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if _, err := tx.Execute(ctx, appendEntry, table.NewQueryParameters(
		table.ValueParam("$account", types.UTF8Value(account)),
		table.ValueParam("$amount", types.Int64Value(amount)),
	)); err != nil {
		return err
	}
	_, err = tx.CommitTx(ctx)
	return err
}
