// Package reports reads the balances that the setup package creates; it
// does not import setup, so the table is known only from the module scan.
package reports

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Reports reads balances.
type Reports struct{ c table.Client }

// New wires the reports.
func New(c table.Client) *Reports { return &Reports{c: c} }

var ro = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

// ByCurrency filters on the second key column only: every partition is read.
func (r *Reports) ByCurrency(ctx context.Context, currency string) error {
	return r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, ro, "DECLARE $currency AS Utf8; SELECT account_id, balance FROM balances WHERE currency = $currency", // want `SELECT reads every partition of .*balances\b.*table .*balances, primary key \(account_id, currency\)`
			table.NewQueryParameters(table.ValueParam("$currency", types.UTF8Value(currency))))
		if err == nil {
			err = res.Close()
		}
		return err
	})
}

// OfAccount reads by the leading key column: fine.
func (r *Reports) OfAccount(ctx context.Context, id uint64) error {
	return r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, ro, "DECLARE $id AS Uint64; SELECT currency, balance FROM balances WHERE account_id = $id",
			table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
		if err == nil {
			err = res.Close()
		}
		return err
	})
}

// PayoutsOf filters payouts on a column that is not the key: every
// partition is read.
func (r *Reports) PayoutsOf(ctx context.Context, account uint64) error {
	return r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, ro, "DECLARE $account AS Uint64; SELECT payout_id, amount FROM payouts WHERE account_id = $account", // want `SELECT reads every partition of .*payouts\b.*table .*payouts, primary key \(payout_id\)`
			table.NewQueryParameters(table.ValueParam("$account", types.Uint64Value(account))))
		if err == nil {
			err = res.Close()
		}
		return err
	})
}

// Payout reads one payout by its key: fine.
func (r *Reports) Payout(ctx context.Context, id uint64) error {
	return r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, ro, "DECLARE $id AS Uint64; SELECT account_id, amount FROM payouts WHERE payout_id = $id",
			table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
		if err == nil {
			err = res.Close()
		}
		return err
	})
}
