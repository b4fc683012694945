// Package archive reads the table whose CREATE TABLE does not parse: its key
// is not known, so nothing is said about it — in particular it is not
// judged by the key of members, the table its name ends with.
package archive

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

type Archive struct{ db query.Client }

func New(db query.Client) *Archive { return &Archive{db: db} }

func (a *Archive) ByEmail(ctx context.Context, email string) error {
	return a.db.Do(ctx, func(ctx context.Context, s query.Session) error {
		_, err := s.Query(ctx, "DECLARE $email AS Utf8;\nSELECT id FROM `archive/members` WHERE email = $email;",
			query.WithParameters(ydb.ParamsBuilder().Param("$email").Text(email).Build()))
		return err
	})
}
