// Package payments is the integration corpus's case of each SDK-usage rule
// (resultloop, retrystate, uncommitted, nestedretry, sessionescape,
// truncation).
package payments

import (
	"context"
	"errors"
	"io"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result/named"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

type Payment struct {
	ID     uint64
	Amount int64
}

type Service struct{ db *ydb.Driver }

func New(db *ydb.Driver) *Service { return &Service{db: db} }

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

// IDs loops over rows with no result set selected.
func (s *Service) IDs(ctx context.Context) (ids []uint64, err error) {
	err = s.db.Table().Do(ctx, func(ctx context.Context, sess table.Session) error {
		ids = ids[:0]
		_, res, err := sess.Execute(ctx, readTx, "SELECT id FROM payments LIMIT 100", nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextRow() { // want `NextRow on the result of Session.Execute before any NextResultSet`
			var id uint64
			if err := res.ScanNamed(named.Required("id", &id)); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return res.Err()
	}, table.WithIdempotent())
	return ids, err
}

// Recent appends streamed rows to a captured slice.
func (s *Service) Recent(ctx context.Context) ([]Payment, error) {
	var out []Payment
	err := s.db.Query().Do(ctx, func(ctx context.Context, sess query.Session) error {
		res, err := sess.Query(ctx, "SELECT id, amount FROM payments ORDER BY id DESC LIMIT 100")
		if err != nil {
			return err
		}
		defer func() { _ = res.Close(ctx) }()
		rs, err := res.NextResultSet(ctx)
		if err != nil {
			return err
		}
		for {
			row, err := rs.NextRow(ctx)
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			var p Payment
			if err := row.Scan(&p.ID, &p.Amount); err != nil {
				return err
			}
			out = append(out, p) // want `append to out runs again when query.Client.Do retries the closure; .*; out is captured from outside the closure;`
		}
	}, query.WithIdempotent())
	return out, err
}

// Refund runs a write with a read-write BeginTx and no CommitTx.
func (s *Service) Refund(ctx context.Context, id uint64) error {
	return s.db.Query().Exec(ctx, "DECLARE $id AS Uint64; UPDATE payments SET amount = 0 WHERE id = $id;", // want `query.Client.Exec runs with a read-write BeginTx and no CommitTx\(\)`
		query.WithTxControl(query.TxControl(query.BeginTx(query.WithSerializableReadWrite()))),
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
}

// Settle records the settlement through Refund, which uses the client:
// outside the transaction.
func (s *Service) Settle(ctx context.Context, id uint64) error {
	return s.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		if err := tx.Exec(ctx, "DECLARE $id AS Uint64; UPDATE payments SET settled = true WHERE id = $id;",
			query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build())); err != nil {
			return err
		}
		return s.Refund(ctx, id) // want `\(\*payments.Service\).Refund in the closure of query.Client.DoTx runs outside its transaction; .*; \(\*example.com/integ/payments.Service\).Refund reaches query.Client.Exec \(payments.go:\d+\);`
	})
}

// Stream hands the caller a stream opened on the retrier's session.
func (s *Service) Stream(ctx context.Context) (query.Result, error) {
	var res query.Result
	err := s.db.Query().Do(ctx, func(ctx context.Context, sess query.Session) (err error) {
		res, err = sess.Query(ctx, "SELECT id, amount FROM payments") // want `the stream of Executor.Query is stored in res, captured from outside the closure`
		return err
	}, query.WithIdempotent())
	return res, err
}

// Large lists the large payments and hides the table service's 1000-row
// cut: past it the list is silently short.
func (s *Service) Large(ctx context.Context, min int64) (ids []uint64, err error) {
	err = s.db.Table().Do(ctx, func(ctx context.Context, sess table.Session) error {
		ids = ids[:0]
		_, res, err := sess.Execute(ctx, readTx, "DECLARE $min AS Int64; SELECT id FROM payments WHERE amount >= $min;",
			table.NewQueryParameters(table.ValueParam("$min", types.Int64Value(min))),
			options.WithIgnoreTruncated()) // want `options.WithIgnoreTruncated\(\) makes a result set the table service cut at 1000 rows look complete`
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var id uint64
				if err := res.ScanNamed(named.Required("id", &id)); err != nil {
					return err
				}
				ids = append(ids, id)
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return ids, err
}

// LargePage is Large's correct twin: a page after a cursor, the error kept.
func (s *Service) LargePage(ctx context.Context, min int64, after uint64) (ids []uint64, err error) {
	err = s.db.Table().Do(ctx, func(ctx context.Context, sess table.Session) error {
		ids = ids[:0]
		_, res, err := sess.Execute(ctx, readTx, "DECLARE $min AS Int64; DECLARE $after AS Uint64; SELECT id FROM payments WHERE amount >= $min AND id > $after ORDER BY id LIMIT 500;",
			table.NewQueryParameters(table.ValueParam("$min", types.Int64Value(min)), table.ValueParam("$after", types.Uint64Value(after))))
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var id uint64
				if err := res.ScanNamed(named.Required("id", &id)); err != nil {
					return err
				}
				ids = append(ids, id)
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return ids, err
}
