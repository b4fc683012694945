// Package members keeps club members, their invites and profiles. The
// members and invites migrations (migrations/00004_members.sql) do not run
// on YDB; yqlcheck reports their lines from this package, which queries
// the tables. The profiles migration is correct.
package members

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

type Repo struct{ db *ydb.Driver }

func NewRepo(db *ydb.Driver) *Repo { return &Repo{db: db} }

func (r *Repo) Join(ctx context.Context, id uint64, first, last string) error {
	return r.db.Query().Exec(ctx, `
		DECLARE $id AS Uint64; DECLARE $first AS Utf8; DECLARE $last AS Utf8;
		UPSERT INTO members (member_id, first_name, last_name, joined) VALUES ($id, $first, $last, CurrentUtcTimestamp());`,
		query.WithParameters(ydb.ParamsBuilder().
			Param("$id").Uint64(id).
			Param("$first").Text(first).
			Param("$last").Text(last).
			Build()))
}

func (r *Repo) Invite(ctx context.Context, code string, id uint64) error {
	return r.db.Query().Exec(ctx, `
		DECLARE $code AS Utf8; DECLARE $id AS Uint64;
		UPSERT INTO invites (code, member_id) VALUES ($code, $id);`,
		query.WithParameters(ydb.ParamsBuilder().
			Param("$code").Text(code).
			Param("$id").Uint64(id).
			Build()))
}

func (r *Repo) SetNick(ctx context.Context, id uint64, nick string) error {
	return r.db.Query().Exec(ctx, `
		DECLARE $id AS Int64; DECLARE $nick AS Utf8;
		UPDATE profiles SET nick = $nick WHERE member_id = $id;`,
		query.WithParameters(ydb.ParamsBuilder().
			Param("$id").Int64(int64(id)).
			Param("$nick").Text(nick).
			Build()))
}
