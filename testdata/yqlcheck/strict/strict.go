// Package strict holds a binding that a renamed parameter left behind:
// YDB ignores it, so yqlcheck reports it only with -strict (the default run
// over package params, which binds only what it uses, stays silent).
package strict

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

func ByEmail(ctx context.Context, db *ydb.Driver, email string) error {
	_, err := db.Query().Query(ctx, "DECLARE $email AS Utf8; SELECT user_id FROM users WHERE email = $email",
		query.WithParameters(ydb.ParamsBuilder().
			Param("$email").Text(email).
			Param("$mail").Text(email). // want `\$mail is bound but the query neither declares nor uses it; YDB ignores it \(reported with -strict\)`
			Build()))
	return err
}

func ByEmailGood(ctx context.Context, db *ydb.Driver, email string) error {
	_, err := db.Query().Query(ctx, "DECLARE $email AS Utf8; SELECT user_id FROM users WHERE email = $email",
		query.WithParameters(ydb.ParamsBuilder().Param("$email").Text(email).Build()))
	return err
}
