// Package search writes span index records through one batching
// writer per index (the table is a field its constructor sets) and
// searches the same index tables. The records come from several
// implementations of spanidx.Indexable, every one of which sets idx_hash to
// a bucketed hash of fields that are not key columns: that is the only
// evidence the index tables are hash-prefixed, and it holds for every
// table the writer may name.
package search

import (
	"context"
	"hash/fnv"
	"math/rand"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/bucketalts/spanidx"
)

type writer struct {
	pool      table.Client
	folder    string
	tableName string
	rnd       *rand.Rand
}

func newWriter(pool table.Client, folder, tableName string) *writer {
	return &writer{pool: pool, folder: folder, tableName: tableName, rnd: rand.New(rand.NewSource(7))}
}

func (w *writer) write(ctx context.Context, items []spanidx.Indexable, traceIDs [][]byte) error {
	rows := make([]types.Value, 0, len(items))
	for i, item := range items {
		fields := item.StructFields(uint8(i % 8))
		fields = append(fields,
			types.StructFieldValue("uniq", types.Uint32Value(w.rnd.Uint32())),
			types.StructFieldValue("trace_ids", types.BytesValue(traceIDs[i])),
		)
		rows = append(rows, types.StructValue(fields...))
	}
	return w.pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(w.folder, w.tableName), types.ListValue(rows...))
	})
}

// Store writes and searches the span indexes of one folder.
type Store struct {
	pool                      table.Client
	folder                    string
	tags, services, durations *writer
}

// New wires a Store.
func New(pool table.Client, folder string) *Store {
	return &Store{
		pool:      pool,
		folder:    folder,
		tags:      newWriter(pool, folder, "tix_tag"),
		services:  newWriter(pool, folder, "tix_service"),
		durations: newWriter(pool, folder, "tix_duration"),
	}
}

// Index writes the index records of a batch of spans.
func (st *Store) Index(ctx context.Context, spans []spanidx.Span, traceIDs [][]byte) error {
	var tags, services, durations []spanidx.Indexable
	for _, s := range spans {
		for k, v := range s.Tags {
			tags = append(tags, spanidx.NewTagIndex(s, k, v))
		}
		services = append(services, spanidx.NewServiceIndex(s))
		durations = append(durations, spanidx.NewDurationIndex(s))
	}
	if err := st.tags.write(ctx, tags, traceIDs); err != nil {
		return err
	}
	if err := st.services.write(ctx, services, traceIDs); err != nil {
		return err
	}
	return st.durations.write(ctx, durations, traceIDs)
}

var ro = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

func (st *Store) query(ctx context.Context, q string, values ...table.ParameterOption) error {
	return st.pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, ro, q, table.NewQueryParameters(values...))
		if err != nil {
			return err
		}
		return res.Close()
	})
}

// Recent lists the newest entries of the service index, ignoring the
// hash the writer spreads them by.
func (st *Store) Recent(ctx context.Context, since int64) error {
	return st.query(ctx, `DECLARE $since AS Int64;
SELECT trace_ids FROM tix_service WHERE rev_start_time <= 0 - $since`, // want `SELECT binds rev_start_time but not the hash-prefix column idx_hash of tix_service\b.*table tix_service, .*bind idx_hash to the same hash as the write at search/search.go:\d+ \(spanidx.bucketHash\)`
		table.ValueParam("$since", types.Int64Value(since)))
}

// serviceHash is the service index's bucketed hash (spanidx hashes the
// same way when it builds the rows).
func serviceHash(bucket uint8, service string) uint64 {
	h := fnv.New64a()
	h.Write([]byte{bucket})
	h.Write([]byte(service))
	return h.Sum64()
}

// ByService reads one bucket of the service index: silent.
func (st *Store) ByService(ctx context.Context, service string, bucket uint8, since int64) error {
	return st.query(ctx, `DECLARE $hash AS Uint64; DECLARE $since AS Int64;
SELECT trace_ids FROM tix_service WHERE idx_hash = $hash AND rev_start_time <= 0 - $since`,
		table.ValueParam("$hash", types.Uint64Value(serviceHash(bucket, service))),
		table.ValueParam("$since", types.Int64Value(since)))
}
