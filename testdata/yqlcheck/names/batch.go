package names

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

// User is one row of a batch import.
type User struct {
	ID    uint64
	Email string
}

func rows(users []User) types.Value {
	vs := make([]types.Value, 0, len(users))
	for _, u := range users {
		vs = append(vs, types.StructValue(
			types.StructFieldValue("user_id", types.Uint64Value(u.ID)),
			types.StructFieldValue("email", types.TextValue(u.Email)),
		))
	}
	return types.ListValue(vs...)
}

// Import writes a batch through AS_TABLE: the SELECT names a field the
// declared rows do not have, then the twin names the right one; a SELECT *
// writes a field the table does not have, then the twin.
func (r *Repo) Import(ctx context.Context, users []User) error {
	params := query.WithParameters(ydb.ParamsBuilder().Param("$rows").Any(rows(users)).Build())
	err := r.db.Query().Exec(ctx, `DECLARE $rows AS List<Struct<user_id: Uint64, email: Utf8>>;
UPSERT INTO users (user_id, email) SELECT user_id, mail FROM AS_TABLE($rows);`, params) // want `SELECT list names mail, which the rows of \$rows do not have; YDB rejects the query \(Member not found: mail\); their DECLARE lists the struct's fields`
	if err != nil {
		return err
	}
	err = r.db.Query().Exec(ctx, `DECLARE $rows AS List<Struct<user_id: Uint64, email: Utf8>>;
UPSERT INTO users (user_id, email) SELECT user_id, email FROM AS_TABLE($rows);`, params)
	if err != nil {
		return err
	}
	err = r.db.Query().Exec(ctx, `DECLARE $rows AS List<Struct<user_id: Uint64, mail: Utf8>>;
UPSERT INTO users SELECT * FROM AS_TABLE($rows);`, params) // want `the rows of \$rows have field mail, which table users does not have, and SELECT \* writes every field; YDB rejects the query \(No such column: mail, table: users\); table users is defined at \(schema: .*\)`
	if err != nil {
		return err
	}
	return r.db.Query().Exec(ctx, `DECLARE $rows AS List<Struct<user_id: Uint64, email: Utf8>>;
UPSERT INTO users SELECT * FROM AS_TABLE($rows);`, params)
}
