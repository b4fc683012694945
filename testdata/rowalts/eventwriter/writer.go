// Package eventwriter appends audit events to per-kind tables.
package eventwriter

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/rowalts/eventidx"
)

type appender struct {
	pool  table.Client
	table string
}

func newAppender(pool table.Client, table string) *appender {
	return &appender{pool: pool, table: table}
}

func (a *appender) append(ctx context.Context, evs []eventidx.Event) error {
	rows := make([]types.Value, 0, len(evs))
	for _, ev := range evs {
		rows = append(rows, types.StructValue(ev.Row()...)) // want `BulkUpsert fills leading key column ts of evt_login with a value that grows with time; the value is from time.Now: .*every table the path may name \(/local/audit/evt_login .*/local/audit/evt_logout .*\).*the row's fields come from \(eventidx.login\).Row` `BulkUpsert fills leading key column ts of evt_log(in|out) with a value that grows with time; .*every table .*the row's fields come from \(eventidx.logout\).Row`
	}
	return a.pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, a.table, types.ListValue(rows...))
	})
}

// shardedAppender writes to tables of which only some lead with the
// clock: which row goes where is not known, so nothing is reported.
type shardedAppender struct {
	pool  table.Client
	table string
}

func newShardedAppender(pool table.Client, table string) *shardedAppender {
	return &shardedAppender{pool: pool, table: table}
}

func (a *shardedAppender) append(ctx context.Context, evs []eventidx.Event) error {
	rows := make([]types.Value, 0, len(evs))
	for _, ev := range evs {
		rows = append(rows, types.StructValue(ev.Row()...))
	}
	return a.pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, a.table, types.ListValue(rows...))
	})
}

// Record writes the events of both kinds.
func Record(ctx context.Context, pool table.Client, logins, logouts []eventidx.Event) error {
	for _, err := range []error{
		newAppender(pool, "audit/evt_login").append(ctx, logins),
		newAppender(pool, "audit/evt_logout").append(ctx, logouts),
		newShardedAppender(pool, "audit/evh_logout").append(ctx, logouts),
		newShardedAppender(pool, "audit/evh_login").append(ctx, logins),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}
