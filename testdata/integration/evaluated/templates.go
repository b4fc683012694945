package evaluated

import (
	"bytes"
	"context"
	"strings"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"

	"example.com/integ/evaluated/sqltmpl"
)

// TemplateJobs runs the queries another package keeps as templates in
// package variables.
type TemplateJobs struct {
	db *ydb.Driver
}

// NewTemplateJobs is called from main.
func NewTemplateJobs(db *ydb.Driver) *TemplateJobs { return &TemplateJobs{db: db} }

// ByOwner executes the owner template into a bytes.Buffer: owner is not
// the key, a full scan on every call, reported where the template runs.
func (j *TemplateJobs) ByOwner(ctx context.Context, owner string) error {
	var buf bytes.Buffer
	if err := sqltmpl.JobsByOwner.Execute(&buf, sqltmpl.Data{Table: sqltmpl.JobsTable}); err != nil { // want `SELECT reads every partition of scheduler_jobs: the predicate does not constrain the key column job_id; table scheduler_jobs, primary key \(job_id\) .*`
		return err
	}
	_, err := j.db.Query().QueryResultSet(ctx, buf.String(), query.WithParameters(
		ydb.ParamsBuilder().Param("$owner").Text(owner).Build(),
	), query.WithIdempotent())
	return err
}

// ByID is ByOwner's twin on the key, into a strings.Builder: silent.
func (j *TemplateJobs) ByID(ctx context.Context, id uint64) error {
	var b strings.Builder
	if err := sqltmpl.JobByID.Execute(&b, sqltmpl.Data{Table: sqltmpl.JobsTable}); err != nil {
		return err
	}
	_, err := j.db.Query().QueryResultSet(ctx, b.String(), query.WithParameters(
		ydb.ParamsBuilder().Param("$id").Uint64(id).Build(),
	), query.WithIdempotent())
	return err
}
