// Package bootstrap creates tables through table.Session.CreateTable with
// typed column options: the schema comes from the decoded options (a
// regression case: under go vet the column types once came back unknown,
// because the SDK's internal/types package, seen through export data, has
// no constants).
package bootstrap

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	tabletypes "github.com/ydb-platform/ydb-go-sdk/v3/table/types"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

func Create(ctx context.Context, c table.Client) error {
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		if err := s.CreateTable(ctx, "events",
			options.WithColumn("created_at", tabletypes.TypeTimestamp),
			options.WithColumn("id", tabletypes.Optional(tabletypes.TypeUint64)),
			options.WithPrimaryKeyColumn("created_at", "id"),
		); err != nil {
			return err
		}
		return s.CreateTable(ctx, "visits",
			options.WithColumn("day", types.TypeDate),
			options.WithColumn("user_id", types.Optional(types.TypeUint64)),
			options.WithColumn("page", types.Optional(types.TypeText)),
			options.WithPrimaryKeyColumn("day", "user_id"),
		)
	})
}

func Visit(ctx context.Context, db *ydb.Driver, user uint64) error {
	return db.Query().Exec(ctx, "UPSERT INTO visits (day, user_id, page) VALUES (CurrentUtcDate(), $u, 'home')", // want `key of visits leads with day, of type Date: one partition takes every insert; Date is a time type`
		query.WithParameters(ydb.ParamsBuilder().Param("$u").Uint64(user).Build()))
}
