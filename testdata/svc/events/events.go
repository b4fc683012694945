// Package events logs user events. The table is well keyed; its secondary
// indexes are not all.
package events

import (
	"context"
	"path"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Repo writes events.
type Repo struct{ db *ydb.Driver }

// New wires the repository.
func New(db *ydb.Driver) *Repo { return &Repo{db: db} }

func eventOptions() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("user_id", types.TypeUint64),
		options.WithColumn("event_id", types.TypeUint64),
		options.WithColumn("created_at", types.Optional(types.TypeTimestamp)),
		options.WithColumn("ts", types.Optional(types.TypeUint64)),
		options.WithColumn("seq", types.Optional(types.TypeUint64)),
		options.WithColumn("kind", types.Optional(types.TypeUTF8)),
		options.WithPrimaryKeyColumn("user_id", "event_id"),
		options.WithIndex("created_at_idx", options.WithIndexColumns("created_at")),
		options.WithIndex("ts_idx", options.WithIndexColumns("ts"), options.WithIndexType(options.GlobalAsyncIndex())),
		options.WithIndex("seq_idx", options.WithIndexColumns("seq")),
		options.WithIndex("user_time_idx", options.WithIndexColumns("user_id", "created_at")),
	}
}

// Create makes the table.
func (r *Repo) Create(ctx context.Context) error {
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.CreateTable(ctx, path.Join(r.db.Name(), "events"), eventOptions()...)
	})
}

// Log writes an event now: created_at_idx leads with a Timestamp (schema),
// ts_idx with an epoch filled from the clock (value flow).
func (r *Repo) Log(ctx context.Context, user, id uint64, kind string) error {
	now := time.Now()
	return r.db.Query().Exec(ctx, `
DECLARE $user AS Uint64; DECLARE $id AS Uint64; DECLARE $at AS Timestamp; DECLARE $ts AS Uint64; DECLARE $seq AS Uint64; DECLARE $kind AS Utf8;
UPSERT INTO events (user_id, event_id, created_at, ts, seq, kind) VALUES ($user, $id, $at, $ts, $seq, $kind)`, // want `index created_at_idx of events leads with created_at, of type Timestamp: one index partition takes every insert; Timestamp is a time type.*; it is the GLOBAL index created_at_idx \(schema: events/events.go:32\) on table events, primary key \(user_id, event_id\) \(schema: events/events.go:31\).*INDEX created_at_idx GLOBAL ON \(user_id, created_at\)` `UPSERT fills ts, the leading column of index ts_idx, with a value that grows with time; the value is \$ts bound to time.Now: .*it is the GLOBAL ASYNC index ts_idx \(schema: events/events.go:33\) `
		query.WithParameters(ydb.ParamsBuilder().
			Param("$user").Uint64(user).
			Param("$id").Uint64(id).
			Param("$at").Timestamp(now).
			Param("$ts").Uint64(uint64(now.Unix())).
			Param("$seq").Uint64(id).
			Param("$kind").Text(kind).
			Build()))
}

// Import writes a past event: ts comes from the caller, not the clock, and
// seq_idx leads with a plain Uint64 — nothing to report beyond the schema
// (already reported once, at Log).
func (r *Repo) Import(ctx context.Context, user, id, ts uint64, at time.Time) error {
	return r.db.Query().Exec(ctx, `
DECLARE $user AS Uint64; DECLARE $id AS Uint64; DECLARE $at AS Timestamp; DECLARE $ts AS Uint64;
UPSERT INTO events (user_id, event_id, created_at, ts) VALUES ($user, $id, $at, $ts)`,
		query.WithParameters(ydb.ParamsBuilder().
			Param("$user").Uint64(user).
			Param("$id").Uint64(id).
			Param("$at").Timestamp(at).
			Param("$ts").Uint64(ts).
			Build()))
}

// Bulk loads rows; each row's ts is stamped with the clock.
func (r *Repo) Bulk(ctx context.Context, users []uint64) error {
	rows := make([]types.Value, 0, len(users))
	for i, u := range users {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("user_id", types.Uint64Value(u)),
			types.StructFieldValue("event_id", types.Uint64Value(uint64(i))),
			types.StructFieldValue("ts", types.OptionalValue(types.Uint64Value(uint64(time.Now().Unix())))), // want `BulkUpsert fills ts, the leading column of index ts_idx, with a value that grows with time; the value is from time.Now.*it is the GLOBAL ASYNC index ts_idx`
		))
	}
	return r.db.Table().BulkUpsert(ctx, path.Join(r.db.Name(), "events"), table.BulkUpsertDataRows(types.ListValue(rows...)))
}
