// Package sqltmpl keeps the service's queries as text/template templates
// parsed once into package variables; the storage layer executes them with
// the table it was configured with.
package sqltmpl

import "text/template"

// JobsByOwner lists one owner's jobs.
var JobsByOwner = template.Must(template.New("jobs_by_owner").Parse(`
DECLARE $owner AS Utf8;
SELECT job_id, state FROM {{ .Table }} WHERE owner = $owner;
`))

// JobByID reads one job.
var JobByID = template.Must(template.New("job_by_id").Parse(`
DECLARE $id AS Uint64;
SELECT job_id, state FROM {{ .Table }} WHERE job_id = $id;
`))

// JobsTable is the table both read.
var JobsTable = "scheduler_jobs"

// Data is what every template is executed with.
type Data struct {
	Table string
}
