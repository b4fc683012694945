// Package reports builds dashboards from the index tables.
package reports

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Service reads for dashboards.
type Service struct {
	db *ydb.Driver
}

// NewService wires a Service.
func NewService(db *ydb.Driver) *Service { return &Service{db: db} }

// RecentOperations reads operation_index without its hash: every
// partition is read.
func (s *Service) RecentOperations(ctx context.Context, from int64) error {
	_, err := s.db.Query().QueryResultSet(ctx, `DECLARE $from AS Int64;
SELECT trace_id FROM operation_index WHERE ts >= $from`,
		query.WithParameters(ydb.ParamsBuilder().Param("$from").Int64(from).Build()), query.WithIdempotent())
	return err
}

// RecentSessions reads sessions without a shard: a full scan, but the
// shard is not known to be a hash.
func (s *Service) RecentSessions(ctx context.Context, from int64) error {
	_, err := s.db.Query().QueryResultSet(ctx, `DECLARE $from AS Int64;
SELECT id FROM sessions WHERE created_at >= $from`,
		query.WithParameters(ydb.ParamsBuilder().Param("$from").Int64(from).Build()), query.WithIdempotent())
	return err
}
