// Package audit reads a tenant's audit log with SDK v3.42.7, before
// ydb.WithExecuteDataQueryOverQueryClient existed (v3.99.0): every data
// query is capped at 1000 rows whoever opens the driver.
package audit

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result/named"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Entry is one audit record.
type Entry struct {
	Seq    uint64
	Action string
}

// Log reads audit entries.
type Log struct{ db ydb.Connection }

func NewLog(db ydb.Connection) *Log { return &Log{db: db} }

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

// All returns a tenant's whole log: it fails once the tenant has more than
// 1000 entries.
func (l *Log) All(ctx context.Context, tenant string) ([]Entry, error) {
	var out []Entry
	err := l.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, `DECLARE $tenant AS Utf8;
SELECT seq, action FROM audit_log WHERE tenant = $tenant ORDER BY seq;`, // want `SELECT from audit_log may return more than 1000 rows through table.Session.Execute: no LIMIT; .* returns the "truncated result" error.*; it reads table audit_log, primary key .*`
			table.NewQueryParameters(table.ValueParam("$tenant", types.UTF8Value(tenant))))
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var e Entry
				if err := res.ScanNamed(named.OptionalWithDefault("seq", &e.Seq), named.OptionalWithDefault("action", &e.Action)); err != nil {
					return err
				}
				out = append(out, e)
			}
		}
		return res.Err()
	})
	return out, err
}

// Since is All's correct twin: a page after a sequence number.
func (l *Log) Since(ctx context.Context, tenant string, after uint64) ([]Entry, error) {
	var out []Entry
	err := l.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, `DECLARE $tenant AS Utf8; DECLARE $after AS Uint64;
$page = 1000;
SELECT seq, action FROM audit_log WHERE tenant = $tenant AND seq > $after ORDER BY seq LIMIT $page;`,
			table.NewQueryParameters(table.ValueParam("$tenant", types.UTF8Value(tenant)), table.ValueParam("$after", types.Uint64Value(after))))
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var e Entry
				if err := res.ScanNamed(named.OptionalWithDefault("seq", &e.Seq), named.OptionalWithDefault("action", &e.Action)); err != nil {
					return err
				}
				out = append(out, e)
			}
		}
		return res.Err()
	})
	return out, err
}
