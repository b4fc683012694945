// Package ledger reads account entries through the table service.
package ledger

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/retry"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result/named"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

type Entry struct {
	ID     uint64
	Amount int64
}

type Ledger struct{ db *ydb.Driver }

func New(db *ydb.Driver) *Ledger { return &Ledger{db: db} }

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

// Entries appends while reading a unary result: every row is already in
// memory, nothing after the append can fail with a retryable error.
func (l *Ledger) Entries(ctx context.Context) (out []Entry, err error) {
	err = l.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, "SELECT id, amount FROM entries LIMIT 100", nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var e Entry
				if err := res.ScanNamed(named.Required("id", &e.ID), named.Required("amount", &e.Amount)); err != nil {
					return err
				}
				out = append(out, e)
			}
		}
		return res.Err()
	})
	return out, err
}

// EntriesAndBalance runs a second query after appending: its failure
// reruns the closure with the rows already appended.
func (l *Ledger) EntriesAndBalance(ctx context.Context) (out []Entry, balance int64, err error) {
	err = l.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, "SELECT id, amount FROM entries LIMIT 100", nil)
		if err != nil {
			return err
		}
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var e Entry
				if err := res.ScanNamed(named.Required("id", &e.ID), named.Required("amount", &e.Amount)); err != nil {
					return err
				}
				out = append(out, e) // want `append to out runs again when table.Client.Do retries the closure; Session.Execute can fail after it.*; out is captured from outside the closure;`
			}
		}
		_ = res.Close()
		_, res, err = s.Execute(ctx, readTx, "SELECT SUM(amount) AS balance FROM entries", nil)
		if err != nil {
			return err
		}
		defer res.Close()
		if res.NextResultSet(ctx) && res.NextRow() {
			return res.ScanNamed(named.OptionalWithDefault("balance", &balance))
		}
		return res.Err()
	})
	return out, balance, err
}

// Export streams the table and appends as parts arrive.
func (l *Ledger) Export(ctx context.Context) (out []Entry, err error) {
	err = l.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		res, err := s.StreamExecuteScanQuery(ctx, "SELECT id, amount FROM entries", nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var e Entry
				if err := res.ScanNamed(named.Required("id", &e.ID), named.Required("amount", &e.Amount)); err != nil {
					return err
				}
				out = append(out, e) // want `append to out runs again when table.Client.Do retries the closure; StreamResult.NextResultSet can fail after it.*; out is captured from outside the closure;`
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return out, err
}

// Retry wraps retry.Retry around two calls.
func (l *Ledger) Touch(ctx context.Context, ids []uint64) (touched []uint64, err error) {
	err = retry.Retry(ctx, func(ctx context.Context) error {
		touched = touched[:0]
		for _, id := range ids {
			if err := l.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error { return s.KeepAlive(ctx) }); err != nil {
				return err
			}
			touched = append(touched, id)
		}
		return nil
	})
	return touched, err
}

// Ranges splits the table's key ranges; CastTo after the append is a
// conversion, whose error is never retried.
func (l *Ledger) Ranges(ctx context.Context, path string) (bounds []uint64, err error) {
	err = l.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		d, err := s.DescribeTable(ctx, path, options.WithShardKeyBounds())
		if err != nil {
			return err
		}
		for _, r := range d.KeyRanges {
			if r.From == nil {
				bounds = append(bounds, 0)
				continue
			}
			var from uint64
			if err := types.CastTo(r.From, &from); err != nil {
				return err
			}
			bounds = append(bounds, from)
		}
		return nil
	})
	return bounds, err
}
