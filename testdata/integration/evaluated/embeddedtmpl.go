package evaluated

import (
	"bytes"
	"context"
	_ "embed"
	"text/template"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Templates kept in .sql.tmpl files, parsed once at start-up: the
// evaluator parses the embedded text as it parses a constant template.
var (
	//go:embed sql/jobs_by_owner.sql.tmpl
	jobsByOwnerText string
	//go:embed sql/job_run_at.sql.tmpl
	jobRunAtText string

	jobsByOwner = template.Must(template.New("jobs_by_owner").Parse(jobsByOwnerText))
	jobRunAt    = template.Must(template.New("job_run_at").Parse(jobRunAtText))
)

type tmplArgs struct {
	Table string
	Limit int
}

// FileTemplateJobs renders its statements from the embedded templates.
type FileTemplateJobs struct{ db *ydb.Driver }

// NewFileTemplateJobs is called from main.
func NewFileTemplateJobs(db *ydb.Driver) *FileTemplateJobs { return &FileTemplateJobs{db: db} }

// ByOwner filters on owner, not the key: reported where the template runs.
func (j *FileTemplateJobs) ByOwner(ctx context.Context, owner string) error {
	var b bytes.Buffer
	if err := jobsByOwner.Execute(&b, tmplArgs{Table: "scheduler_jobs", Limit: 100}); err != nil { // want `SELECT reads every partition of scheduler_jobs: the predicate does not constrain the key column job_id`
		return err
	}
	_, err := j.db.Query().QueryResultSet(ctx, b.String(), query.WithParameters(
		ydb.ParamsBuilder().Param("$owner").Text(owner).Build(),
	), query.WithIdempotent())
	return err
}

// RunAt is ByOwner's twin on the key: silent.
func (j *FileTemplateJobs) RunAt(ctx context.Context, id uint64) error {
	var b bytes.Buffer
	if err := jobRunAt.Execute(&b, tmplArgs{Table: "scheduler_jobs"}); err != nil {
		return err
	}
	_, err := j.db.Query().QueryResultSet(ctx, b.String(), query.WithParameters(
		ydb.ParamsBuilder().Param("$id").Uint64(id).Build(),
	), query.WithIdempotent())
	return err
}
