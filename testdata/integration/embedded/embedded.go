// Package embedded embeds its schema with //go:embed, which makes go vet's
// cache notice edits to it. It depends on the standard library only.
package embedded

import (
	"context"
	"database/sql"
	"embed"
)

//go:embed schema/*.sql
var Schema embed.FS

func ByToken(ctx context.Context, db *sql.DB, token string) {
	_ = db.QueryRowContext(ctx, "SELECT * FROM tokens WHERE token = $t", sql.Named("t", token)) // want `SELECT reads every partition of tokens\b`
}
