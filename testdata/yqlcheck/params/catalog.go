package params

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/yqlcheck/querycat"
)

// Queries picked by name from another package: ydblint sees every text the
// lookup can give at each call, but each call runs one of them with its own
// parameters. Parameters are judged only when every possible text agrees,
// so neither call is reported.

func (r *Repo) List(ctx context.Context, s table.Session) error {
	_, _, err := s.Execute(ctx, table.DefaultTxControl(), querycat.Build(r.dbName, querycat.ListOrders), nil)
	return err
}

func (r *Repo) Delete(ctx context.Context, s table.Session, id uint64) error {
	_, _, err := s.Execute(ctx, table.DefaultTxControl(), querycat.Build(r.dbName, querycat.DeleteOrder),
		table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
	return err
}
