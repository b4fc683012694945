// Package traces reads and counts trace spans with SDK v3.42.7
// (ydb.Connection, table.WithIdempotent() without arguments).
package traces

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

const (
	selectSpan = "DECLARE $id AS Uint64; SELECT name FROM spans WHERE id = $id;"
	countHit   = "DECLARE $name AS Utf8; UPDATE span_names SET hits = hits + 1 WHERE name = $name;"
)

// Reader reads spans.
type Reader struct{ db ydb.Connection }

// New returns a reader on db.
func New(db ydb.Connection) *Reader { return &Reader{db: db} }

func (r *Reader) name(ctx context.Context, s table.Session, id uint64) (name string, err error) {
	_, res, err := s.Execute(ctx, table.DefaultTxControl(), selectSpan,
		table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
	if err != nil {
		return "", err
	}
	defer func() { _ = res.Close() }()
	for res.NextResultSet(ctx) {
		for res.NextRow() {
			if err := res.ScanWithDefaults(&name); err != nil {
				return "", err
			}
		}
	}
	return name, res.Err()
}

// Name reads without the flag.
func (r *Reader) Name(ctx context.Context, id uint64) (name string, err error) {
	err = r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error { // want `table.Client.Do runs a read-only closure without table.WithIdempotent\(\); .*; every statement of the closure only reads`
		name, err = r.name(ctx, s, id)
		return err
	})
	return name, err
}

// NameIdempotent is Name's correct twin.
func (r *Reader) NameIdempotent(ctx context.Context, id uint64) (name string, err error) {
	err = r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		name, err = r.name(ctx, s, id)
		return err
	}, table.WithIdempotent())
	return name, err
}

// Hit counts a hit and calls it idempotent.
func (r *Reader) Hit(ctx context.Context, name string) error {
	return r.db.Table().DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
		_, err := tx.Execute(ctx, countHit, table.NewQueryParameters(table.ValueParam("$name", types.UTF8Value(name))))
		return err
	}, table.WithIdempotent()) // want `table.WithIdempotent\(\) marks table.Client.DoTx idempotent, but it adds to a value it overwrites; .*; it runs UPDATE span_names SET hits = hits \+ …`
}

// HitOnce is Hit's correct twin.
func (r *Reader) HitOnce(ctx context.Context, name string) error {
	return r.db.Table().DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
		_, err := tx.Execute(ctx, countHit, table.NewQueryParameters(table.ValueParam("$name", types.UTF8Value(name))))
		return err
	})
}
