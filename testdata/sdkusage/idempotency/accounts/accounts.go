// Package accounts is a balance service on the query service: reads in
// retried closures, transfers that add to balances.
package accounts

import (
	"context"
	"fmt"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"

	"example.com/sdkusage/idempotency/yqlrun"
)

const (
	selectBalance = `DECLARE $id AS Utf8;
SELECT balance FROM accounts WHERE id = $id;`
	selectOwner = "SELECT owner FROM accounts WHERE id = $id"
	credit      = `DECLARE $id AS Utf8;
DECLARE $amount AS Int64;
UPDATE accounts SET balance = balance + $amount WHERE id = $id;`
	setBalance = `DECLARE $id AS Utf8;
DECLARE $balance AS Int64;
UPDATE accounts SET balance = $balance WHERE id = $id;`
	creditVersioned = `DECLARE $id AS Utf8;
DECLARE $amount AS Int64;
DECLARE $version AS Uint64;
UPDATE accounts SET balance = balance + $amount, version = version + 1 WHERE id = $id AND version = $version;`
	selectApplied = "SELECT op_id FROM applied_ops WHERE op_id = $op"
)

// Repository reads and moves balances.
type Repository struct {
	db     *ydb.Driver
	notify yqlrun.Notifier
}

// New returns a repository on db.
func New(db *ydb.Driver, notify yqlrun.Notifier) *Repository {
	return &Repository{db: db, notify: notify}
}

func idParam(id string) query.ExecuteOption {
	return query.WithParameters(ydb.ParamsBuilder().Param("$id").Text(id).Build())
}

// Balance reads one balance without the flag: a node restart fails it.
func (r *Repository) Balance(ctx context.Context, id string) (int64, error) {
	var balance int64
	err := r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error { // want `query.Client.Do runs a read-only closure without query.WithIdempotent\(\); .*UNDETERMINED.*; every statement of the closure only reads \(SELECT at accounts.go:\d+\); .*pass query.WithIdempotent\(\)`
		row, err := s.QueryRow(ctx, selectBalance, idParam(id))
		if err != nil {
			return fmt.Errorf("balance of %s: %w", id, err)
		}
		return row.Scan(&balance)
	})
	return balance, err
}

// BalanceIdempotent is Balance's correct twin.
func (r *Repository) BalanceIdempotent(ctx context.Context, id string) (int64, error) {
	var balance int64
	err := r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		row, err := s.QueryRow(ctx, selectBalance, idParam(id))
		if err != nil {
			return err
		}
		return row.Scan(&balance)
	}, query.WithIdempotent())
	return balance, err
}

// Owners reads in a transaction through a method of the repository and the
// shared helper of package yqlrun.
func (r *Repository) Owners(ctx context.Context, ids []string) ([]string, error) {
	var owners []string
	err := r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error { // want `query.Client.DoTx runs a read-only closure without .*; every statement of the closure only reads`
		owners = owners[:0]
		for _, id := range ids {
			owner, err := r.owner(ctx, tx, id)
			if err != nil {
				return err
			}
			owners = append(owners, owner)
		}
		return nil
	}, query.WithLabel("owners"))
	return owners, err
}

func (r *Repository) owner(ctx context.Context, tx query.TxActor, id string) (string, error) {
	row, err := tx.QueryRow(ctx, selectOwner, idParam(id))
	if err != nil {
		return "", err
	}
	var owner string
	err = row.Scan(&owner)
	return owner, err
}

// OwnerVia reads through the shared helper of another package.
func (r *Repository) OwnerVia(ctx context.Context, id string) (owner string, err error) {
	err = r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error { // want `query.Client.Do runs a read-only closure without .*; every statement of the closure only reads`
		row, err := yqlrun.Row(ctx, s, selectOwner, idParam(id))
		if err != nil {
			return err
		}
		return row.Scan(&owner)
	})
	return owner, err
}

// OwnerViaIdempotent is OwnerVia's twin with the flag.
func (r *Repository) OwnerViaIdempotent(ctx context.Context, id string) (owner string, err error) {
	err = r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		row, err := yqlrun.Row(ctx, s, selectOwner, idParam(id))
		if err != nil {
			return err
		}
		return row.Scan(&owner)
	}, query.WithIdempotent(true))
	return owner, err
}

// BalanceAndNotify reads, then publishes an event: the publish is not a
// read, and repeating it is not the rule's call. Silent.
func (r *Repository) BalanceAndNotify(ctx context.Context, id string) error {
	return r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		row, err := s.QueryRow(ctx, selectBalance, idParam(id))
		if err != nil {
			return err
		}
		var balance int64
		if err := row.Scan(&balance); err != nil {
			return err
		}
		return r.notify.Publish(ctx, fmt.Sprintf("%s: %d", id, balance))
	})
}

// Reset writes: without the flag is the safe default. Silent.
func (r *Repository) Reset(ctx context.Context, id string, balance int64) error {
	return r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		return s.Exec(ctx, setBalance, query.WithParameters(ydb.ParamsBuilder().
			Param("$id").Text(id).Param("$balance").Int64(balance).Build()))
	})
}

// ResetIdempotent sets a value: repeating it changes nothing. Silent.
func (r *Repository) ResetIdempotent(ctx context.Context, id string, balance int64) error {
	return r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		return s.Exec(ctx, setBalance, query.WithParameters(ydb.ParamsBuilder().
			Param("$id").Text(id).Param("$balance").Int64(balance).Build()))
	}, query.WithIdempotent())
}

// Credit adds to a balance and marks it idempotent: a replay after
// UNDETERMINED credits twice.
func (r *Repository) Credit(ctx context.Context, id string, amount int64) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		return tx.Exec(ctx, credit, query.WithParameters(ydb.ParamsBuilder().
			Param("$id").Text(id).Param("$amount").Int64(amount).Build()))
	}, query.WithIdempotent()) // want `query.WithIdempotent\(\) marks query.Client.DoTx idempotent, but it adds to a value it overwrites; .*applying it twice; it runs UPDATE accounts SET balance = balance \+ … \(accounts.go:\d+\); remove the flag`
}

// CreditOnce is Credit's correct twin: no flag, so an UNDETERMINED commit
// reaches the caller, who knows whether to try again.
func (r *Repository) CreditOnce(ctx context.Context, id string, amount int64) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		return tx.Exec(ctx, credit, query.WithParameters(ydb.ParamsBuilder().
			Param("$id").Text(id).Param("$amount").Int64(amount).Build()))
	})
}

// CreditVersioned guards the write with a version check: a replay matches
// no row. Silent by default (the WHERE reads a column the UPDATE sets).
func (r *Repository) CreditVersioned(ctx context.Context, id string, amount int64, version uint64) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		return tx.Exec(ctx, creditVersioned, query.WithParameters(ydb.ParamsBuilder().
			Param("$id").Text(id).Param("$amount").Int64(amount).Param("$version").Uint64(version).Build()))
	}, query.WithIdempotent())
}

// CreditDeduplicated checks an operation id first: the rule cannot prove
// the check guards the write. Reported only with -strict.
func (r *Repository) CreditDeduplicated(ctx context.Context, op, id string, amount int64) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		row, err := tx.QueryRow(ctx, selectApplied, query.WithParameters(ydb.ParamsBuilder().Param("$op").Text(op).Build()))
		if err == nil {
			var seen string
			return row.Scan(&seen) // already applied
		}
		return tx.Exec(ctx, credit, query.WithParameters(ydb.ParamsBuilder().
			Param("$id").Text(id).Param("$amount").Int64(amount).Build()))
	}, query.WithIdempotent())
}

// Count reads through the client's own retry loop without the flag.
func (r *Repository) Count(ctx context.Context) (uint64, error) {
	row, err := r.db.Query().QueryRow(ctx, "SELECT COUNT(*) FROM accounts") // want `query.Client.QueryRow runs a read-only statement without query.WithIdempotent\(\); .*; the statement only reads \(SELECT at accounts.go:\d+\);`
	if err != nil {
		return 0, err
	}
	var n uint64
	err = row.Scan(&n)
	return n, err
}

// CountIdempotent is Count's correct twin.
func (r *Repository) CountIdempotent(ctx context.Context) (uint64, error) {
	row, err := r.db.Query().QueryRow(ctx, "SELECT COUNT(*) FROM accounts", query.WithIdempotent())
	if err != nil {
		return 0, err
	}
	var n uint64
	err = row.Scan(&n)
	return n, err
}

// Exec passes its caller's options on: what they hold is not known. Silent.
func (r *Repository) Exec(ctx context.Context, opts ...query.DoOption) (int64, error) {
	var balance int64
	err := r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		row, err := s.QueryRow(ctx, selectBalance, idParam("root"))
		if err != nil {
			return err
		}
		return row.Scan(&balance)
	}, opts...)
	return balance, err
}
