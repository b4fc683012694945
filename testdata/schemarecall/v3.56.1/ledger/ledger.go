// Package ledger keeps money amounts in a table whose amount column has
// the SDK's default decimal type (table/types.DefaultDecimal, a package
// variable, in every v3 release). The repository creates its table itself
// and reads it through the table service of an old SDK release.
package ledger

import (
	"context"
	"fmt"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Repo reads and writes ledger entries.
type Repo struct {
	c      table.Client
	prefix string
}

// New wires the repository.
func New(c table.Client, prefix string) *Repo { return &Repo{c: c, prefix: prefix} }

var rw = table.TxControl(table.BeginTx(table.WithSerializableReadWrite()), table.CommitTx())

// Create makes the table.
func (r *Repo) Create(ctx context.Context) error {
	tablePath := path.Join(r.prefix, "ledger_entries")
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.CreateTable(ctx, tablePath,
			options.WithColumn("id", types.Optional(types.TypeUint32)),
			options.WithColumn("amount", types.Optional(types.DefaultDecimal)),
			options.WithColumn("note", types.Optional(types.TypeUTF8)),
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
	return r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, rw, "DECLARE $amount AS Utf8; SELECT id FROM ledger_entries WHERE amount = CAST($amount AS Decimal(22, 9))", // want `SELECT reads every partition of .*ledger_entries\b.*table .*ledger_entries, primary key \(id\)`
			table.NewQueryParameters(table.ValueParam("$amount", types.UTF8Value(amount))))
		if err == nil {
			err = res.Close()
		}
		return err
	})
}

// ByID reads by the key: one partition.
func (r *Repo) ByID(ctx context.Context, id uint32) error {
	return r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, rw, "DECLARE $id AS Uint32; SELECT amount FROM ledger_entries WHERE id = $id",
			table.NewQueryParameters(table.ValueParam("$id", types.Uint32Value(id))))
		if err == nil {
			err = res.Close()
		}
		return err
	})
}
