// Package spanidx stores spans in daily tables keyed by a hash of the
// trace id. Statements are picked by name from package queries and the
// name is handed down through helpers that fan out over days, the way
// jaeger-ydb-store's span reader does: each caller's constant name decides
// which statement runs, so findings point at that name.
package spanidx

import (
	"context"
	"sync"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/rules/hashprefix/spanidx/queries"
)

var rw = table.TxControl(table.BeginTx(table.WithSerializableReadWrite()), table.CommitTx())

// Store reads and writes spans under one folder.
type Store struct {
	db     *ydb.Driver
	folder string
}

// New wires a Store.
func New(db *ydb.Driver, folder string) *Store { return &Store{db: db, folder: folder} }

func (s *Store) exec(ctx context.Context, q string, params ...table.ParameterOption) error {
	return s.db.Table().Do(ctx, func(ctx context.Context, sess table.Session) error {
		_, res, err := sess.Execute(ctx, rw, q, table.NewQueryParameters(params...))
		if err != nil {
			return err
		}
		return res.Close()
	})
}

func (s *Store) onDay(ctx context.Context, name string, d queries.Day, params ...table.ParameterOption) error {
	return s.exec(ctx, queries.Build(name, s.folder, d), params...)
}

func (s *Store) overDays(ctx context.Context, name string, days []queries.Day, params ...table.ParameterOption) error {
	var wg sync.WaitGroup
	errs := make([]error, len(days))
	for i, d := range days {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.onDay(ctx, name, d, params...)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// Span is one stored span.
type Span struct {
	TraceID string
	SpanID  uint64
	Payload []byte
	Day     queries.Day
}

// Put writes a span; the statement's hash is the evidence.
func (s *Store) Put(ctx context.Context, sp Span) error {
	return s.onDay(ctx, "put-span", sp.Day,
		table.ValueParam("$trace_id", types.UTF8Value(sp.TraceID)),
		table.ValueParam("$span_id", types.Uint64Value(sp.SpanID)),
		table.ValueParam("$payload", types.BytesValue(sp.Payload)))
}

// Get reads one span by its full key.
func (s *Store) Get(ctx context.Context, traceID string, spanID uint64, d queries.Day) error {
	return s.onDay(ctx, "get-span", d,
		table.ValueParam("$trace_id", types.UTF8Value(traceID)),
		table.ValueParam("$span_id", types.Uint64Value(spanID)))
}

// Trace reads every span of a trace over the days asked for, with a
// statement that forgets the hash.
func (s *Store) Trace(ctx context.Context, traceID string, days []queries.Day) error {
	return s.overDays(ctx, "spans-of-trace", days, table.ValueParam("$trace_id", types.UTF8Value(traceID))) // want `SELECT binds trace_id but not the hash-prefix column trace_hash of trace_spans_\*:.*table trace_spans_\*`
}

// TraceKeyed is the correct twin of Trace.
func (s *Store) TraceKeyed(ctx context.Context, traceID string, days []queries.Day) error {
	return s.overDays(ctx, "spans-of-trace-keyed", days, table.ValueParam("$trace_id", types.UTF8Value(traceID)))
}

// TraceEither picks the statement by a flag: reported once, for the one of
// the two ways that forgets the hash, at the name passed.
func (s *Store) TraceEither(ctx context.Context, traceID string, days []queries.Day, fast bool) error {
	name := "spans-of-trace-keyed"
	if fast {
		name = "spans-of-trace"
	}
	return s.overDays(ctx, name, days, table.ValueParam("$trace_id", types.UTF8Value(traceID))) // want `SELECT binds trace_id but not the hash-prefix column trace_hash of trace_spans_\*:.*table trace_spans_\*`
}
