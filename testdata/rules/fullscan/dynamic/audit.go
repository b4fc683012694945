// Package dynamic holds fullscan cases whose query text is built at run
// time the way services build it: filters appended to a slice under ifs and
// joined into the WHERE clause, formats glued from pieces. Without -strict
// only the certain scans are reported (no way of building the text binds
// the key), once per site; the runs that merely leave an optional key
// filter out are reported by fullscan/dynamicstrict.
package dynamic

import (
	"context"
	"fmt"
	"strings"
	"time"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// AuditFilter is what the admin UI sends; zero fields are not filtered on.
type AuditFilter struct {
	OrgID  string
	UserID uint64
	Kind   string
	Since  time.Time
}

// AuditStore reads audit_events, keyed by (org_id, created_at, event_id).
type AuditStore struct {
	db *ydb.Driver
}

// NewAuditStore is called from main.
func NewAuditStore(db *ydb.Driver) *AuditStore { return &AuditStore{db: db} }

// List always filters by the organisation: every way of building the text
// binds the leading key column. Silent.
func (s *AuditStore) List(ctx context.Context, f AuditFilter) error {
	conds := []string{"org_id = $org_id", "created_at >= $since"}
	params := ydb.ParamsBuilder().Param("$org_id").Text(f.OrgID).Param("$since").Timestamp(f.Since)
	if f.UserID != 0 {
		conds = append(conds, "user_id = $user_id")
		params = params.Param("$user_id").Uint64(f.UserID)
	}
	if f.Kind != "" {
		conds = append(conds, "kind = $kind")
		params = params.Param("$kind").Text(f.Kind)
	}
	q := fmt.Sprintf("SELECT event_id, kind FROM audit_events WHERE %s ORDER BY created_at", strings.Join(conds, " AND "))
	_, err := s.db.Query().QueryResultSet(ctx, q, query.WithParameters(params.Build()))
	return err
}

// ByUser never filters on org_id: no variant binds the key, which is as
// certain a full scan as a literal one. Reported once for the four ways
// the text is built, at the literal that breaks the key.
func (s *AuditStore) ByUser(ctx context.Context, f AuditFilter) error {
	conds := []string{"user_id = $user_id"}
	params := ydb.ParamsBuilder().Param("$user_id").Uint64(f.UserID)
	if f.Kind != "" {
		conds = append(conds, "kind = $kind")
		params = params.Param("$kind").Text(f.Kind)
	}
	if !f.Since.IsZero() {
		conds = append(conds, "created_at >= $since") // want `SELECT reads every partition of audit_events: created_at is constrained but the first key column org_id is not; table audit_events, primary key \(org_id, created_at, event_id\) \(schema: migrations/00020_dynamic_text.sql:10\).* \(in all 4 ways the query text is built\)$`
		params = params.Param("$since").Timestamp(f.Since)
	}
	q := "SELECT event_id, kind FROM audit_events WHERE " + strings.Join(conds, " AND ")
	_, err := s.db.Query().QueryResultSet(ctx, q, query.WithParameters(params.Build()))
	return err
}

// Search filters by organisation only when the caller asks: the run
// without it scans, which may be an intended admin listing. Silent without
// -strict (see dynamicstrict).
func (s *AuditStore) Search(ctx context.Context, f AuditFilter) error {
	conds := []string{"created_at >= $since"}
	params := ydb.ParamsBuilder().Param("$since").Timestamp(f.Since)
	if f.OrgID != "" {
		conds = append(conds, "org_id = $org_id")
		params = params.Param("$org_id").Text(f.OrgID)
	}
	if f.Kind != "" {
		conds = append(conds, "kind = $kind")
		params = params.Param("$kind").Text(f.Kind)
	}
	q := "SELECT event_id FROM audit_events WHERE " + strings.Join(conds, " AND ") + " LIMIT 100"
	_, err := s.db.Query().QueryResultSet(ctx, q, query.WithParameters(params.Build()))
	return err
}

// Page filters on the organisation only when the caller passes one, in YQL
// itself: (org_id = $org_id OR $org_id IS NULL). The executions with a NULL
// $org_id read every partition, which is the caller's choice: without
// -strict this is silent (fullscan/dynamicstrict reports it).
func (s *AuditStore) Page(ctx context.Context, orgID *string, since time.Time) error {
	_, err := s.db.Query().QueryResultSet(ctx, `DECLARE $org_id AS Optional<Utf8>; DECLARE $since AS Timestamp;
		SELECT event_id FROM audit_events
		WHERE (org_id = $org_id OR $org_id IS NULL) AND created_at >= $since LIMIT 100`,
		query.WithParameters(ydb.ParamsBuilder().Param("$org_id").BeginOptional().Text(orgID).EndOptional().Param("$since").Timestamp(since).Build()))
	return err
}

// PageAny has a branch that leaves org_id free whatever the parameters are:
// a full scan as certain as a literal one.
func (s *AuditStore) PageAny(ctx context.Context, orgID string, kind string) error {
	_, err := s.db.Query().QueryResultSet(ctx, `DECLARE $org_id AS Utf8; DECLARE $kind AS Utf8;
		SELECT event_id FROM audit_events WHERE org_id = $org_id OR kind = $kind`, // want `SELECT reads every partition of audit_events.*a branch of OR does not constrain org_id`
		query.WithParameters(ydb.ParamsBuilder().Param("$org_id").Text(orgID).Param("$kind").Text(kind).Build()))
	return err
}
