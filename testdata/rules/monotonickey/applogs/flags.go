package main

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// flagHistory records every change of a feature flag in flag_changes,
// keyed (enabled, changed_at, flag).
type flagHistory struct {
	db *ydb.Driver
}

func newFlagHistory(db *ydb.Driver) *flagHistory { return &flagHistory{db: db} }

func (h *flagHistory) Set(ctx context.Context, flag string, enabled bool) error {
	return h.db.Query().Exec(ctx, `DECLARE $enabled AS Bool; DECLARE $flag AS Utf8;
UPSERT INTO flag_changes (enabled, changed_at, flag) VALUES ($enabled, CurrentUtcTimestamp(), $flag);`, // want `key of flag_changes leads with enabled, then changed_at: at most 2 partitions take every insert; flag_changes leads with enabled \(Bool: 2 values\); changed_at is a Timestamp that grows with time: .* so at most 2 partitions take every insert .*table flag_changes, primary key \(enabled, changed_at, flag\) .*PRIMARY KEY \(enabled, flag, changed_at\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$enabled").Bool(enabled).Param("$flag").Text(flag).Build()))
}
