package names

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Lookup reads a user by id or, for the support console, by e-mail; the
// console's text names a column the table does not have. The finding
// names that text by its literal.
func (r *Repo) Lookup(ctx context.Context, id uint64, email string, console bool) error {
	q := "SELECT user_id, name FROM users WHERE user_id = $id"
	if console {
		q = "SELECT user_id, name, last_login FROM users VIEW users_by_email WHERE email = $email" // want `SELECT list names column last_login, which table users does not have; YDB rejects the query \(Member not found: last_login\); table users is defined at \(schema: .*\); its columns are user_id, email, name, state, created_at, seen_at \(in 1 of the 2 ways the query text is built: the text at alternatives.go:16\)$`
	}
	_, err := r.db.Query().QueryRow(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$id").Uint64(id).Param("$email").Text(email).Build(),
	))
	return err
}

// LookupKnown names columns the table has in both texts: silent.
func (r *Repo) LookupKnown(ctx context.Context, id uint64, email string, console bool) error {
	q := "SELECT user_id, name FROM users WHERE user_id = $id"
	if console {
		q = "SELECT user_id, name, seen_at FROM users VIEW users_by_email WHERE email = $email"
	}
	_, err := r.db.Query().QueryRow(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$id").Uint64(id).Param("$email").Text(email).Build(),
	))
	return err
}

// Recent names the same unknown column in both texts, each at a literal
// of its own: each finding says nothing of the texts.
func (r *Repo) Recent(ctx context.Context, id uint64, byState bool) error {
	q := "SELECT user_id, last_login FROM users WHERE user_id = $id" // want `SELECT list names column last_login, which table users does not have; YDB rejects the query \(Member not found: last_login\); table users is defined at \(schema: .*\); its columns are user_id, email, name, state, created_at, seen_at$`
	if byState {
		q = "SELECT user_id, last_login FROM users WHERE user_id = $id AND state = 'active'" // want `SELECT list names column last_login, which table users does not have; YDB rejects the query \(Member not found: last_login\); table users is defined at \(schema: .*\); its columns are user_id, email, name, state, created_at, seen_at$`
	}
	_, err := r.db.Query().QueryRow(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$id").Uint64(id).Build(),
	))
	return err
}
