// Package spans writes trace spans with SDK v3.42.7 (ydb.Connection, the
// table service only).
package spans

import (
	"context"
	"fmt"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/sdkusage_v3_42/retryerr/spanerr"
)

const upsertSpan = "DECLARE $id AS Uint64; DECLARE $name AS Utf8; UPSERT INTO spans (id, name) VALUES ($id, $name);"

type Writer struct{ db ydb.Connection }

func New(db ydb.Connection) *Writer { return &Writer{db: db} }

func spanParams(id uint64, name string) *table.QueryParameters {
	return table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id)), table.ValueParam("$name", types.UTF8Value(name)))
}

// Write keeps the cause in a value type without Unwrap.
func (w *Writer) Write(ctx context.Context, id uint64, name string) error {
	return w.db.Table().DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
		if _, err := tx.Execute(ctx, upsertSpan, spanParams(id, name)); err != nil {
			return spanerr.WriteError{Table: "spans", Cause: err} // want `spanerr.WriteError holds the error of TransactionActor.Execute but has no Unwrap: not retried; the closure returns it, and table.Client.DoTx finds no YDB status`
		}
		return nil
	})
}

// WriteFixed is Write's correct twin.
func (w *Writer) WriteFixed(ctx context.Context, id uint64, name string) error {
	return w.db.Table().DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
		if _, err := tx.Execute(ctx, upsertSpan, spanParams(id, name)); err != nil {
			return spanerr.StoreError{Table: "spans", Cause: err}
		}
		return nil
	})
}

// upsert writes one span on the session it is given.
func upsert(ctx context.Context, s table.Session, id uint64, name string) error { // want upsert:"carriesSDKError\\(Session.Execute\\)"
	_, _, err := s.Execute(ctx, table.DefaultTxControl(), upsertSpan, spanParams(id, name))
	return err
}

// WriteMany formats the helper's SDK error with %q.
func (w *Writer) WriteMany(ctx context.Context, names map[uint64]string) error {
	return w.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		for id, name := range names {
			if err := upsert(ctx, s, id, name); err != nil {
				return fmt.Errorf("span %d: %q", id, err) // want `fmt.Errorf formats the error of spans.upsert without %w: not retried; the closure returns it, and table.Client.Do finds no YDB status .*; spans.upsert returns the error of Session.Execute \(spans.go:\d+\);`
			}
		}
		return nil
	})
}

// WriteManyFixed is WriteMany's correct twin.
func (w *Writer) WriteManyFixed(ctx context.Context, names map[uint64]string) error {
	return w.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		for id, name := range names {
			if err := upsert(ctx, s, id, name); err != nil {
				return fmt.Errorf("span %d: %w", id, err)
			}
		}
		return nil
	})
}
