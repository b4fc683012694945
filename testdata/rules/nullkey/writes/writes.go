// Package writes holds nullkey cases for every entry-point family.
package writes

import (
	"context"
	"database/sql"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

func Literals(ctx context.Context, db *ydb.Driver) {
	c := db.Query()
	_ = c.Exec(ctx, "UPSERT INTO accounts (account_id, email) VALUES (NULL, 'a@b')")                // want `NULL.* is written to NOT NULL key column account_id of accounts: YDB rejects the statement; .*; table accounts, primary key \(account_id\) \(schema: migrations/00003_nullkey.sql:5\)`
	_ = c.Exec(ctx, "UPSERT INTO sessions (user_id, session_id, data) VALUES (1, NULL, 'x')")       // a literal NULL in a nullable key is a sentinel: -strict only (nullkey/sentinel)
	_ = c.Exec(ctx, "INSERT INTO sessions (user_id, session_id) VALUES (Nothing(Uint64?), 'x')")  // likewise
	_ = c.Exec(ctx, "UPSERT INTO sessions (user_id, data) VALUES (1, 'x')")                         // want `UPSERT does not write key column session_id of sessions: YDB rejects it; YDB.s error: Missing key column in input; table sessions`
	_ = c.Exec(ctx, "UPDATE sessions SET user_id = 2 WHERE user_id = 1 AND session_id = 'a'")       // want `UPDATE sets key column user_id of sessions: YDB rejects it; YDB.s error: Cannot update primary key column; table sessions`
	_ = c.Exec(ctx, "INSERT INTO tickets (title) VALUES ('Serial fills the key')")
	_ = c.Exec(ctx, "UPSERT INTO accounts (account_id, email) VALUES (1, NULL)")
}

func Declared(ctx context.Context, db *ydb.Driver, id *uint64) error {
	return db.Query().Exec(ctx, "DECLARE $id AS Uint64?; UPSERT INTO accounts (account_id, email) VALUES ($id, 'a');", // want `an Optional value.* is written to NOT NULL key column account_id of accounts: YDB rejects the statement; .*table accounts`
		query.WithParameters(ydb.ParamsBuilder().Param("$id").BeginOptional().Uint64(id).EndOptional().Build()))
}

func DefinitelyNull(ctx context.Context, db *ydb.Driver) error {
	return db.Query().Exec(ctx, "UPSERT INTO sessions (user_id, session_id) VALUES ($u, 'x')", // want `NULL.* is written to key column user_id of sessions: a NULL key; .*table sessions`
		query.WithParameters(ydb.ParamsBuilder().Param("$u").BeginOptional().Uint64(nil).EndOptional().Build()))
}

func TableService(ctx context.Context, s table.Session) error {
	_, _, err := s.Execute(ctx, table.DefaultTxControl(), "DECLARE $u AS Uint64?; UPSERT INTO sessions (user_id, session_id) VALUES ($u, 'x');", // want `NULL.* is written to key column user_id of sessions: a NULL key; .*table sessions`
		table.NewQueryParameters(table.ValueParam("$u", types.NullValue(types.TypeUint64))))
	return err
}

func SQL(ctx context.Context, db *sql.DB, p *uint64) {
	_, _ = db.ExecContext(ctx, "UPSERT INTO sessions (user_id, session_id) VALUES ($u, 'x')", sql.Named("u", (*uint64)(nil)))    // want `NULL.* is written to key column user_id of sessions: a NULL key; .*table sessions`
	_, _ = db.ExecContext(ctx, "UPSERT INTO accounts (account_id, email) VALUES ($a, 'x')", sql.Named("a", sql.NullInt64{}))      // want `NULL.* is written to NOT NULL key column account_id of accounts: .*table accounts`
	_, _ = db.ExecContext(ctx, "UPSERT INTO accounts (account_id, email) VALUES ($a, 'x')", sql.Named("a", p))                    // want `an Optional value.* is written to NOT NULL key column account_id`
	_, _ = db.ExecContext(ctx, "UPSERT INTO accounts (account_id, email) VALUES ($a, 'x')", sql.Named("a", uint64(1)))            // clean
	_, _ = db.ExecContext(ctx, "UPSERT INTO sessions (user_id, session_id) VALUES ($u, 'x')", sql.Named("u", nil))                // untyped nil is Void, not NULL
}
