package evaluated

import (
	"context"
	_ "embed"
	"strings"
	"time"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"

	"example.com/rules/fullscan/evaluated/sqlfiles"
)

// The store's own statements are .sql files beside it. A finding in a
// file's text is placed at the variable that embeds it.
var (
	//go:embed sql/jobs_by_state.sql
	jobsByState string // want `SELECT reads every partition of scheduler_jobs: the predicate does not constrain the key column job_id`

	//go:embed sql/job_state.sql
	jobState string
)

// Two statements name their table by a placeholder the store fills in.
//
//go:embed sql/due_jobs.sql
var dueJobs string

//go:embed sql/job_owner.sql
var jobOwner string

// JobStore reads scheduler_jobs through the query service.
type JobStore struct {
	db    *ydb.Driver
	table string
}

// NewJobStore is called from main.
func NewJobStore(db *ydb.Driver) *JobStore { return &JobStore{db: db, table: "scheduler_jobs"} }

// ByState filters on state, not the key.
func (s *JobStore) ByState(ctx context.Context, state string) error {
	_, err := s.db.Query().QueryResultSet(ctx, jobsByState, query.WithParameters(
		ydb.ParamsBuilder().Param("$state").Text(state).Build(),
	), query.WithIdempotent())
	return err
}

// State is ByState's twin on the key: silent.
func (s *JobStore) State(ctx context.Context, id uint64) error {
	_, err := s.db.Query().QueryResultSet(ctx, jobState, query.WithParameters(
		ydb.ParamsBuilder().Param("$id").Uint64(id).Build(),
	), query.WithIdempotent())
	return err
}

// Due filters on run_at in a table named when the store is made.
func (s *JobStore) Due(ctx context.Context, cutoff time.Time) error {
	q := strings.ReplaceAll(dueJobs, "{table}", s.table) // want `SELECT reads every partition of scheduler_jobs: the predicate does not constrain the key column job_id`
	_, err := s.db.Query().QueryResultSet(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$cutoff").Timestamp(cutoff).Build(),
	), query.WithIdempotent())
	return err
}

// Owner is Due's twin on the key: silent.
func (s *JobStore) Owner(ctx context.Context, id uint64) error {
	q := strings.ReplaceAll(jobOwner, "{table}", s.table)
	_, err := s.db.Query().QueryResultSet(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$id").Uint64(id).Build(),
	), query.WithIdempotent())
	return err
}

// Owned runs a statement another package embeds: placed at the call.
func (s *JobStore) Owned(ctx context.Context, owner string) error {
	_, err := s.db.Query().QueryResultSet(ctx, sqlfiles.OwnedJobs, query.WithParameters( // want `SELECT reads every partition of scheduler_jobs: the predicate does not constrain the key column job_id`
		ydb.ParamsBuilder().Param("$owner").Text(owner).Build(),
	), query.WithIdempotent())
	return err
}

// Claim is Owned's twin on the key: silent.
func (s *JobStore) Claim(ctx context.Context, id uint64, owner string) error {
	return s.db.Query().Exec(ctx, sqlfiles.ClaimJob, query.WithParameters(
		ydb.ParamsBuilder().Param("$id").Uint64(id).Param("$owner").Text(owner).Build(),
	))
}
