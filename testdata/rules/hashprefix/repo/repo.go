// Package repo is a wrapper package: its methods forward query text and
// options to the SDK, so calls to them are query sites in other packages.
package repo

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

type Repo struct{ DB *ydb.Driver }

// Get runs a read inside a retry loop.
func (r *Repo) Get(ctx context.Context, q string, opts ...query.ExecuteOption) error {
	return r.DB.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		_, err := s.QueryRow(ctx, q, opts...)
		return err
	})
}

// OrderByID builds query text in a helper.
func OrderByID() string { return "SELECT amount FROM orders WHERE order_id = $id" }
