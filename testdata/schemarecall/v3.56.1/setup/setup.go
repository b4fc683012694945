// Package setup creates the reporting tables at deploy time. No package of
// the service imports it.
package setup

import (
	"context"
	"fmt"
	"log"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

func balanceOptions() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("account_id", types.Optional(types.TypeUint64)),
		options.WithColumn("currency", types.Optional(types.TypeUTF8)),
		options.WithColumn("balance", types.Optional(types.DefaultDecimal)),
		options.WithPrimaryKeyColumn("account_id", "currency"),
	}
}

// Migrate creates the tables; its progress and error messages mention
// "create table" and are not DDL.
func Migrate(ctx context.Context, c table.Client, prefix string) error {
	log.Printf("Create table: %v\n", path.Join(prefix, "balances"))
	err := c.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.CreateTable(ctx, path.Join(prefix, "balances"), balanceOptions()...)
	})
	if err != nil {
		return fmt.Errorf("create table failed: %w", err)
	}
	log.Println("Create table done")
	return createPayouts(ctx, c, prefix)
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
