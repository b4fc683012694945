// Package migrate applies schema steps with SDK v3.42.7, through an
// explicit session (CreateSession was already deprecated: "only for ORM's
// compatibility").
package migrate

import (
	"context"
	"fmt"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
)

type Migrator struct {
	db     ydb.Connection
	prefix string
}

func New(db ydb.Connection) *Migrator { return &Migrator{db: db, prefix: db.Name()} }

// Apply closes the session only when every step succeeded.
func (m *Migrator) Apply(ctx context.Context, steps []string) error {
	s, err := m.db.Table().CreateSession(ctx) // want `the session from table.Client.CreateSession in \(\*Migrator\).Apply is left open on some returns; .*; it is still open at the return at line 30;`
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	for i, step := range steps {
		if err := s.ExecuteSchemeQuery(ctx, step); err != nil {
			return fmt.Errorf("step %d: %w", i, err)
		}
	}
	return s.Close(ctx)
}

// ApplyDeferred is Apply's correct twin.
func (m *Migrator) ApplyDeferred(ctx context.Context, steps []string) error {
	s, err := m.db.Table().CreateSession(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer func() { _ = s.Close(ctx) }()
	for i, step := range steps {
		if err := s.ExecuteSchemeQuery(ctx, step); err != nil {
			return fmt.Errorf("step %d: %w", i, err)
		}
	}
	return nil
}

// Drop checks the session rather than the error.
func (m *Migrator) Drop(ctx context.Context, name string) error {
	s, err := m.db.Table().CreateSession(ctx) // want `in \(\*Migrator\).Drop is never closed`
	if s == nil {
		return err
	}
	return s.DropTable(ctx, path.Join(m.prefix, name))
}

// DropClosed is Drop's correct twin.
func (m *Migrator) DropClosed(ctx context.Context, name string) error {
	s, err := m.db.Table().CreateSession(ctx)
	if s == nil {
		return err
	}
	defer s.Close(ctx)
	return s.DropTable(ctx, path.Join(m.prefix, name))
}

// Do is the remedy.
func (m *Migrator) Do(ctx context.Context, name string) error {
	return m.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.DropTable(ctx, path.Join(m.prefix, name))
	})
}
