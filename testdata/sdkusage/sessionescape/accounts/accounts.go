// Package accounts keeps account balances with explicit table sessions.
package accounts

import (
	"context"
	"errors"
	"fmt"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result/named"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

var errNotFound = errors.New("account not found")

const balanceQuery = `DECLARE $id AS Uint64; SELECT balance FROM accounts WHERE id = $id;`

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

type Repository struct {
	c    table.Client
	kept table.ClosableSession
}

func NewRepository(c table.Client) *Repository { return &Repository{c: c} }

// Balance leaks the session on every early return after CreateSession
// succeeded.
func (r *Repository) Balance(ctx context.Context, id uint64) (int64, error) {
	s, err := r.c.CreateSession(ctx) // want `the session from table.Client.CreateSession in \(\*Repository\).Balance is left open on some returns; .*; it is still open at the return at line 36, the return at line 45; .*add .defer s.Close\(ctx\). right after the error check, or better run the work in db.Table\(\).Do`
	if err != nil {
		return 0, fmt.Errorf("session: %w", err)
	}
	_, res, err := s.Execute(ctx, readTx, balanceQuery, table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
	if err != nil {
		return 0, err
	}
	defer res.Close()
	var balance int64
	if !res.NextResultSet(ctx) || !res.NextRow() {
		_ = s.Close(ctx)
		return 0, errNotFound
	}
	if err := res.ScanNamed(named.Required("balance", &balance)); err != nil {
		return 0, err
	}
	_ = s.Close(ctx)
	return balance, res.Err()
}

// BalanceDeferred is Balance's correct twin.
func (r *Repository) BalanceDeferred(ctx context.Context, id uint64) (int64, error) {
	s, err := r.c.CreateSession(ctx)
	if err != nil {
		return 0, fmt.Errorf("session: %w", err)
	}
	defer func() { _ = s.Close(ctx) }()
	_, res, err := s.Execute(ctx, readTx, balanceQuery, table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
	if err != nil {
		return 0, err
	}
	defer res.Close()
	var balance int64
	if !res.NextResultSet(ctx) || !res.NextRow() {
		return 0, errNotFound
	}
	if err := res.ScanNamed(named.Required("balance", &balance)); err != nil {
		return 0, err
	}
	return balance, res.Err()
}

// Touch closes with a plain defer: correct.
func (r *Repository) Touch(ctx context.Context) error {
	s, err := r.c.CreateSession(ctx)
	if err == nil {
		defer s.Close(ctx)
		return s.KeepAlive(ctx)
	}
	return err
}

// Ping never closes the session.
func (r *Repository) Ping(ctx context.Context) error {
	s, err := r.c.CreateSession(ctx) // want `the session from table.Client.CreateSession in \(\*Repository\).Ping is never closed; .*; it is still open at the return at line 89;`
	if err != nil {
		return err
	}
	return s.KeepAlive(ctx)
}

// LateDefer defers Close too late: the validation return leaks.
func (r *Repository) LateDefer(ctx context.Context, id uint64) error {
	sess, err := r.c.CreateSession(ctx) // want `in \(\*Repository\).LateDefer is left open on some returns; .*; it is still open at the return at line 99; .*defer sess.Close\(ctx\)`
	if err != nil {
		return err
	}
	if id == 0 {
		return errNotFound
	}
	defer sess.Close(ctx)
	return sess.KeepAlive(ctx)
}

// Open returns the session to its caller, who owns it: silent.
func (r *Repository) Open(ctx context.Context) (table.ClosableSession, error) {
	s, err := r.c.CreateSession(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.KeepAlive(ctx); err != nil {
		_ = s.Close(ctx)
		return nil, err
	}
	return s, nil
}

// Keep stores the session in the repository, which closes it in Close:
// silent.
func (r *Repository) Keep(ctx context.Context) error {
	s, err := r.c.CreateSession(ctx)
	if err != nil {
		return err
	}
	r.kept = s
	return nil
}

func (r *Repository) Close(ctx context.Context) error {
	if r.kept == nil {
		return nil
	}
	return r.kept.Close(ctx)
}

// WithSession hands the session to a helper that closes it: silent.
func (r *Repository) WithSession(ctx context.Context, f func(table.Session) error) error {
	s, err := r.c.CreateSession(ctx)
	if err != nil {
		return err
	}
	return release(ctx, s, f(s))
}

func release(ctx context.Context, s table.ClosableSession, err error) error {
	return errors.Join(err, s.Close(ctx))
}

// Pool fills a channel with sessions a worker closes: silent.
func (r *Repository) Pool(ctx context.Context, n int) (chan table.ClosableSession, error) {
	ch := make(chan table.ClosableSession, n)
	for i := 0; i < n; i++ {
		s, err := r.c.CreateSession(ctx)
		if err != nil {
			close(ch)
			return ch, err
		}
		ch <- s
	}
	close(ch)
	return ch, nil
}

// Sweep closes each session at the end of the iteration, but a failed
// keep-alive continues without closing it.
func (r *Repository) Sweep(ctx context.Context, n int) error {
	for i := 0; i < n; i++ {
		s, err := r.c.CreateSession(ctx) // want `in \(\*Repository\).Sweep is left open on some returns; .*; it is still open at the return at line 173;`
		if err != nil {
			return err
		}
		if err := s.KeepAlive(ctx); err != nil {
			return err
		}
		if err := s.Close(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Do is the remedy: the pool owns the session, nothing to report.
func (r *Repository) Do(ctx context.Context) error {
	return r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.KeepAlive(ctx)
	})
}

// Audit wraps its error in a deferred closure (err lives in a variable):
// the error return right after CreateSession is fine, the last one leaks.
func (r *Repository) Audit(ctx context.Context) (err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("audit: %w", err)
		}
	}()
	s, err := r.c.CreateSession(ctx) // want `in \(\*Repository\).Audit is never closed; .*; it is still open at the return at line 201;`
	if err != nil {
		return err
	}
	return s.KeepAlive(ctx)
}

// AuditClosed is Audit's correct twin.
func (r *Repository) AuditClosed(ctx context.Context) (err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("audit: %w", err)
		}
	}()
	s, err := r.c.CreateSession(ctx)
	if err != nil {
		return err
	}
	err = s.KeepAlive(ctx)
	_ = s.Close(ctx)
	return err
}

// Warm only checks that a session can be made, and drops it open.
func (r *Repository) Warm(ctx context.Context) error {
	_, err := r.c.CreateSession(ctx) // want `in \(\*Repository\).Warm is discarded \(_\) and never closed`
	return err
}

// Check tests the error through a negated flag: the error branch has no
// session to close.
func (r *Repository) Check(ctx context.Context) error {
	s, err := r.c.CreateSession(ctx)
	ok := err == nil
	if !ok {
		return err
	}
	defer s.Close(ctx)
	return s.KeepAlive(ctx)
}

func wrap(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("accounts: %w", err)
}

// Refresh wraps the error before testing it: still the error branch.
func (r *Repository) Refresh(ctx context.Context) error {
	s, err := r.c.CreateSession(ctx)
	if err = wrap(err); err != nil {
		return err
	}
	defer s.Close(ctx)
	return s.KeepAlive(ctx)
}

// describe only reads the session: it leaves it open.
func describe(ctx context.Context, s table.Session, name string) (int, error) {
	d, err := s.DescribeTable(ctx, name)
	if err != nil {
		return 0, err
	}
	return len(d.Columns), nil
}

// Columns hands the session to describe, which does not close it.
func (r *Repository) Columns(ctx context.Context, name string) (int, error) {
	s, err := r.c.CreateSession(ctx) // want `in \(\*Repository\).Columns is never closed; .*; it is still open at the return at line 270;`
	if err != nil {
		return 0, err
	}
	return describe(ctx, s, name)
}

// ColumnsClosed is Columns' correct twin.
func (r *Repository) ColumnsClosed(ctx context.Context, name string) (int, error) {
	s, err := r.c.CreateSession(ctx)
	if err != nil {
		return 0, err
	}
	defer s.Close(ctx)
	return describe(ctx, s, name)
}

// closing runs f and closes the session: whoever calls it hands the
// session over.
func closing(ctx context.Context, s table.ClosableSession, f func(table.Session) error) error {
	defer s.Close(ctx)
	return f(s)
}

// Alive hands the session to closing: silent.
func (r *Repository) Alive(ctx context.Context) error {
	s, err := r.c.CreateSession(ctx)
	if err != nil {
		return err
	}
	return closing(ctx, s, func(s table.Session) error { return s.KeepAlive(ctx) })
}

var errUnavailable = errors.New("accounts: database unavailable")

// Retire answers a canceled context before the plain error test: both
// branches have no session.
func (r *Repository) Retire(ctx context.Context) error {
	s, err := r.c.CreateSession(ctx)
	if errors.Is(err, context.Canceled) {
		return nil
	}
	if err != nil {
		return errors.Join(errUnavailable, err)
	}
	defer s.Close(ctx)
	return s.KeepAlive(ctx)
}
