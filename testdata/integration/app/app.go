// Package app is package C of the cross-package chain: the text comes from
// ordersql (A) through store (B), the call goes through store's wrapper,
// and the hash-prefix evidence is ordersql's write.
package app

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"

	"example.com/integ/store"
)

func Amount(ctx context.Context, s *store.Store, id uint64) error {
	return s.Get(ctx, store.OrderQuery(), query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build())) // want `SELECT binds order_id but not the hash-prefix column order_hash of orders\b.*table orders.*write evidence at .*ordersql/ordersql.go:18.*reached through \(\*example.com/integ/store.Store\).Get`
}
