// Package alternatives reads the users table (PRIMARY KEY (user_hash,
// user_id), hash annotated in the migration) with a text chosen at run time
// among several (a flag, a switch over a sort order). A text that forgets
// the hash is named among the others by the Go literal that sets it apart;
// every faulty method has a twin whose texts all hash, which stays silent.
package alternatives

import (
	"context"
	"fmt"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Users is the profile service's repository.
type Users struct {
	db *ydb.Driver
}

// NewUsers is called from main.
func NewUsers(db *ydb.Driver) *Users { return &Users{db: db} }

// Profile reads a user, or the user under a display name when the caller
// checks one: that text binds user_id without the hash.
func (u *Users) Profile(ctx context.Context, id uint64, name string, checkName bool) error {
	q := "SELECT name FROM users WHERE user_hash = Digest::NumericHash($id) AND user_id = $id"
	if checkName {
		q = "SELECT name FROM users WHERE user_id = $id AND name = $name" // want `SELECT binds user_id but not the hash-prefix column user_hash of users\b.*table users.* \(in 1 of the 2 ways the query text is built: the text at users.go:29\)$`
	}
	_, err := u.db.Query().QueryResultSet(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$id").Uint64(id).Param("$name").Text(name).Build(),
	))
	return err
}

// ProfileKeyed hashes in both texts: silent.
func (u *Users) ProfileKeyed(ctx context.Context, id uint64, name string, checkName bool) error {
	q := "SELECT name FROM users WHERE user_hash = Digest::NumericHash($id) AND user_id = $id"
	if checkName {
		q = "SELECT name FROM users WHERE user_hash = Digest::NumericHash($id) AND user_id = $id AND name = $name"
	}
	_, err := u.db.Query().QueryResultSet(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$id").Uint64(id).Param("$name").Text(name).Build(),
	))
	return err
}

// Order is how a user's sessions are listed.
type Order int

const (
	OrderRecent Order = iota
	OrderByName
)

// Sessions picks a format by the order; the by-name format forgets the
// hash.
func (u *Users) Sessions(ctx context.Context, id uint64, order Order) error {
	var format string
	switch order {
	case OrderByName:
		format = "SELECT %s FROM users WHERE user_id = $id ORDER BY name" // want `SELECT binds user_id but not the hash-prefix column user_hash of users\b.*table users.* \(in 1 of the 2 ways the query text is built: the text at users.go:63\)$`
	default:
		format = "SELECT %s FROM users WHERE user_hash = Digest::NumericHash($id) AND user_id = $id"
	}
	_, err := u.db.Query().QueryResultSet(ctx, fmt.Sprintf(format, "name"), query.WithParameters(
		ydb.ParamsBuilder().Param("$id").Uint64(id).Build(),
	))
	return err
}

// SessionsKeyed hashes in every format: silent.
func (u *Users) SessionsKeyed(ctx context.Context, id uint64, order Order) error {
	var format string
	switch order {
	case OrderByName:
		format = "SELECT %s FROM users WHERE user_hash = Digest::NumericHash($id) AND user_id = $id ORDER BY name"
	default:
		format = "SELECT %s FROM users WHERE user_hash = Digest::NumericHash($id) AND user_id = $id"
	}
	_, err := u.db.Query().QueryResultSet(ctx, fmt.Sprintf(format, "name"), query.WithParameters(
		ydb.ParamsBuilder().Param("$id").Uint64(id).Build(),
	))
	return err
}

// Search forgets the hash in both of its texts, each its own literal: one
// finding of the read, at the first text, that names no text, as it holds
// however the text is built.
func (u *Users) Search(ctx context.Context, id uint64, name string, byName bool) error {
	q := "SELECT name FROM users WHERE user_id = $id" // want `SELECT binds user_id but not the hash-prefix column user_hash of users\b.*table users.*WHERE clause$`
	if byName {
		q = "SELECT name FROM users WHERE user_id = $id AND name = $name"
	}
	_, err := u.db.Query().QueryResultSet(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$id").Uint64(id).Param("$name").Text(name).Build(),
	))
	return err
}

// SearchKeyed is Search's correct twin: both texts hash.
func (u *Users) SearchKeyed(ctx context.Context, id uint64, name string, byName bool) error {
	q := "SELECT name FROM users WHERE user_hash = Digest::NumericHash($id) AND user_id = $id"
	if byName {
		q = "SELECT name FROM users WHERE user_hash = Digest::NumericHash($id) AND user_id = $id AND name = $name"
	}
	_, err := u.db.Query().QueryResultSet(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$id").Uint64(id).Param("$name").Text(name).Build(),
	))
	return err
}
