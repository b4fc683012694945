// Package writes is a user registration store whose writes leave out
// columns or values; each faulty write has a correct twin next to it.
package writes

import (
	"context"
	"database/sql"
	"time"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

type Store struct {
	db  *ydb.Driver
	sql *sql.DB
}

func New(db *ydb.Driver, sqlDB *sql.DB) *Store { return &Store{db: db, sql: sqlDB} }

// Register inserts a user; the first statement forgets the NOT NULL email.
func (s *Store) Register(ctx context.Context, id uint64, email string) error {
	_, err := s.sql.ExecContext(ctx, "UPSERT INTO users (user_id, name) VALUES ($id, $name)", // want `UPSERT into table users leaves out NOT NULL column email, which has no DEFAULT; YDB rejects the query \(Missing not null column in input: email. All not null columns should be initialized\); table users is defined at \(schema: .*\); write every NOT NULL column, or change only some columns of an existing row with UPDATE`
		sql.Named("id", id), sql.Named("name", "n"))
	if err != nil {
		return err
	}
	// state is NOT NULL with a DEFAULT, so it may be left out.
	_, err = s.sql.ExecContext(ctx, "UPSERT INTO users (user_id, email, name) VALUES ($id, $email, $name)",
		sql.Named("id", id), sql.Named("email", email), sql.Named("name", "n"))
	return err
}

// Seen updates one column of an existing row: UPDATE, not UPSERT.
func (s *Store) Seen(ctx context.Context, id uint64) error {
	params := query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Param("$now").Timestamp(time.Now()).Build())
	if err := s.db.Query().Exec(ctx, "UPSERT INTO users (user_id, seen_at) VALUES ($id, $now)", params); err != nil { // want `leaves out NOT NULL column email`
		return err
	}
	return s.db.Query().Exec(ctx, "UPDATE users SET seen_at = $now WHERE user_id = $id", params)
}

// Orders writes rows whose VALUES do not line up with the column list.
func (s *Store) Orders(ctx context.Context, rows [][2]float64) error {
	for _, r := range rows {
		_ = r
		if err := s.db.Query().Exec(ctx, "INSERT INTO orders (user_id, amount, note) VALUES (1, 2.5)"); err != nil { // want `INSERT lists 3 columns but this VALUES row has 2 values; YDB rejects the query \(VALUES have 2 columns, INSERT INTO expects: 3\)`
			return err
		}
		if err := s.db.Query().Exec(ctx, "INSERT INTO orders (user_id, amount, note) VALUES (1, 2.5, NULL)"); err != nil {
			return err
		}
	}
	return nil
}
