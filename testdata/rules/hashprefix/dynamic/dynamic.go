// Package dynamic reads the users table (PRIMARY KEY (user_hash, user_id),
// hash annotated in the migration) with WHERE clauses built from filters
// appended under ifs. A read that forgets the hash however the text is
// built is one finding of the site, not one per way of building it
// (report drops the identical diagnostics of the other variants).
package dynamic

import (
	"context"
	"strings"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// UserFilter comes from the profile API.
type UserFilter struct {
	ID   uint64
	Name string
}

// Users is the repository.
type Users struct {
	db *ydb.Driver
}

// NewUsers is called from main.
func NewUsers(db *ydb.Driver) *Users { return &Users{db: db} }

// Find binds user_id but not user_hash in both ways the text is built:
// reported once.
func (u *Users) Find(ctx context.Context, f UserFilter) error {
	conds := []string{"user_id = $id"} // want `SELECT binds user_id but not the hash-prefix column user_hash of users\b.*table users.*$`
	params := ydb.ParamsBuilder().Param("$id").Uint64(f.ID)
	if f.Name != "" {
		conds = append(conds, "name = $name")
		params = params.Param("$name").Text(f.Name)
	}
	_, err := u.db.Query().QueryResultSet(ctx, "SELECT name FROM users WHERE "+strings.Join(conds, " AND "), query.WithParameters(params.Build()))
	return err
}

// FindKeyed computes the hash in every variant: silent.
func (u *Users) FindKeyed(ctx context.Context, f UserFilter) error {
	conds := []string{"user_hash = Digest::NumericHash($id)", "user_id = $id"}
	params := ydb.ParamsBuilder().Param("$id").Uint64(f.ID)
	if f.Name != "" {
		conds = append(conds, "name = $name")
		params = params.Param("$name").Text(f.Name)
	}
	_, err := u.db.Query().QueryResultSet(ctx, "SELECT name FROM users WHERE "+strings.Join(conds, " AND "), query.WithParameters(params.Build()))
	return err
}
