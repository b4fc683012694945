// Package params is a repository whose queries declare and bind
// parameters; each faulty call has a correct twin next to it.
package params

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"

	"example.com/yqlcheck/querycat"
)

type Repo struct {
	db     *ydb.Driver
	dbName querycat.DB
}

func New(db *ydb.Driver) *Repo { return &Repo{db: db} }

const getUser = "DECLARE $id AS Uint64; SELECT user_id, email FROM users WHERE user_id = $id;" // want `\$id is declared Uint64 but bound to Int64 \(id\); YDB rejects the query \(Parameter \$id type mismatch, expected: Uint64, actual: Int64\); declare \$id AS Int64 or bind a Uint64 value`

// Get binds the declared parameter with the wrong type, then right.
func (r *Repo) Get(ctx context.Context, id int64) error {
	_, err := r.db.Query().QueryRow(ctx, getUser,
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Int64(id).Build()))
	if err != nil {
		return err
	}
	_, err = r.db.Query().QueryRow(ctx, getUser,
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(uint64(id)).Build()))
	return err
}

// Missing forgets the dollar sign, then binds nothing, then gets it right.
func (r *Repo) Missing(ctx context.Context, id uint64) error {
	err := r.db.Query().Exec(ctx, "DECLARE $id AS Uint64; DELETE FROM users WHERE user_id = $id;", // want `\$id is declared Uint64 but the call binds no value for it; YDB rejects the query \(Missing value for parameter: \$id\); ParamsBuilder\(\).Param\("id"\) sends the name "id" verbatim`
		query.WithParameters(ydb.ParamsBuilder().Param("id").Uint64(id).Build()))
	if err != nil {
		return err
	}
	err = r.db.Query().Exec(ctx, "DECLARE $id AS Uint64; DELETE FROM users WHERE user_id = $id;") // want `\$id is declared Uint64 but the call binds no value for it; YDB rejects the query \(Missing value for parameter: \$id\); bind \$id, or declare it Uint64\? to pass NULL`
	if err != nil {
		return err
	}
	return r.db.Query().Exec(ctx, "DECLARE $id AS Uint64; DELETE FROM users WHERE user_id = $id;",
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
}

// OptionalNote declares an Optional parameter it may leave unbound: YDB
// passes NULL, which is fine.
func (r *Repo) OptionalNote(ctx context.Context, s table.Session, id uint64) error {
	_, _, err := s.Execute(ctx, table.DefaultTxControl(),
		"DECLARE $id AS Uint64; DECLARE $note AS Utf8?; UPDATE orders SET note = $note WHERE id = $id;",
		table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
	if err != nil {
		return err
	}
	_, _, err = s.Execute(ctx, table.DefaultTxControl(),
		"DECLARE $id AS Uint64; DECLARE $note AS Utf8; UPDATE orders SET note = $note WHERE id = $id;", // want `\$note is declared Utf8 but bound to Utf8\? \(types.OptionalValue\(types.TextValue\("x"\)\)\); YDB rejects the query \(Parameter \$note type mismatch, expected: Utf8, actual: Utf8\?\)`
		table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id)), table.ValueParam("$note", types.OptionalValue(types.TextValue("x")))))
	return err
}

// Unbound uses a parameter nothing binds, then binds it.
func (r *Repo) Unbound(ctx context.Context, id uint64) error {
	_, err := r.db.Query().Query(ctx, "SELECT email FROM users WHERE user_id = $user_id", // want `\$user_id is used but neither declared nor bound; YDB rejects the query \(Unknown name: \$user_id\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
	if err != nil {
		return err
	}
	_, err = r.db.Query().Query(ctx, "$ids = SELECT user_id FROM users WHERE email = $e; SELECT user_id FROM orders WHERE user_id IN $ids",
		query.WithParameters(ydb.ParamsBuilder().Param("$e").Text("a@b").Build()))
	if err != nil {
		return err
	}
	_, err = r.db.Query().Query(ctx, "SELECT email FROM users WHERE user_id = $user_id",
		query.WithParameters(ydb.ParamsBuilder().Param("$user_id").Uint64(id).Build()))
	return err
}

// Cleanup declares a parameter only a named expression nobody uses
// refers to: YQL drops the DECLARE ("Symbol $before is not used"), so YDB
// asks for no value. The twin uses it and must bind it.
func (r *Repo) Cleanup(ctx context.Context, s query.Session) error {
	err := s.Exec(ctx, "DECLARE $before AS Timestamp; $old = SELECT user_id FROM users WHERE seen_at < $before; DELETE FROM orders WHERE user_id = 0;")
	if err != nil {
		return err
	}
	return s.Exec(ctx, "DECLARE $before AS Timestamp; $old = SELECT user_id FROM users WHERE seen_at < $before; DELETE FROM orders WHERE user_id IN $old;") // want `\$before is declared Timestamp but the call binds no value for it`
}
