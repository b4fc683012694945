// Package keyed holds BulkUpsert and ReadRows cases.
package keyed

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"

	_ "example.com/rules/hashprefix/writes"
)

func Bulk(ctx context.Context, db *ydb.Driver, id uint64) error {
	return db.Table().BulkUpsert(ctx, "orders", table.BulkUpsertDataRows(types.ListValue(
		types.StructValue( // want `BulkUpsert row has order_id but not the hash-prefix column order_hash .*; add a field order_hash holding the hash of order_id computed in Go with the function YDB's Digest::NumericHash computes, as the write evidence at hashprefix/writes/writes.go:\d+ does`
			types.StructFieldValue("order_id", types.Uint64Value(id)),
			types.StructFieldValue("amount", types.DoubleValue(1)),
		),
	)))
}

func Read(ctx context.Context, db *ydb.Driver, id uint64) error {
	_, err := db.Table().ReadRows(ctx, "orders", types.ListValue(
		types.StructValue(types.StructFieldValue("order_id", types.Uint64Value(id))), // want `ReadRows key has order_id but not the hash-prefix column order_hash`
	), []options.ReadRowsOption{})
	return err
}
