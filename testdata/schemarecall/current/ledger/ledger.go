// Package ledger keeps money amounts in a table whose amount column has
// the SDK's default decimal type (types.DefaultDecimal, a package variable,
// not a constant or a constructor call). The repository creates its table
// itself and reads it through the query service.
package ledger

import (
	"context"
	"fmt"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

// Repo reads and writes ledger entries.
type Repo struct {
	tables  table.Client
	queries query.Client
	prefix  string
}

// New wires the repository.
func New(tables table.Client, queries query.Client, prefix string) *Repo {
	return &Repo{tables: tables, queries: queries, prefix: prefix}
}

// Create makes the table, as the SDK's decimal example does.
func (r *Repo) Create(ctx context.Context) error {
	tablePath := path.Join(r.prefix, "ledger_entries")
	err := r.tables.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.CreateTable(ctx, tablePath,
			options.WithColumn("id", types.Optional(types.TypeUint32)),
			options.WithColumn("amount", types.Optional(types.DefaultDecimal)),
			options.WithColumn("note", types.Optional(types.TypeText)),
			options.WithPrimaryKeyColumn("id"),
		)
	})
	if err != nil {
		return fmt.Errorf("create table failed: %w", err)
	}
	return nil
}

// ByAmount filters on a column that is not the key: every partition is read.
func (r *Repo) ByAmount(ctx context.Context, amount string) error {
	row, err := r.queries.QueryRow(ctx, `
		DECLARE $amount AS Text;
		SELECT id, note FROM ledger_entries WHERE amount = CAST($amount AS Decimal(22, 9));`, // want `SELECT reads every partition of .*ledger_entries\b.*table .*ledger_entries, primary key \(id\)`
		query.WithParameters(table.NewQueryParameters(table.ValueParam("$amount", types.TextValue(amount)))))
	if err != nil {
		return err
	}
	var id uint32
	var note string
	return row.Scan(&id, &note)
}

// ByID reads by the key: one partition.
func (r *Repo) ByID(ctx context.Context, id uint32) error {
	row, err := r.queries.QueryRow(ctx, `
		DECLARE $id AS Uint32;
		SELECT note FROM ledger_entries WHERE id = $id;`,
		query.WithParameters(table.NewQueryParameters(table.ValueParam("$id", types.Uint32Value(id)))))
	if err != nil {
		return err
	}
	var note string
	return row.Scan(&note)
}
