// Package db hides the driver behind function values, so that ydblint
// cannot see through it: the sinks are declared in .ydblint.yml.
package db

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
)

type Repo struct {
	run func(ctx context.Context, q string) error
}

// Query is a configured sink (query-arg 1, params-arg 2: *params.Params).
func (r *Repo) Query(ctx context.Context, q string, p *table.QueryParameters) error {
	return r.run(ctx, q)
}

// Store is an interface whose method is a configured sink (params-arg 2:
// query options).
type Store interface {
	Select(ctx context.Context, q string, opts ...query.ExecuteOption) error
}

// Raw is a configured sink whose parameters ydblint cannot decode.
func Raw(q string, p map[string]any) error { return nil }

// Count is declared with a query-arg that is not a string: no sites.
func Count(n int, q string) int { return n }

// ByID forwards its text to a configured sink: a wrapper.
func (r *Repo) ByID(ctx context.Context, q string, id uint64) error {
	return r.Query(ctx, q, table.NewQueryParameters(table.ValueParam("$id", nil)))
}

func local(ctx context.Context, r *Repo) {
	_ = r.Query(ctx, "SELECT 1 FROM t WHERE id = $id", nil) // want `api=\(\*example.com/app/cfgsink/db.Repo\).Query text="SELECT 1 FROM t WHERE id = \$id" params=\{\}`
}
