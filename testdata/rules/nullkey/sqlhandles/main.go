// Command sessions keeps login sessions through database/sql. The handle is
// opened in main (or in a constructor) with positional arguments and
// reaches the queries as a function parameter or a struct field: only
// then does nullkey know that the first `?` is $p0, the key column.
package main

import (
	"context"
	"database/sql"
	"os"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
)

// saveSession writes one session through the handle main opened; a nil
// userID would be a NULL key.
func saveSession(ctx context.Context, db *sql.DB, userID *uint64, sessionID string) error {
	_, err := db.ExecContext(ctx, "UPSERT INTO sessions (user_id, session_id) VALUES (?, ?)", userID, sessionID) // want `an Optional value \(\$p0\) is written to key column user_id of sessions: a possible NULL key; .*table sessions`
	return err
}

// saveAnonymous writes a session with no user: a NULL key.
func saveAnonymous(ctx context.Context, db *sql.DB, sessionID string) error {
	_, err := db.ExecContext(ctx, "UPSERT INTO sessions (user_id, session_id) VALUES (?, ?)", (*uint64)(nil), sessionID) // want `NULL.* is written to key column user_id of sessions: a NULL key; .*table sessions`
	return err
}

// saveUser is the correct twin of saveAnonymous.
func saveUser(ctx context.Context, db *sql.DB, userID uint64, sessionID string) error {
	_, err := db.ExecContext(ctx, "UPSERT INTO sessions (user_id, session_id) VALUES (?, ?)", userID, sessionID)
	return err
}

// store holds the handle its constructor opens.
type store struct {
	db *sql.DB
}

func newStore(drv *ydb.Driver) *store {
	return &store{db: sql.OpenDB(ydb.MustConnector(drv, ydb.WithPositionalArgs()))}
}

// expire writes a tombstone session with no user: a NULL key.
func (s *store) expire(ctx context.Context, sessionID string) error {
	_, err := s.db.ExecContext(ctx, "UPSERT INTO sessions (user_id, session_id) VALUES (?, ?)", sql.NullInt64{}, sessionID) // want `NULL.* is written to key column user_id of sessions: a NULL key; .*table sessions`
	return err
}

// renew is the correct twin of expire.
func (s *store) renew(ctx context.Context, userID uint64, sessionID string) error {
	_, err := s.db.ExecContext(ctx, "UPSERT INTO sessions (user_id, session_id) VALUES (?, ?)", userID, sessionID)
	return err
}

// mixed is opened two ways: which parameter the first `?` binds to depends
// on the constructor that ran, so nothing is concluded from its arguments.
type mixed struct {
	db *sql.DB
}

func newPositional(drv *ydb.Driver) *mixed {
	return &mixed{db: sql.OpenDB(ydb.MustConnector(drv, ydb.WithPositionalArgs()))}
}

func newNumeric(drv *ydb.Driver) *mixed {
	return &mixed{db: sql.OpenDB(ydb.MustConnector(drv, ydb.WithNumericArgs()))}
}

func (m *mixed) expire(ctx context.Context, sessionID string) error {
	_, err := m.db.ExecContext(ctx, "UPSERT INTO sessions (user_id, session_id) VALUES (?, ?)", sql.NullInt64{}, sessionID)
	return err
}

func main() {
	ctx := context.Background()
	drv, err := ydb.Open(ctx, os.Getenv("YDB_CONNECTION_STRING"))
	if err != nil {
		panic(err)
	}
	defer drv.Close(ctx)

	c, err := ydb.Connector(drv, ydb.WithPositionalArgs(), ydb.WithAutoDeclare())
	if err != nil {
		panic(err)
	}
	defer c.Close()
	db := sql.OpenDB(c)
	defer db.Close()

	id := uint64(len(os.Args))
	_ = saveSession(ctx, db, &id, "a")
	_ = saveAnonymous(ctx, db, "b")
	_ = saveUser(ctx, db, id, "c")

	s := newStore(drv)
	_ = s.expire(ctx, "d")
	_ = s.renew(ctx, id, "e")

	m := newPositional(drv)
	if len(os.Args) > 2 {
		m = newNumeric(drv)
	}
	_ = m.expire(ctx, "f")
}
