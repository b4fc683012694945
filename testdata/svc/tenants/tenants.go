// Package tenants creates its table with options from the schema package
// (another package: the typed pass cannot follow the call, the module scan
// can) and queries it.
package tenants

import (
	"context"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"

	"example.com/svc/schema"
)

// Repo reads tenants.
type Repo struct{ db *ydb.Driver }

// Create makes the table.
func (r *Repo) Create(ctx context.Context) error {
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.CreateTable(ctx, path.Join(r.db.Name(), "tenants"), schema.Tenants()...)
	})
}

// ByName filters on a column outside the key.
func (r *Repo) ByName(ctx context.Context, name string) error {
	_, err := r.db.Query().QueryResultSet(ctx, "DECLARE $n AS Utf8; SELECT tenant_id FROM tenants WHERE name = $n", // want `SELECT reads every partition of tenants\b.*table tenants, primary key \(tenant_id\) \(schema: schema/schema.go:76\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$n").Text(name).Build()))
	return err
}

// ByID reads by the key: fine.
func (r *Repo) ByID(ctx context.Context, id uint64) error {
	_, err := r.db.Query().QueryResultSet(ctx, "DECLARE $id AS Uint64; SELECT name FROM tenants WHERE tenant_id = $id",
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
	return err
}
