// Package reader queries tables that only cmd/setup creates.
package reader

import (
	"context"
	"fmt"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Reader reads the archive and the services.
type Reader struct{ db *ydb.Driver }

// New wires the reader.
func New(db *ydb.Driver) *Reader { return &Reader{db: db} }

// ArchivedNotes filters on a column that is not the key.
func (r *Reader) ArchivedNotes(ctx context.Context, note string) error {
	_, err := r.db.Query().QueryResultSet(ctx, "DECLARE $note AS Utf8; SELECT order_id FROM orders_archive WHERE note = $note", // want `SELECT reads every partition of orders_archive\b.*table orders_archive, primary key \(order_id\) \(schema: cmd/setup/main.go:59\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$note").Text(note).Build()))
	return err
}

// Archived reads by the key: fine.
func (r *Reader) Archived(ctx context.Context, id uint64) error {
	_, err := r.db.Query().QueryResultSet(ctx, "DECLARE $id AS Uint64; SELECT note FROM orders_archive WHERE order_id = $id",
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
	return err
}

// Services reads by the key: fine.
func (r *Reader) Services(ctx context.Context, name string) error {
	_, err := r.db.Query().QueryResultSet(ctx, "DECLARE $n AS Utf8; SELECT service_name FROM service_names WHERE service_name = $n",
		query.WithParameters(ydb.ParamsBuilder().Param("$n").Text(name).Build()))
	return err
}

// SpansOfTrace forgets the hash prefix of spans: every partition is read.
func (r *Reader) SpansOfTrace(ctx context.Context, trace string) error {
	_, err := r.db.Query().QueryResultSet(ctx, "DECLARE $t AS Utf8; SELECT payload FROM spans WHERE trace_id = $t", // want `SELECT reads every partition of spans\b.*table spans, primary key \(trace_hash, trace_id, span_id\) \(schema: schema/schema.go:37\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$t").Text(trace).Build()))
	return err
}

// RecentTags reads today's tag index without its hash: every partition of
// the day's table is read. The table's name is made at run time, the same
// way cmd/setup makes it.
func (r *Reader) RecentTags(ctx context.Context, since int64) error {
	day := time.Now().Format("20060102")
	q := fmt.Sprintf("DECLARE $t AS Int64; SELECT trace_ids FROM `tag_index_%s` WHERE rev_start_time > $t", day) // want `SELECT reads every partition of tag_index_\*:.*table tag_index_\*, primary key \(idx_hash, rev_start_time\)`
	_, err := r.db.Query().QueryResultSet(ctx, q,
		query.WithParameters(ydb.ParamsBuilder().Param("$t").Int64(since).Build()))
	return err
}

// TagsOf reads the day's index by its hash: fine.
func (r *Reader) TagsOf(ctx context.Context, hash uint64) error {
	day := time.Now().Format("20060102")
	q := fmt.Sprintf("DECLARE $h AS Uint64; SELECT trace_ids FROM `tag_index_%s` WHERE idx_hash = $h", day)
	_, err := r.db.Query().QueryResultSet(ctx, q,
		query.WithParameters(ydb.ParamsBuilder().Param("$h").Uint64(hash).Build()))
	return err
}
