// Package accounts moves money between accounts on the table service and
// keeps a ledger through database/sql with the SDK's retry helpers.
package accounts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/retry"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/sdkusage/retryerr/apperr"
)

// ErrTransfer is what the API answers for a failed transfer.
var ErrTransfer = errors.New("transfer failed")

const debit = "DECLARE $id AS Int64; DECLARE $sum AS Int64; UPDATE accounts SET balance = balance - $sum WHERE id = $id;"

type Bank struct{ db *ydb.Driver }

func NewBank(db *ydb.Driver) *Bank { return &Bank{db: db} }

func debitParams(id, sum int64) *table.QueryParameters {
	return table.NewQueryParameters(table.ValueParam("$id", types.Int64Value(id)), table.ValueParam("$sum", types.Int64Value(sum)))
}

// Debit logs the SDK error and answers ErrTransfer instead.
func (b *Bank) Debit(ctx context.Context, id, sum int64) error {
	return b.db.Table().DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
		_, err := tx.Execute(ctx, debit, debitParams(id, sum))
		if err != nil {
			log.Printf("debit %d: %v", id, err)
			return ErrTransfer // want `the closure returns accounts.ErrTransfer in place of the error of TransactionActor.Execute; table.Client.DoTx finds no YDB status`
		}
		return nil
	})
}

// DebitFixed is Debit's correct twin: ErrTransfer and the cause.
func (b *Bank) DebitFixed(ctx context.Context, id, sum int64) error {
	return b.db.Table().DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
		_, err := tx.Execute(ctx, debit, debitParams(id, sum))
		if err != nil {
			log.Printf("debit %d: %v", id, err)
			return fmt.Errorf("%w: %w", ErrTransfer, err)
		}
		return nil
	})
}

// DebitTagged wraps the sentinel, not the cause.
func (b *Bank) DebitTagged(ctx context.Context, id, sum int64) error {
	return b.db.Table().DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
		if _, err := tx.Execute(ctx, debit, debitParams(id, sum)); err != nil {
			return fmt.Errorf("%w: %v", ErrTransfer, err) // want `fmt.Errorf formats the error of TransactionActor.Execute without %w`
		}
		return nil
	})
}

// DebitRetryable marks the error retryable through the SDK: correct.
func (b *Bank) DebitRetryable(ctx context.Context, id, sum int64) error {
	return b.db.Table().DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
		if _, err := tx.Execute(ctx, debit, debitParams(id, sum)); err != nil {
			return retry.RetryableError(err)
		}
		return nil
	})
}

type Ledger struct{ db *sql.DB }

func NewLedger(db *sql.DB) *Ledger { return &Ledger{db: db} }

// Record keeps the text in a field of its own type.
func (l *Ledger) Record(ctx context.Context, id, sum int64) error {
	return retry.DoTx(ctx, l.db, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "UPSERT INTO ledger (id, sum) VALUES ($id, $sum)", sql.Named("id", id), sql.Named("sum", sum)); err != nil {
			return apperr.Message{Text: "record: " + err.Error()} // want `apperr.Message keeps only the text of the error of Tx.ExecContext: not retried; the closure returns it, and retry.DoTx finds no YDB status`
		}
		return nil
	})
}

// RecordFixed is Record's correct twin.
func (l *Ledger) RecordFixed(ctx context.Context, id, sum int64) error {
	return retry.DoTx(ctx, l.db, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "UPSERT INTO ledger (id, sum) VALUES ($id, $sum)", sql.Named("id", id), sql.Named("sum", sum))
		return err
	})
}

// Balance returns a value and an error; the error loses the cause.
func (l *Ledger) Balance(ctx context.Context, id int64) (int64, error) {
	return retry.DoTxWithResult(ctx, l.db, func(ctx context.Context, tx *sql.Tx) (int64, error) {
		rows, err := tx.QueryContext(ctx, "SELECT SUM(sum) FROM ledger WHERE id = $id", sql.Named("id", id))
		if err != nil {
			return 0, fmt.Errorf("balance of %d: %v", id, err) // want `fmt.Errorf formats the error of Tx.QueryContext without %w: not retried; the closure returns it, and retry.DoTxWithResult finds no YDB status`
		}
		defer rows.Close()
		var sum int64
		for rows.Next() {
			if err := rows.Scan(&sum); err != nil {
				return 0, errors.New("bad balance row") // a scan error: not reported
			}
		}
		return sum, rows.Err()
	})
}

// BalanceFixed is Balance's correct twin.
func (l *Ledger) BalanceFixed(ctx context.Context, id int64) (int64, error) {
	return retry.DoTxWithResult(ctx, l.db, func(ctx context.Context, tx *sql.Tx) (int64, error) {
		var sum int64
		if err := tx.QueryRowContext(ctx, "SELECT SUM(sum) FROM ledger WHERE id = $id", sql.Named("id", id)).Scan(&sum); err != nil {
			return 0, fmt.Errorf("balance of %d: %w", id, err)
		}
		return sum, nil
	})
}

// Exists chooses on purpose which errors to replace.
func (l *Ledger) Exists(ctx context.Context, id int64) (bool, error) {
	var found bool
	err := retry.Do(ctx, l.db, func(ctx context.Context, cc *sql.Conn) error {
		_, err := cc.ExecContext(ctx, "SELECT 1 FROM ledger WHERE id = $id", sql.Named("id", id))
		var opErr *apperr.OpError
		switch {
		case err == nil:
			found = true
			return nil
		case errors.As(err, &opErr):
			return apperr.ErrNotFound
		default:
			return err
		}
	}, retry.WithIdempotent(true))
	return found, err
}
