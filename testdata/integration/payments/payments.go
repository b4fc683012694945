// Package payments is the integration corpus's case of each SDK-usage rule
// (resultloop, retrystate, uncommitted, nestedretry, sessionescape).
package payments

import (
	"context"
	"errors"
	"io"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result/named"
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
	})
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
			out = append(out, p) // want `append to out \(captured from outside the closure\) runs again when query.Client.Do retries the closure`
		}
	})
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
		return s.Refund(ctx, id) // want `\(\*example.com/integ/payments.Service\).Refund, which reaches query.Client.Exec \(payments.go:\d+\), inside the closure retried by query.Client.DoTx runs outside the transaction`
	})
}

// Stream hands the caller a stream opened on the retrier's session.
func (s *Service) Stream(ctx context.Context) (query.Result, error) {
	var res query.Result
	err := s.db.Query().Do(ctx, func(ctx context.Context, sess query.Session) (err error) {
		res, err = sess.Query(ctx, "SELECT id, amount FROM payments") // want `the stream of Executor.Query is stored in res, a variable captured from outside the closure`
		return err
	})
	return res, err
}
