package main

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// The applications whose logs the store keeps.
const (
	appWorker = "worker"
	appCron   = "cron"
)

const appendLog = `DECLARE $app AS Utf8; DECLARE $host AS Utf8; DECLARE $message AS Utf8;
UPSERT INTO app_logs (app, ts, host, message) VALUES ($app, CurrentUtcTimestamp(), $host, $message);`

// logStore writes app_logs, keyed (app, ts, host): four applications, so
// four partitions take every write.
type logStore struct {
	db *ydb.Driver
}

func newLogStore(db *ydb.Driver) *logStore { return &logStore{db: db} }

// API logs for the API gateway, its name spelled in the query.
func (s *logStore) API(ctx context.Context, host, msg string) error {
	return s.db.Query().Exec(ctx, `DECLARE $host AS Utf8; DECLARE $message AS Utf8;
UPSERT INTO app_logs (app, ts, host, message) VALUES ('api', CurrentUtcTimestamp(), $host, $message);`, // want `key of app_logs leads with app, then ts: at most 4 partitions take every insert; app_logs leads with app \(every write puts one of 4 constants: "api", "cron", "web", "worker"\); ts is a Timestamp that grows with time: new rows land at the end of the key range of each value of app, so at most 4 partitions take every insert \(one per value, however the table is split\); table app_logs, primary key \(app, ts, host\) \(schema: migrations/00022_applogs.sql:9\); put a well-distributed column ahead of ts: move the next key column before it, PRIMARY KEY \(app, host, ts\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$host").Text(host).Param("$message").Text(msg).Build()))
}

// Web logs for the web front end.
func (s *logStore) Web(ctx context.Context, host, msg string) error {
	return s.db.Query().Exec(ctx, `DECLARE $host AS Utf8; DECLARE $message AS Utf8;
UPSERT INTO app_logs (app, ts, host, message) VALUES ('web', CurrentUtcTimestamp(), $host, $message);`,
		query.WithParameters(ydb.ParamsBuilder().Param("$host").Text(host).Param("$message").Text(msg).Build()))
}

// Worker and Cron bind the application's name from a Go constant.
func (s *logStore) Worker(ctx context.Context, host, msg string) error {
	return s.db.Query().Exec(ctx, appendLog,
		query.WithParameters(ydb.ParamsBuilder().Param("$app").Text(appWorker).Param("$host").Text(host).Param("$message").Text(msg).Build()))
}

func (s *logStore) Cron(ctx context.Context, host, msg string) error {
	return s.db.Query().Exec(ctx, appendLog,
		query.WithParameters(ydb.ParamsBuilder().Param("$app").Text(appCron).Param("$host").Text(host).Param("$message").Text(msg).Build()))
}

// User is the correct twin: user_logs leads with the user id, which takes
// as many values as there are users, before the time.
func (s *logStore) User(ctx context.Context, userID uint64, msg string) error {
	return s.db.Query().Exec(ctx, `DECLARE $user_id AS Uint64; DECLARE $message AS Utf8;
UPSERT INTO user_logs (user_id, ts, message) VALUES ($user_id, CurrentUtcTimestamp(), $message);`,
		query.WithParameters(ydb.ParamsBuilder().Param("$user_id").Uint64(userID).Param("$message").Text(msg).Build()))
}
