package evaluated

import (
	"context"

	"example.com/rules/fullscan/evaluated/qb"
	"example.com/rules/fullscan/evaluated/queries"
)

// read is the repository's one way to run a read: every method builds its
// text and hands it over, so the SDK call sees only the parameter.
func (j *Jobs) read(ctx context.Context, q string) error {
	res, err := j.db.Query().QueryResultSet(ctx, q)
	if err != nil {
		return err
	}
	for _, err := range res.Rows(ctx) {
		if err != nil {
			return err
		}
	}
	return nil
}

// Overdue builds with the builder package and reads through read: run_at
// is not the key, every partition is read.
func (j *Jobs) Overdue(ctx context.Context) error {
	return j.read(ctx, qb.NewSelect("scheduler_jobs").Columns("job_id").Where("run_at < $cutoff").String()) // want `SELECT reads every partition of scheduler_jobs.*the predicate does not constrain the key column job_id`
}

// Current is Overdue's twin on the key: silent.
func (j *Jobs) Current(ctx context.Context) error {
	return j.read(ctx, qb.NewSelect("scheduler_jobs").Columns("state").Where("job_id = $id").String())
}

// Failed is made with functional options, then read through read.
func (j *Jobs) Failed(ctx context.Context) error {
	rq := queries.NewReadQuery(
		queries.WithTableName("scheduler_jobs"),
		queries.WithQueryFilters(queries.Filter{Column: "state", Op: "=", Param: "$failed"}), // want `SELECT reads every partition of scheduler_jobs.*the predicate does not constrain the key column job_id`
	)
	return j.read(ctx, rq.FormatQuery(ctx))
}

// Single is Failed's twin on the key: silent.
func (j *Jobs) Single(ctx context.Context) error {
	rq := queries.NewReadQuery(
		queries.WithTableName("scheduler_jobs"),
		queries.WithQueryFilters(queries.Filter{Column: "job_id", Op: "=", Param: "$id"}),
	)
	return j.read(ctx, rq.FormatQuery(ctx))
}
