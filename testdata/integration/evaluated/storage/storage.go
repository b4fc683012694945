// Package storage is the service's data layer: every read goes through the
// generic DoSelect, which takes the query as a queries.ReadQuery built by
// the caller and renders it with the interface's FormatQuery.
package storage

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"

	"example.com/integ/evaluated/queries"
)

// Connector holds the driver.
type Connector struct {
	db *ydb.Driver
}

// NewConnector is called from main.
func NewConnector(db *ydb.Driver) *Connector { return &Connector{db: db} }

// DoSelect runs qb with the caller's options and scans every row with scan.
func DoSelect[T any](ctx context.Context, c *Connector, qb queries.ReadQuery, scan func(query.Row) (T, error), opts ...query.ExecuteOption) ([]T, error) {
	res, err := c.db.Query().QueryResultSet(ctx, qb.FormatQuery(ctx), opts...)
	if err != nil {
		return nil, err
	}
	var out []T
	for row, err := range res.Rows(ctx) {
		if err != nil {
			return nil, err
		}
		v, err := scan(row)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}
