// Package app calls the wrapper with the helper's text: the query is traced
// from repo.OrderByID through (*repo.Repo).Get to the SDK.
package app

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"

	"example.com/rules/hashprefix/repo"
	_ "example.com/rules/hashprefix/writes"
)

func Load(ctx context.Context, r *repo.Repo, id uint64) error {
	return r.Get(ctx, repo.OrderByID(), query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build())) // want `SELECT binds order_id but not the hash-prefix column order_hash.*reached through \(\*example.com/rules/hashprefix/repo.Repo\).Get`
}
