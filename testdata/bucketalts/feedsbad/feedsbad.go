// Package feedsbad is feeds with an importer of the old feed format: its
// records leave idx_hash out. The batching writer sends a record to the
// table its constructor names, feed_op or feed_tag; a record that fits
// both is told what each table's own evidence shows (feedidx.OpHash for
// feed_op, feedidx.TagHash for feed_tag), one with tag_key, a key column
// only feed_tag has, is told feed_tag's hash alone.
package feedsbad

import (
	"context"
	"math/rand"
	"path"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/bucketalts/feedidx"
)

type writer struct {
	pool      table.Client
	folder    string
	tableName string
	rnd       *rand.Rand
}

func newWriter(pool table.Client, folder, tableName string) *writer {
	return &writer{pool: pool, folder: folder, tableName: tableName, rnd: rand.New(rand.NewSource(5))}
}

func (w *writer) write(ctx context.Context, recs []feedidx.Record, eventIDs [][]byte) error {
	rows := make([]types.Value, 0, len(recs))
	for i, r := range recs {
		fields := r.Fields(uint8(i % 4))
		fields = append(fields,
			types.StructFieldValue("uniq", types.Uint32Value(w.rnd.Uint32())),
			types.StructFieldValue("event_ids", types.BytesValue(eventIDs[i])),
		)
		rows = append(rows, types.StructValue(fields...)) // want `BulkUpsert row has rev_start_time but not the hash-prefix column idx_hash of every table the path may name; every table the path may name .*add a field idx_hash holding what each table's evidence shows: for feed_op, the same hash as the read at feedsbad/feedsbad.go:\d+ \(feedidx.OpHash\); for feed_tag, the same hash as the read at feedsbad/feedsbad.go:\d+ \(feedidx.TagHash\).*the row's fields come from \(feedsbad.oldOp\).Fields` `BulkUpsert row has rev_start_time but not the hash-prefix column idx_hash of feed_tag\b.*table feed_tag, .*, the only table the path may name with a column for every field of the row; add a field idx_hash holding the same hash as the read at feedsbad/feedsbad.go:\d+ \(feedidx.TagHash\); the row's fields come from \(feedsbad.oldTag\).Fields`
	}
	return w.pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(w.folder, w.tableName), types.ListValue(rows...))
	})
}

// OldEvent is an event of the old feed format.
type OldEvent struct {
	At       time.Time
	TagKey   string
	EventIDs [][]byte
}

type oldOp struct{ at time.Time }

func (o oldOp) Fields(uint8) []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("rev_start_time", types.Int64Value(-o.at.UnixNano())),
	}
}

type oldTag struct {
	at  time.Time
	key string
}

func (o oldTag) Fields(uint8) []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("rev_start_time", types.Int64Value(-o.at.UnixNano())),
		types.StructFieldValue("tag_key", types.TextValue(o.key)),
	}
}

// Feed writes and lists the indexes of one folder.
type Feed struct {
	pool      table.Client
	ops, tags *writer
}

// New wires a Feed.
func New(pool table.Client, folder string) *Feed {
	return &Feed{pool: pool, ops: newWriter(pool, folder, "feed_op"), tags: newWriter(pool, folder, "feed_tag")}
}

// Index writes the records of a batch of events: silent.
func (f *Feed) Index(ctx context.Context, events []feedidx.Event, eventIDs [][]byte) error {
	var ops, tags []feedidx.Record
	for _, e := range events {
		ops = append(ops, feedidx.NewOpRecord(e))
		for k, v := range e.Tags {
			tags = append(tags, feedidx.NewTagRecord(e, k, v))
		}
	}
	if err := f.ops.write(ctx, ops, eventIDs); err != nil {
		return err
	}
	return f.tags.write(ctx, tags, eventIDs)
}

// Import writes old events to both indexes without their hashes.
func (f *Feed) Import(ctx context.Context, old []OldEvent) error {
	for _, e := range old {
		if err := f.ops.write(ctx, []feedidx.Record{oldOp{at: e.At}}, e.EventIDs); err != nil {
			return err
		}
		if err := f.tags.write(ctx, []feedidx.Record{oldTag{at: e.At, key: e.TagKey}}, e.EventIDs); err != nil {
			return err
		}
	}
	return nil
}

var ro = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

func (f *Feed) list(ctx context.Context, q string, values ...table.ParameterOption) error {
	return f.pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, ro, q, table.NewQueryParameters(values...))
		if err != nil {
			return err
		}
		return res.Close()
	})
}

// OperationFeed reads one bucket of one operation: silent.
func (f *Feed) OperationFeed(ctx context.Context, service, op string, bucket uint8, since int64) error {
	return f.list(ctx, `DECLARE $hash AS Uint64; DECLARE $since AS Int64;
SELECT event_ids FROM feed_op WHERE idx_hash = $hash AND rev_start_time <= 0 - $since`,
		table.ValueParam("$hash", types.Uint64Value(feedidx.OpHash(bucket, service, op))),
		table.ValueParam("$since", types.Int64Value(since)))
}

// TagFeed reads one bucket of one tag: silent.
func (f *Feed) TagFeed(ctx context.Context, key, value string, bucket uint8, since int64) error {
	return f.list(ctx, `DECLARE $hash AS Uint64; DECLARE $since AS Int64;
SELECT event_ids FROM feed_tag WHERE idx_hash = $hash AND rev_start_time <= 0 - $since`,
		table.ValueParam("$hash", types.Uint64Value(feedidx.TagHash(bucket, key, value))),
		table.ValueParam("$since", types.Int64Value(since)))
}
