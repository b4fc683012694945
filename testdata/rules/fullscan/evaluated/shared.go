package evaluated

import (
	"context"

	"example.com/rules/fullscan/evaluated/qb"
	"example.com/rules/fullscan/evaluated/queries"
)

// Stale uses the builder package: run_at is not the key. A full scan.
func (j *Jobs) Stale(ctx context.Context) error {
	q := qb.NewSelect("scheduler_jobs").Columns("job_id").Where("run_at < $cutoff").OrderBy("run_at").String() // want `SELECT reads every partition of scheduler_jobs.*the predicate does not constrain the key column job_id`
	_, err := j.db.Query().QueryResultSet(ctx, q)
	return err
}

// Lookup is Stale's twin on the key: silent.
func (j *Jobs) Lookup(ctx context.Context) error {
	q := qb.NewSelect("scheduler_jobs").Columns("job_id", "state").Where("job_id = $id").String()
	_, err := j.db.Query().QueryResultSet(ctx, q)
	return err
}

// Pending is made with functional options and run through the interface.
func (j *Jobs) Pending(ctx context.Context) error {
	rq := queries.NewReadQuery(
		queries.WithTableName("scheduler_jobs"),
		queries.WithQueryFilters(queries.Filter{Column: "state", Op: "=", Param: "$state"}), // want `SELECT reads every partition of scheduler_jobs.*the predicate does not constrain the key column job_id`
		queries.WithOrderBy("job_id"),
	)
	_, err := j.db.Query().QueryResultSet(ctx, rq.FormatQuery(ctx))
	return err
}

// One is Pending's twin on the key: silent.
func (j *Jobs) One(ctx context.Context) error {
	rq := queries.NewReadQuery(
		queries.WithTableName("scheduler_jobs"),
		queries.WithQueryFilters(queries.Filter{Column: "job_id", Op: "=", Param: "$id"}),
	)
	_, err := j.db.Query().QueryResultSet(ctx, rq.FormatQuery(ctx))
	return err
}
