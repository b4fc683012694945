// Package dynamicstrict runs fullscan with -strict on reads whose key
// filter is optional: appended to the WHERE clause only under an if. The
// run that leaves it out reads every partition; it is reported at the if,
// once per site, because the unfiltered run may be an intended listing.
package dynamicstrict

import (
	"context"
	"strings"
	"time"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// EventFilter comes from an HTTP handler.
type EventFilter struct {
	OrgID   string
	Kind    string
	Since   time.Time
	AllOrgs bool
}

// Events reads audit_events, keyed by (org_id, created_at, event_id).
type Events struct {
	c query.Client
}

// NewEvents is called from main.
func NewEvents(db *ydb.Driver) *Events { return &Events{c: db.Query()} }

// Search binds org_id only when the caller passes one.
func (e *Events) Search(ctx context.Context, f EventFilter) error {
	conds := []string{"created_at >= $since"}
	params := ydb.ParamsBuilder().Param("$since").Timestamp(f.Since)
	if f.OrgID != "" { // want `SELECT reads every partition of audit_events when f.OrgID != "" is false; the filter on key column org_id is appended only otherwise; table audit_events, primary key \(org_id, created_at, event_id\) \(schema: migrations/00020_dynamic_text.sql:10\) .* \(in 2 of the 4 ways the query text is built\)$`
		conds = append(conds, "org_id = $org_id")
		params = params.Param("$org_id").Text(f.OrgID)
	}
	if f.Kind != "" {
		conds = append(conds, "kind = $kind")
		params = params.Param("$kind").Text(f.Kind)
	}
	q := "SELECT event_id FROM audit_events WHERE " + strings.Join(conds, " AND ") + " LIMIT 100"
	_, err := e.c.QueryResultSet(ctx, q, query.WithParameters(params.Build()))
	return err
}

// Export scans every organisation on purpose when AllOrgs is set: the
// filter is appended in the else branch.
func (e *Events) Export(ctx context.Context, f EventFilter) error {
	conds := []string{"created_at >= $since"}
	params := ydb.ParamsBuilder().Param("$since").Timestamp(f.Since)
	if f.AllOrgs { // want `SELECT reads every partition of audit_events when f.AllOrgs holds.* \(in 1 of the 2 ways the query text is built\)$`
		params = params.Param("$all").Bool(true)
	} else {
		conds = append(conds, "org_id = $org_id")
		params = params.Param("$org_id").Text(f.OrgID)
	}
	q := "SELECT event_id FROM audit_events WHERE " + strings.Join(conds, " AND ")
	_, err := e.c.QueryResultSet(ctx, q, query.WithParameters(params.Build()))
	return err
}

// Recent requires the organisation: its optional filters are on other
// columns. Silent.
func (e *Events) Recent(ctx context.Context, f EventFilter) error {
	conds := []string{"org_id = $org_id"}
	params := ydb.ParamsBuilder().Param("$org_id").Text(f.OrgID)
	if !f.Since.IsZero() {
		conds = append(conds, "created_at >= $since")
		params = params.Param("$since").Timestamp(f.Since)
	}
	if f.Kind != "" {
		conds = append(conds, "kind = $kind")
		params = params.Param("$kind").Text(f.Kind)
	}
	q := "SELECT event_id FROM audit_events WHERE " + strings.Join(conds, " AND ")
	_, err := e.c.QueryResultSet(ctx, q, query.WithParameters(params.Build()))
	return err
}

// Page filters on the organisation in YQL only when $org_id is not NULL:
// with -strict the NULL executions are reported, at the OR.
func (e *Events) Page(ctx context.Context, orgID *string, since time.Time) error {
	_, err := e.c.QueryResultSet(ctx, `DECLARE $org_id AS Optional<Utf8>; DECLARE $since AS Timestamp;
		SELECT event_id FROM audit_events
		WHERE (org_id = $org_id OR $org_id IS NULL) AND created_at >= $since LIMIT 100`, // want `SELECT may read every partition of audit_events.*: the filter on org_id is optional; when \$org_id is NULL, a branch of OR leaves org_id free`
		query.WithParameters(ydb.ParamsBuilder().Param("$org_id").BeginOptional().Text(orgID).EndOptional().Param("$since").Timestamp(since).Build()))
	return err
}
