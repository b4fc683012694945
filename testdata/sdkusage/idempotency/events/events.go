// Package events records events and visits under the idempotency flag;
// the generated-key findings need -strict.
package events

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Schema is the tables' DDL, applied by the service's migrate step.
const Schema = `
CREATE TABLE events (id Utf8 NOT NULL, payload Utf8, PRIMARY KEY (id));
CREATE TABLE visits (user_id Utf8 NOT NULL, at Timestamp NOT NULL, PRIMARY KEY (user_id, at));
`

const (
	insertEvent = `DECLARE $id AS Utf8; DECLARE $payload AS Utf8;
UPSERT INTO events (id, payload) VALUES ($id, $payload);`
	insertVisit = `DECLARE $user AS Utf8;
UPSERT INTO visits (user_id, at) VALUES ($user, CurrentUtcTimestamp());`
	insertVisitAt = `DECLARE $user AS Utf8; DECLARE $at AS Timestamp;
UPSERT INTO visits (user_id, at) VALUES ($user, $at);`
)

// Migrate creates the tables.
func Migrate(ctx context.Context, db *ydb.Driver) error {
	return db.Query().Exec(ctx, Schema)
}

// Log writes events.
type Log struct{ db *ydb.Driver }

// NewLog returns a log on db.
func NewLog(db *ydb.Driver) *Log { return &Log{db: db} }

// Record generates the event's key inside the retried closure: a replay
// writes a second event.
func (l *Log) Record(ctx context.Context, payload string) error {
	return l.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		id := uuid.New().String()
		return tx.Exec(ctx, insertEvent, query.WithParameters(ydb.ParamsBuilder().
			Param("$id").Text(id).Param("$payload").Text(payload).Build()))
	}, query.WithIdempotent()) // want `query.WithIdempotent\(\) marks query.Client.DoTx idempotent, but each attempt generates a new key; .*; it runs UPSERT INTO events with key column id from uuid.New\(\) .*, a key generated anew on every attempt;`
}

// RecordOnce is Record's correct twin: the key is generated once, before
// the retried call, so a replay overwrites the same row.
func (l *Log) RecordOnce(ctx context.Context, payload string) error {
	id := uuid.New().String()
	return l.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		return tx.Exec(ctx, insertEvent, query.WithParameters(ydb.ParamsBuilder().
			Param("$id").Text(id).Param("$payload").Text(payload).Build()))
	}, query.WithIdempotent())
}

// Visit keys the row by the server's clock.
func (l *Log) Visit(ctx context.Context, user string) error {
	return l.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		return tx.Exec(ctx, insertVisit, query.WithParameters(ydb.ParamsBuilder().Param("$user").Text(user).Build()))
	}, query.WithIdempotent()) // want `query.WithIdempotent\(\) marks query.Client.DoTx idempotent, but each attempt generates a new key; .*; it runs UPSERT INTO visits with key column at from CurrentUtcTimestamp\(\)`
}

// VisitAt is Visit's correct twin: the caller's time is the key.
func (l *Log) VisitAt(ctx context.Context, user string, at time.Time) error {
	return l.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		return tx.Exec(ctx, insertVisitAt, query.WithParameters(ydb.ParamsBuilder().
			Param("$user").Text(user).Param("$at").Timestamp(at).Build()))
	}, query.WithIdempotent())
}
