package main

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/retry"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

const (
	take = `DECLARE $item AS Utf8; DECLARE $count AS Int64;
UPDATE items SET stock = stock - $count WHERE item = $item;`
	put = `DECLARE $item AS Utf8; DECLARE $count AS Int64;
UPDATE items SET stock = stock + $count WHERE item = $item;`
)

// items is the repository of stock levels.
type items struct {
	c table.Client
}

func newItems(c table.Client) *items { return &items{c: c} }

func itemParams(item string, count int64) *table.QueryParameters {
	return table.NewQueryParameters(
		table.ValueParam("$item", types.UTF8Value(item)),
		table.ValueParam("$count", types.Int64Value(count)),
	)
}

// Reserve runs an interactive transaction on a session of its own: a lock
// conflict at CommitTx is the caller's error.
func (r *items) Reserve(ctx context.Context, item string, count int64) error {
	s, err := r.c.CreateSession(ctx) //nolint:staticcheck
	if err != nil {
		return err
	}
	defer s.Close(ctx) //nolint:errcheck
	tx, err := s.BeginTransaction(ctx, table.TxSettings(table.WithSerializableReadWrite())) // want `table.Session.BeginTransaction begins an interactive transaction outside any retrier; the session is from table.Client.CreateSession: "transaction locks invalidated" \(ABORTED\) at CommitTx and BAD_SESSION surface as request failures instead of being retried`
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if _, err := tx.Execute(ctx, take, itemParams(item, count)); err != nil {
		return err
	}
	_, err = tx.CommitTx(ctx)
	return err
}

// ReserveRetried is Reserve's correct twin: the same transaction on the
// session table.Client.Do hands out, begun again on every attempt.
func (r *items) ReserveRetried(ctx context.Context, item string, count int64) error {
	return r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		tx, err := s.BeginTransaction(ctx, table.TxSettings(table.WithSerializableReadWrite()))
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx) //nolint:errcheck
		if _, err := tx.Execute(ctx, take, itemParams(item, count)); err != nil {
			return err
		}
		_, err = tx.CommitTx(ctx)
		return err
	})
}

// ReserveInAttempt creates the session inside retry.Retry's attempt: the
// whole attempt, session and transaction, runs again on a lock conflict.
func (r *items) ReserveInAttempt(ctx context.Context, item string, count int64) error {
	return retry.Retry(ctx, func(ctx context.Context) error {
		s, err := r.c.CreateSession(ctx) //nolint:staticcheck
		if err != nil {
			return err
		}
		defer s.Close(ctx) //nolint:errcheck
		tx, err := s.BeginTransaction(ctx, table.TxSettings(table.WithSerializableReadWrite()))
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx) //nolint:errcheck
		if _, err := tx.Execute(ctx, take, itemParams(item, count)); err != nil {
			return err
		}
		_, err = tx.CommitTx(ctx)
		return err
	})
}

// Restock hands its own session to a helper that begins the transaction.
func (r *items) Restock(ctx context.Context, item string, count int64) error {
	s, err := r.c.CreateSession(ctx) //nolint:staticcheck
	if err != nil {
		return err
	}
	defer s.Close(ctx) //nolint:errcheck
	return addStock(ctx, s, item, count)
}

func addStock(ctx context.Context, s table.Session, item string, count int64) error {
	tx, err := s.BeginTransaction(ctx, table.TxSettings(table.WithSerializableReadWrite())) // want `table.Session.BeginTransaction begins an interactive transaction outside any retrier; the session is from table.Client.CreateSession`
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if _, err := tx.Execute(ctx, put, itemParams(item, count)); err != nil {
		return err
	}
	_, err = tx.CommitTx(ctx)
	return err
}

// RestockRetried is Restock's twin: its helper gets the session of the
// retrier's attempt.
func (r *items) RestockRetried(ctx context.Context, item string, count int64) error {
	return r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		return addStockInAttempt(ctx, s, item, count)
	}, table.WithIdempotent())
}

func addStockInAttempt(ctx context.Context, s table.Session, item string, count int64) error {
	tx, err := s.BeginTransaction(ctx, table.TxSettings(table.WithSerializableReadWrite()))
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if _, err := tx.Execute(ctx, put, itemParams(item, count)); err != nil {
		return err
	}
	_, err = tx.CommitTx(ctx)
	return err
}

// auditWith reads in a transaction on a session another package made:
// where it came from is not known here, so it is not judged.
func (r *items) auditWith(ctx context.Context, s table.Session) error {
	tx, err := s.BeginTransaction(ctx, table.TxSettings(table.WithSerializableReadWrite()))
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	_, err = tx.CommitTx(ctx)
	return err
}

// beginCount begins a transaction and returns it: a factory, whose caller
// runs and ends the transaction.
func (r *items) beginCount(ctx context.Context) (table.Transaction, error) {
	s, err := r.c.CreateSession(ctx) //nolint:staticcheck
	if err != nil {
		return nil, err
	}
	return s.BeginTransaction(ctx, table.TxSettings(table.WithSerializableReadWrite()))
}
