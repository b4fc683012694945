// Package names is a user repository whose queries name columns and
// indexes; each faulty query has a correct twin next to it.
package names

import (
	"context"
	"database/sql"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

type Repo struct {
	db  *ydb.Driver
	sql *sql.DB
}

func New(db *ydb.Driver, sqlDB *sql.DB) *Repo { return &Repo{db: db, sql: sqlDB} }

const selectByID = `SELECT user_id, nmae FROM users WHERE user_id = $id` // want `SELECT list names column nmae, which table users does not have; YDB rejects the query \(Member not found: nmae\); table users is defined at \(schema: migrations/00001_init.sql:2\); did you mean name\?`

const selectByIDGood = `SELECT user_id, name FROM users WHERE user_id = $id`

func (r *Repo) Name(ctx context.Context, id uint64) error {
	params := query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build())
	if _, err := r.db.Query().QueryRow(ctx, selectByID, params); err != nil {
		return err
	}
	_, err := r.db.Query().QueryRow(ctx, selectByIDGood, params)
	return err
}

// ByEmail reads through a secondary index.
func (r *Repo) ByEmail(ctx context.Context, email string) error {
	_, err := r.sql.QueryContext(ctx, "SELECT user_id FROM users VIEW users_by_mail WHERE email = $email", sql.Named("email", email)) // want `VIEW users_by_mail names an index that table users does not have; YDB rejects the query \(Required global index not found, index name: users_by_mail\); table users is defined at \(schema: .*\); its indexes are users_by_email`
	if err != nil {
		return err
	}
	_, err = r.sql.QueryContext(ctx, "SELECT user_id FROM users VIEW users_by_email WHERE email = $email", sql.Named("email", email))
	return err
}

// Search builds its filter from conditions, the way services do.
func (r *Repo) Search(ctx context.Context, byName bool) error {
	q := "SELECT u.user_id, u.email FROM users AS u WHERE u.state = 'active'"
	if byName {
		q += " AND u.Name = $name" // want `WHERE names column Name, which table users does not have; YDB rejects the query \(Member not found: Name\); table users is defined at \(schema: .*\); did you mean name\? \(in 1 of the 2 ways the query text is built: the text at names.go:49\)$`
	}
	_, err := r.db.Query().Query(ctx, q, query.WithParameters(ydb.ParamsBuilder().Param("$name").Text("x").Build()))
	return err
}

// Touch updates a column that exists and one that does not.
func (r *Repo) Touch(ctx context.Context, s table.Session, id uint64) error {
	_, _, err := s.Execute(ctx, table.DefaultTxControl(),
		"DECLARE $id AS Uint64; UPDATE users SET last_seen = CurrentUtcTimestamp() WHERE user_id = $id;", // want `SET names column last_seen, which table users does not have; YDB rejects the query \(No such column: last_seen, table: users\); table users is defined at \(schema: .*\); its columns are user_id, email, name, state, created_at, seen_at`
		table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
	if err != nil {
		return err
	}
	_, _, err = s.Execute(ctx, table.DefaultTxControl(),
		"DECLARE $id AS Uint64; UPDATE users SET seen_at = CurrentUtcTimestamp() WHERE user_id = $id;",
		table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
	return err
}

// Report orders by an alias and groups: names the checker must not judge.
func (r *Repo) Report(ctx context.Context) error {
	_, err := r.db.Query().Query(ctx, `SELECT state AS s, COUNT(*) AS n FROM users GROUP BY state ORDER BY n DESC`)
	if err != nil {
		return err
	}
	_, err = r.db.Query().Query(ctx, `SELECT o.amount, u.email FROM orders AS o JOIN users AS u ON o.user_id = u.user_id WHERE o.amount > 10.0`)
	if err != nil {
		return err
	}
	_, err = r.db.Query().Query(ctx, `SELECT email AS e FROM users ORDER BY e`)
	return err
}

// Orders reads a column added by a later migration.
func (r *Repo) Orders(ctx context.Context) error {
	_, err := r.db.Query().Query(ctx, "SELECT id, status FROM orders WHERE user_id = 1")
	if err != nil {
		return err
	}
	_, err = r.db.Query().Query(ctx, "INSERT INTO orders (user_id, amount, stauts) VALUES (1, 2.0, 'new')") // want `column list names column stauts, which table orders does not have; YDB rejects the query \(No such column: stauts, table: orders\); table orders is defined at \(schema: .*\); did you mean status\?`
	return err
}
