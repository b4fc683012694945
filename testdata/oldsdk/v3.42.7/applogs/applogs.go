// Package applogs keeps the logs of the platform's applications through
// the table service of v3.42.7: the application's name is bound from Go
// constants with table.ValueParam, the time is the server's clock.
package applogs

import (
	"context"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// The applications that log.
const (
	AppAPI    = "api"
	AppWorker = "worker"
	AppCron   = "cron"
)

var rw = table.TxControl(table.BeginTx(table.WithSerializableReadWrite()), table.CommitTx())

const appendLog = `DECLARE $app AS Utf8; DECLARE $host AS Utf8; DECLARE $message AS Utf8;
UPSERT INTO app_logs (app, ts, host, message) VALUES ($app, CurrentUtcTimestamp(), $host, $message);` // want `key of app_logs leads with app, then ts: at most 3 partitions take every insert; app_logs leads with app \(every write puts one of 3 constants: "api", "cron", "worker"\); ts is a Timestamp that grows with time: .* at most 3 partitions take every insert .*table .*app_logs, primary key \(app, ts, host\) .*reached through \(\*example.com/old3427/applogs.Store\).append`

const appendUserLog = `DECLARE $user_id AS Uint64; DECLARE $message AS Utf8;
UPSERT INTO user_logs (user_id, ts, message) VALUES ($user_id, CurrentUtcTimestamp(), $message);`

// Store writes app_logs, keyed (app, ts, host), and user_logs, keyed
// (user_id, ts).
type Store struct {
	c      table.Client
	prefix string
}

// New wires the store.
func New(c table.Client, prefix string) *Store { return &Store{c: c, prefix: prefix} }

// Create makes both tables.
func (s *Store) Create(ctx context.Context) error {
	return s.c.Do(ctx, func(ctx context.Context, sess table.Session) error {
		if err := sess.CreateTable(ctx, path.Join(s.prefix, "app_logs"),
			options.WithColumn("app", types.TypeUTF8),
			options.WithColumn("ts", types.TypeTimestamp),
			options.WithColumn("host", types.TypeUTF8),
			options.WithColumn("message", types.Optional(types.TypeUTF8)),
			options.WithPrimaryKeyColumn("app", "ts", "host"),
		); err != nil {
			return err
		}
		return sess.CreateTable(ctx, path.Join(s.prefix, "user_logs"),
			options.WithColumn("user_id", types.TypeUint64),
			options.WithColumn("ts", types.TypeTimestamp),
			options.WithColumn("message", types.Optional(types.TypeUTF8)),
			options.WithPrimaryKeyColumn("user_id", "ts"),
		)
	})
}

// API, Worker and Cron log for one application each: three constants,
// three partitions take every write.
func (s *Store) API(ctx context.Context, host, msg string) error {
	return s.append(ctx, table.NewQueryParameters(
		table.ValueParam("$app", types.UTF8Value(AppAPI)),
		table.ValueParam("$host", types.UTF8Value(host)),
		table.ValueParam("$message", types.UTF8Value(msg)),
	))
}

func (s *Store) Worker(ctx context.Context, host, msg string) error {
	return s.append(ctx, table.NewQueryParameters(
		table.ValueParam("$app", types.UTF8Value(AppWorker)),
		table.ValueParam("$host", types.UTF8Value(host)),
		table.ValueParam("$message", types.UTF8Value(msg)),
	))
}

func (s *Store) Cron(ctx context.Context, host, msg string) error {
	return s.append(ctx, table.NewQueryParameters(
		table.ValueParam("$app", types.UTF8Value(AppCron)),
		table.ValueParam("$host", types.UTF8Value(host)),
		table.ValueParam("$message", types.UTF8Value(msg)),
	))
}

func (s *Store) append(ctx context.Context, params *table.QueryParameters) error {
	return s.c.Do(ctx, func(ctx context.Context, sess table.Session) error {
		_, _, err := sess.Execute(ctx, rw, appendLog, params)
		return err
	})
}

// User is the correct twin: a user id ahead of the time.
func (s *Store) User(ctx context.Context, userID uint64, msg string) error {
	return s.c.Do(ctx, func(ctx context.Context, sess table.Session) error {
		_, _, err := sess.Execute(ctx, rw, appendUserLog, table.NewQueryParameters(
			table.ValueParam("$user_id", types.Uint64Value(userID)),
			table.ValueParam("$message", types.UTF8Value(msg)),
		))
		return err
	})
}
