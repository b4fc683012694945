package evaluated

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/query"

	"example.com/rules/fullscan/evaluated/queries"
	"example.com/rules/fullscan/evaluated/storage"
)

// Scheduler reads jobs through the data layer's generic DoSelect.
type Scheduler struct {
	c *storage.Connector
}

// NewScheduler is called from main.
func NewScheduler(c *storage.Connector) *Scheduler { return &Scheduler{c: c} }

func scanID(r query.Row) (uint64, error) {
	var id uint64
	err := r.Scan(&id)
	return id, err
}

// Runnable filters on state: job_id is the key, every partition is read.
func (s *Scheduler) Runnable(ctx context.Context) ([]uint64, error) {
	return storage.DoSelect(ctx, s.c, queries.NewReadQuery(
		queries.WithTableName("scheduler_jobs"),
		queries.WithQueryFilters(queries.Filter{Column: "state", Op: "=", Param: "$state"}), // want `SELECT reads every partition of scheduler_jobs.*the predicate does not constrain the key column job_id`
	), scanID)
}

// Job is Runnable's twin on the key: silent.
func (s *Scheduler) Job(ctx context.Context) ([]uint64, error) {
	return storage.DoSelect(ctx, s.c, queries.NewReadQuery(
		queries.WithTableName("scheduler_jobs"),
		queries.WithQueryFilters(queries.Filter{Column: "job_id", Op: "=", Param: "$id"}),
	), scanID)
}
