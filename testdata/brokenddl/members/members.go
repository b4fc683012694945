// Package members is a repository over the members table, beside a
// migration whose archive table does not parse.
package members

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

type Repo struct{ db query.Client }

func New(db query.Client) *Repo { return &Repo{db: db} }

// ByEmail filters members on a column that is not its key: a full scan,
// reported although a broken CREATE TABLE names a table ending in members.
func (r *Repo) ByEmail(ctx context.Context, email string) error {
	return r.db.Do(ctx, func(ctx context.Context, s query.Session) error {
		_, err := s.Query(ctx, "DECLARE $email AS Utf8;\nSELECT id, name FROM members WHERE email = $email;", // want `SELECT reads every partition of .*members.*key column id`
			query.WithParameters(ydb.ParamsBuilder().Param("$email").Text(email).Build()))
		return err
	})
}

// ByID is the correct twin: a point read on the whole key.
func (r *Repo) ByID(ctx context.Context, id uint64) error {
	return r.db.Do(ctx, func(ctx context.Context, s query.Session) error {
		_, err := s.Query(ctx, "DECLARE $id AS Uint64;\nSELECT id, name FROM members WHERE id = $id;",
			query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
		return err
	})
}
