package handles

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
)

// store holds a session its constructor made; other holds one whose
// stores are not all CreateSession's.
type store struct {
	s     table.ClosableSession
	other table.Session
}

func newStore(ctx context.Context, c table.Client) *store {
	s, _ := c.CreateSession(ctx)
	st := &store{s: s, other: s}
	_ = c.Do(ctx, func(ctx context.Context, rs table.Session) error {
		st.other = rs
		return nil
	})
	return st
}

func LocalSession(ctx context.Context, c table.Client) {
	s, _ := c.CreateSession(ctx)
	_, _ = s.BeginTransaction(ctx, table.TxSettings())
}

func (st *store) HeldSession(ctx context.Context) {
	_, _ = st.s.BeginTransaction(ctx, table.TxSettings())
}

func (st *store) MixedSession(ctx context.Context) {
	_, _ = st.other.BeginTransaction(ctx, table.TxSettings())
}

func RetrierSession(ctx context.Context, c table.Client) {
	_ = c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, err := s.BeginTransaction(ctx, table.TxSettings())
		return err
	})
}

func sessionParam(ctx context.Context, s table.Session) {
	_, _ = s.BeginTransaction(ctx, table.TxSettings())
}

func WireSessions(ctx context.Context, c table.Client) {
	st := newStore(ctx, c)
	st.HeldSession(ctx)
	st.MixedSession(ctx)
	s, _ := c.CreateSession(ctx)
	sessionParam(ctx, s)
}
