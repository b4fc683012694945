// Package partqueries keeps the scheduler's read queries in a table keyed
// by query name, the way a tracing store keeps its span queries: the
// storage package asks for one by a constant name.
package partqueries

import "fmt"

// Query names.
const (
	ActiveJobs = "active-jobs"
	JobByID    = "job-by-id"
)

type queryInfo struct {
	table string
	query string
}

var byName = map[string]queryInfo{
	ActiveJobs: {"scheduler_jobs", "DECLARE $state AS Utf8;\nSELECT job_id, run_at FROM `%s` WHERE state = $state"},
	JobByID:    {"scheduler_jobs", "DECLARE $id AS Uint64;\nSELECT job_id, run_at FROM `%s` WHERE job_id = $id"},
}

// Build renders the named query; a name the table lacks is a programming
// error.
func Build(name string) string {
	if i, ok := byName[name]; ok {
		return fmt.Sprintf(i.query, i.table)
	}
	panic("query not found: " + name)
}
