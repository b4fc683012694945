// Package implrows writes audit events with BulkUpsert to the table of the
// writer's kind.
package implrows

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/app/implrows/events"
)

type writer struct {
	pool      table.Client
	tableName string
}

func newWriter(pool table.Client, tableName string) *writer {
	return &writer{pool: pool, tableName: tableName}
}

func (w *writer) write(ctx context.Context, evs []events.Event) error {
	var rows []types.Value
	for i, ev := range evs {
		fields := append(ev.Fields(), types.StructFieldValue("seq", types.Uint64Value(uint64(i))))
		rows = append(rows, types.StructValue(fields...))
	}
	return w.pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, w.tableName, types.ListValue(rows...)) // want `kind=bulkupsert tables=\["audit/logins","audit/logouts"\] .*row\{user:Utf8 const=false,at:Timestamp const=false,seq:Uint64 const=false\}@\(events.login\).Fields at events.go:25:2 row\{user:Utf8 const=false,reason:Utf8\?null,seq:Uint64 const=false\}@\(\*events.logout\).Fields at events.go:37:2 row-alternatives`
	})
}

// writeLabeled writes labeled records: one implementation's fields are
// not known, so no row is.
func writeLabeled(ctx context.Context, pool table.Client, ls []events.Labeled) error {
	var rows []types.Value
	for _, l := range ls {
		rows = append(rows, types.StructValue(l.Columns()...))
	}
	return pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, "audit/labels", types.ListValue(rows...)) // want `kind=bulkupsert table="audit/labels" .*row\{\} rows\?`
	})
}

// Run wires one writer per audit table.
func Run(ctx context.Context, pool table.Client, evs []events.Event, ls []events.Labeled) error {
	logins := newWriter(pool, "audit/logins")
	logouts := newWriter(pool, "audit/logouts")
	if err := logins.write(ctx, evs); err != nil {
		return err
	}
	if err := logouts.write(ctx, evs); err != nil {
		return err
	}
	return writeLabeled(ctx, pool, ls)
}
