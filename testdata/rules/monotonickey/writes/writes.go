// Package writes holds monotonickey cases.
package writes

import (
	"context"
	"database/sql"
	"time"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

// Schema: a Timestamp leads the key of audit. Reported once, at the first write.
func Audit(ctx context.Context, db *ydb.Driver, id uint64) {
	p := query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build())
	_ = db.Query().Exec(ctx, "UPSERT INTO audit (created_at, id) VALUES (CurrentUtcTimestamp(), $id)", p) // want `key of audit leads with created_at, of type Timestamp: one partition takes every insert; Timestamp is a time type.*; table audit, primary key \(created_at, id\) \(schema: migrations/00004_monotonickey.sql:5\)`
	_ = db.Query().Exec(ctx, "UPSERT INTO audit (created_at, id) VALUES (CurrentUtcTimestamp(), $id)", p)
}

// Value flow: an integer key filled from the clock.
func Seq(ctx context.Context, db *ydb.Driver) {
	_ = db.Query().Exec(ctx, "UPSERT INTO seqs (seq, payload) VALUES (CAST(CurrentUtcTimestamp() AS Uint64), 'x')") // want `UPSERT fills leading key column seq of seqs with a value that grows with time; the value is CurrentUtcTimestamp\(\)`
}

func SeqFromGo(ctx context.Context, db *sql.DB) {
	_, _ = db.ExecContext(ctx, "UPSERT INTO seqs (seq, payload) VALUES ($s, 'x')", sql.Named("s", uint64(time.Now().UnixNano()))) // want `UPSERT fills leading key column seq of seqs with a value that grows with time; the value is \$s bound to time.Now`
}

func Bulk(ctx context.Context, c table.Client) error {
	return c.BulkUpsert(ctx, "seqs", table.BulkUpsertDataRows(types.ListValue(types.StructValue(
		types.StructFieldValue("seq", types.Uint64Value(uint64(time.Now().Unix()))), // want `BulkUpsert fills leading key column seq of seqs with a value that grows with time; the value is from time.Now`
		types.StructFieldValue("payload", types.TextValue("x")),
	))))
}

// Clean: a hash prefix before a Serial, random and v7 UUIDs, column tables.
func Clean(ctx context.Context, db *ydb.Driver) {
	c := db.Query()
	_ = c.Exec(ctx, "INSERT INTO items (item_hash, name) VALUES (Digest::NumericHash(1), 'x')")
	_ = c.Exec(ctx, "UPSERT INTO docs (id, body) VALUES (RandomUuid(1), 'x')")
	_ = c.Exec(ctx, "UPSERT INTO docs (id, body) VALUES (Uuid::newV7(), 'x')")
	_ = c.Exec(ctx, "UPSERT INTO samples (ts, host) VALUES (CurrentUtcTimestamp(), 'h')")
	_ = c.Exec(ctx, "UPSERT INTO seqs (seq, payload) VALUES (42, 'x')")
}

// Uuid::newV8ColumnKey is chronological in YDB's byte order.
func ColumnKey(ctx context.Context, db *ydb.Driver) {
	_ = db.Query().Exec(ctx, "UPSERT INTO docs (id, body) VALUES (Uuid::newV8ColumnKey(), 'x')") // want `UPSERT fills leading key column id of docs with a value that grows with time; the value is Uuid::newV8ColumnKey`
}
