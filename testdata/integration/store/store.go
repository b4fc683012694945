// Package store is package B of the cross-package chain: it imports
// ordersql (A) and wraps the SDK. app (C) imports store only, so under go
// vet, which shows a package the facts of its direct imports only, the
// schema and write evidence of A reach C only if B re-exports them.
package store

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"

	"example.com/integ/ordersql"
)

type Store struct{ DB *ydb.Driver }

// Get runs a read inside the SDK's retry loop.
func (s *Store) Get(ctx context.Context, q string, opts ...query.ExecuteOption) error {
	return s.DB.Query().Do(ctx, func(ctx context.Context, sess query.Session) error {
		_, err := sess.QueryRow(ctx, q, opts...)
		return err
	})
}

// OrderQuery is ordersql's orders-by-id text.
func OrderQuery() string { return ordersql.ByID() }
