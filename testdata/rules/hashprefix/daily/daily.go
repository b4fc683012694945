// Package daily keeps spans in one table per day, named at run time
// (spans_20260101), the way tracing stores shard by day. The day part of
// the name is not a stable Go value, so the table is known only as
// <folder>/spans_<day>; the hash evidence of the write must attach to that
// same table, or the read that forgets the hash is only a full scan.
package daily

import (
	"context"
	"fmt"
	"strings"
	"time"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Store reads and writes the daily span tables under one folder.
type Store struct {
	db     *ydb.Driver
	folder string
}

// New is called from main with the configured folder.
func New(db *ydb.Driver, folder string) *Store { return &Store{db: db, folder: folder} }

func dayTable(day time.Time) string {
	return "spans_" + strings.ReplaceAll(day.Format("2006-01-02"), "-", "")
}

// CreateDay creates the table of one day.
func (s *Store) CreateDay(ctx context.Context, day time.Time) error {
	return s.db.Query().Exec(ctx, fmt.Sprintf("CREATE TABLE `%s/%s` (trace_hash Uint64, trace_id Utf8, span_id Uint64, payload String, PRIMARY KEY (trace_hash, trace_id, span_id))", s.folder, dayTable(day)))
}

// Put writes a span; Digest::NumericHash($trace_id) is the hash evidence.
func (s *Store) Put(ctx context.Context, day time.Time, traceID string, spanID uint64, payload []byte) error {
	q := fmt.Sprintf(`DECLARE $trace_id AS Utf8; DECLARE $span_id AS Uint64; DECLARE $payload AS String;
UPSERT INTO `+"`%s/%s`"+` (trace_hash, trace_id, span_id, payload) VALUES (Digest::NumericHash($trace_id), $trace_id, $span_id, $payload)`, s.folder, dayTable(day))
	return s.db.Query().Exec(ctx, q, query.WithParameters(ydb.ParamsBuilder().
		Param("$trace_id").Text(traceID).Param("$span_id").Uint64(spanID).Param("$payload").Bytes(payload).Build()))
}

// Trace reads a trace with its hash: silent.
func (s *Store) Trace(ctx context.Context, day time.Time, traceID string) error {
	q := fmt.Sprintf(`DECLARE $trace_id AS Utf8;
SELECT span_id, payload FROM `+"`%s/%s`"+` WHERE trace_hash = Digest::NumericHash($trace_id) AND trace_id = $trace_id`, s.folder, dayTable(day))
	_, err := s.db.Query().QueryResultSet(ctx, q, query.WithParameters(ydb.ParamsBuilder().Param("$trace_id").Text(traceID).Build()))
	return err
}

// TraceNoHash forgets the hash.
func (s *Store) TraceNoHash(ctx context.Context, day time.Time, traceID string) error {
	q := fmt.Sprintf(`DECLARE $trace_id AS Utf8;
SELECT span_id, payload FROM `+"`%s/%s`"+` WHERE trace_id = $trace_id`, s.folder, dayTable(day)) // want `SELECT binds trace_id but not the hash-prefix column trace_hash`
	_, err := s.db.Query().QueryResultSet(ctx, q, query.WithParameters(ydb.ParamsBuilder().Param("$trace_id").Text(traceID).Build()))
	return err
}
