// Package setup creates the reporting tables at deploy time. No package of
// the service imports it: cmd/migrate-like tools call Migrate.
package setup

import (
	"context"
	"fmt"
	"log"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

func balanceOptions() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("account_id", types.Optional(types.TypeUint64)),
		options.WithColumn("currency", types.Optional(types.TypeText)),
		options.WithColumn("balance", types.Optional(types.DefaultDecimal)),
		options.WithPrimaryKeyColumn("account_id", "currency"),
	}
}

// Migrate creates the tables; its progress and error messages mention
// "create table" and are not DDL.
func Migrate(ctx context.Context, db *ydb.Driver) error {
	for _, name := range []string{"balances"} {
		p := path.Join(db.Name(), name)
		log.Printf("Create table: %v\n", p)
		err := db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
			return s.CreateTable(ctx, path.Join(db.Name(), "balances"), balanceOptions()...)
		})
		if err != nil {
			return fmt.Errorf("create table failed: %w", err)
		}
		log.Println("Create table done")
	}
	return createPayouts(ctx, db.Table(), db.Name())
}

// createPayouts describes each column with its metadata (options.Column),
// the way services that place columns in families write it.
func createPayouts(ctx context.Context, c table.Client, prefix string) error {
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.CreateTable(ctx, path.Join(prefix, "payouts"),
			options.WithColumnMeta(options.Column{Name: "payout_id", Type: types.TypeUint64, Family: "default"}),
			options.WithColumnMeta(options.Column{Name: "account_id", Type: types.Optional(types.TypeUint64), Family: "default"}),
			options.WithColumnMeta(options.Column{Name: "amount", Type: types.Optional(types.DefaultDecimal), Family: "default"}),
			options.WithPrimaryKeyColumn("payout_id"),
		)
	})
}
