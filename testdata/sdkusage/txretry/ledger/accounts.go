package main

import (
	"context"
	"database/sql"

	"github.com/ydb-platform/ydb-go-sdk/v3/retry"
)

const (
	debit  = "UPDATE accounts SET balance = balance - $amount WHERE id = $id;"
	credit = "UPDATE accounts SET balance = balance + $amount WHERE id = $id;"
)

// accounts is the repository of balances, on YDB.
type accounts struct {
	db *sql.DB
}

func newAccounts(db *sql.DB) *accounts { return &accounts{db: db} }

// Transfer runs the transaction once: a lock conflict at Commit is the
// caller's error.
func (a *accounts) Transfer(ctx context.Context, from, to string, amount int64) error {
	tx, err := a.db.BeginTx(ctx, nil) // want `\(\*sql.DB\).BeginTx begins a transaction on the YDB database/sql driver outside any retrier; "transaction locks invalidated" \(ABORTED\) at Commit and BAD_SESSION surface as request failures instead of being retried; run the transaction in retry.DoTx`
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, debit, sql.Named("id", from), sql.Named("amount", amount)); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, credit, sql.Named("id", to), sql.Named("amount", amount)); err != nil {
		return err
	}
	return tx.Commit()
}

// TransferRetried is Transfer's correct twin: retry.DoTx begins, runs and
// commits the transaction on every attempt.
func (a *accounts) TransferRetried(ctx context.Context, from, to string, amount int64) error {
	return retry.DoTx(ctx, a.db, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, debit, sql.Named("id", from), sql.Named("amount", amount)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, credit, sql.Named("id", to), sql.Named("amount", amount))
		return err
	})
}

// Rename begins on a connection of the pool, outside any retrier.
func (a *accounts) Rename(ctx context.Context, from, to string) error {
	cc, err := a.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer cc.Close()
	tx, err := cc.BeginTx(ctx, &sql.TxOptions{}) // want `\(\*sql.Conn\).BeginTx begins a transaction on the YDB database/sql driver outside any retrier`
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET id = $to WHERE id = $from;", sql.Named("from", from), sql.Named("to", to)); err != nil {
		return err
	}
	return tx.Commit()
}

// Touch runs bumpVersion under retry.Do: the transaction bumpVersion
// begins is rerun with the attempt.
func (a *accounts) Touch(ctx context.Context, id string) error {
	return retry.Do(ctx, a.db, func(ctx context.Context, _ *sql.Conn) error {
		return a.bumpVersion(ctx, id)
	}, retry.WithIdempotent(true))
}

func (a *accounts) bumpVersion(ctx context.Context, id string) error {
	tx, err := a.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET version = version + 1 WHERE id = $id;", sql.Named("id", id)); err != nil {
		return err
	}
	return tx.Commit()
}

// resetBalances begins one transaction per account, in a loop, with the
// legacy Begin.
func resetBalances(ctx context.Context, db *sql.DB, ids []string) error {
	for _, id := range ids {
		tx, err := db.Begin() // want `\(\*sql.DB\).Begin begins a transaction on the YDB database/sql driver outside any retrier`
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = 0 WHERE id = $id;", sql.Named("id", id)); err != nil {
			_ = tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// purge is called with the YDB and the Postgres handle: which one it
// begins on is not certain, so it is not judged.
func purge(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, "DELETE FROM outbox"); err != nil {
		return err
	}
	return tx.Commit()
}

// nightlyReport reads the reports database, which main opens with
// sql.Open("ydb", dsn).
func nightlyReport(ctx context.Context) error {
	tx, err := reports.BeginTx(ctx, &sql.TxOptions{ReadOnly: true}) // want `\(\*sql.DB\).BeginTx begins a transaction on the YDB database/sql driver outside any retrier`
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	var n int64
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM accounts").Scan(&n); err != nil {
		return err
	}
	return tx.Commit()
}

// beginReport hands the transaction to its caller, which runs and commits
// it (under a retrier or not): the caller is the one to judge.
func (a *accounts) beginReport(ctx context.Context) (*sql.Tx, error) {
	tx, err := a.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	return tx, nil
}
