// Package fix holds yqlcheck findings whose fix is certain: a column one
// edit away, and a DECLARE changed to the type bound in Go.
package fix

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

func Email(ctx context.Context, db *ydb.Driver, id uint64) error {
	_, err := db.Query().QueryRow(ctx, "SELECT emial FROM users WHERE user_id = $id", // want `did you mean email\?`
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
	return err
}

func Seen(ctx context.Context, db *ydb.Driver, id int32) error {
	return db.Query().Exec(ctx, "DECLARE $id AS Uint64; UPDATE users SET seen_at = CurrentUtcTimestamp() WHERE user_id = CAST($id AS Uint64);", // want `\$id is declared Uint64 but bound to Int32`
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Int32(id).Build()))
}
