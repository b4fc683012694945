// Package repo stores accounts through the table service of an old SDK
// release (before v3.57 the primitive types lived in internal/value). The
// table is made by CreateTable with options from a helper built with
// append; the queries read it.
package repo

import (
	"context"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Repo reads and writes accounts.
type Repo struct {
	c      table.Client
	prefix string
}

// New wires the repository.
func New(c table.Client, prefix string) *Repo { return &Repo{c: c, prefix: prefix} }

var rw = table.TxControl(table.BeginTx(table.WithSerializableReadWrite()), table.CommitTx())

func accountOptions(withNote bool) []options.CreateTableOption {
	opts := []options.CreateTableOption{
		options.WithColumn("account_id", types.TypeUint64),
		options.WithColumn("email", types.Optional(types.TypeUTF8)),
		options.WithColumn("created_at", types.Optional(types.TypeTimestamp)),
		options.WithPrimaryKeyColumn("account_id"),
		options.WithIndex("created_idx", options.WithIndexColumns("created_at")),
	}
	if withNote {
		opts = append(opts, options.WithColumn("note", types.Optional(types.TypeString)))
	}
	return opts
}

// Create makes the table.
func (r *Repo) Create(ctx context.Context) error {
	return r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.CreateTable(ctx, path.Join(r.prefix, "accounts"), accountOptions(true)...)
	})
}

// ByEmail filters on a column that is not the key: every partition is read.
func (r *Repo) ByEmail(ctx context.Context, email string) error {
	return r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, rw, "DECLARE $email AS Utf8; SELECT account_id FROM accounts WHERE email = $email", // want `SELECT reads every partition of .*accounts\b.*table .*accounts, primary key \(account_id\)`
			table.NewQueryParameters(table.ValueParam("$email", types.UTF8Value(email))))
		if err == nil {
			err = closeResult(res)
		}
		return err
	})
}

// ByID reads by the key: fine.
func (r *Repo) ByID(ctx context.Context, id uint64) error {
	return r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, rw, "DECLARE $id AS Uint64; SELECT email FROM accounts WHERE account_id = $id",
			table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
		if err == nil {
			err = closeResult(res)
		}
		return err
	})
}

func closeResult(res result.Result) error { return res.Close() }
