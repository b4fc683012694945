// Package reports streams report rows to callers.
package reports

import (
	"context"
	"errors"
	"io"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result"
)

type Reports struct{ db *ydb.Driver }

func New(db *ydb.Driver) *Reports { return &Reports{db: db} }

func count(ctx context.Context, res query.Result) (n int, err error) {
	for rs, err := range res.ResultSets(ctx) {
		if err != nil {
			return n, err
		}
		for _, err := range rs.Rows(ctx) {
			if err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}

// Open hands the caller a stream opened on the retrier's session.
func (r *Reports) Open(ctx context.Context) (query.Result, error) {
	var res query.Result
	err := r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) (err error) {
		res, err = s.Query(ctx, "SELECT * FROM events") // want `the stream of Executor.Query is stored in res, captured from outside the closure; it is read after query.Client.Do has returned the session to the pool`
		return err
	})
	return res, err
}

// Count is Open's correct twin: the stream is read inside the closure.
func (r *Reports) Count(ctx context.Context) (n int, err error) {
	err = r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		res, err := s.Query(ctx, "SELECT * FROM events")
		if err != nil {
			return err
		}
		defer func() { _ = res.Close(ctx) }()
		n, err = count(ctx, res)
		return err
	})
	return n, err
}

// OpenMaterialized uses the client's call, which reads the whole result
// before returning: correct.
func (r *Reports) OpenMaterialized(ctx context.Context) (query.Result, error) {
	return r.db.Query().Query(ctx, "SELECT * FROM events")
}

// Scan keeps a table scan stream past the retrier. The table service's
// streams are not tied to the session's busy state: not reported (the
// SDK's ttl_readtable example does this).
func (r *Reports) Scan(ctx context.Context) (result.StreamResult, error) {
	var res result.StreamResult
	err := r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) (err error) {
		res, err = s.StreamExecuteScanQuery(ctx, "SELECT * FROM events", nil)
		return err
	})
	return res, err
}

// Pin keeps the session for later.
func (r *Reports) Pin(ctx context.Context) (query.Session, error) {
	var pinned query.Session
	err := r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		pinned = s // want `s \(query.Session\) is stored in pinned, captured from outside the closure`
		return nil
	})
	return pinned, err
}

// Refresh writes from a goroutine that outlives the closure.
func (r *Reports) Refresh(ctx context.Context) error {
	return r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		go func() { // want `s \(query.Session\) is captured by a goroutine`
			_ = s.Exec(context.Background(), "UPSERT INTO stats SELECT COUNT(*) AS n FROM events")
		}()
		return nil
	})
}

// RefreshFixed is Refresh's correct twin: the goroutine only signals.
func (r *Reports) RefreshFixed(ctx context.Context, done chan<- struct{}) error {
	return r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		go func() { done <- struct{}{} }()
		err := s.Exec(ctx, "UPSERT INTO stats SELECT COUNT(*) AS n FROM events")
		if errors.Is(err, io.EOF) {
			return nil
		}
		return err
	})
}
