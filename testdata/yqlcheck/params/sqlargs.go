package params

import (
	"context"
	"database/sql"
	"database/sql/driver"
)

// SQLRepo reads orders through database/sql, whose arguments the SDK
// converts by their Go type: a Go int becomes Int32.
type SQLRepo struct{ db *sql.DB }

func NewSQL(db *sql.DB) *SQLRepo { return &SQLRepo{db: db} }

// Amount binds a Go int to a parameter declared Uint64, then a uint64.
func (r *SQLRepo) Amount(ctx context.Context, id int, userID uint64) error {
	row := r.db.QueryRowContext(ctx, "DECLARE $id AS Uint64; SELECT amount FROM orders WHERE id = $id", // want `\$id is declared Uint64 but bound to Int32 \(id\); YDB rejects the query \(Parameter \$id type mismatch, expected: Uint64, actual: Int32\)`
		sql.Named("id", id))
	if err := row.Err(); err != nil {
		return err
	}
	row = r.db.QueryRowContext(ctx, "DECLARE $id AS Uint64; SELECT amount FROM orders WHERE id = $id",
		sql.Named("id", uint64(id)))
	if err := row.Err(); err != nil {
		return err
	}
	_, err := r.db.ExecContext(ctx, "DECLARE $user AS Uint64; DECLARE $note AS Utf8?; UPDATE orders SET note = $note WHERE user_id = $user",
		sql.Named("user", userID), sql.Named("note", (*string)(nil)))
	return err
}

// Note binds a possibly-nil pointer to a non-Optional declaration.
func (r *SQLRepo) Note(ctx context.Context, id uint64, note *string) error {
	_, err := r.db.ExecContext(ctx, "DECLARE $id AS Uint64; DECLARE $note AS Utf8; UPDATE orders SET note = $note WHERE id = $id", // want `\$note is declared Utf8 but bound to Utf8\? \(note\)`
		sql.Named("id", id), sql.Named("note", note))
	return err
}

// Cents is converted by its Value method, whose result the static type
// does not show: never judged.
type Cents int

func (c Cents) Value() (driver.Value, error) { return int64(c), nil }

func (r *SQLRepo) Total(ctx context.Context, c Cents) error {
	_, err := r.db.ExecContext(ctx, "DECLARE $c AS Int64; SELECT id FROM orders WHERE amount > CAST($c AS Double)", sql.Named("c", c))
	return err
}
