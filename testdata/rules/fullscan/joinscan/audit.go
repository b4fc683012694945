// Package joinscan lists what happened in a user's organisations: a
// membership joined with the organisation's audit trail. org_audit is keyed
// (ts, org_id), so a join on org_id alone reads all of it; the finding is
// placed at the JOIN of org_audit, not at the ON or the WHERE, which may
// belong to the other table.
package joinscan

import (
	"context"
	"time"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Audit reads organisations' audit trails.
type Audit struct{ db *ydb.Driver }

// NewAudit wires the repository to the driver.
func NewAudit(db *ydb.Driver) *Audit { return &Audit{db: db} }

func (a *Audit) count(ctx context.Context, q string, params ydb.Params) (int, error) {
	res, err := a.db.Query().Query(ctx, q, query.WithParameters(params), query.WithIdempotent())
	if err != nil {
		return 0, err
	}
	defer res.Close(ctx)
	n := 0
	for rs, err := range res.ResultSets(ctx) {
		if err != nil {
			return 0, err
		}
		for _, err := range rs.Rows(ctx) {
			if err != nil {
				return 0, err
			}
			n++
		}
	}
	return n, nil
}

// Actions joins org_audit on org_id alone, the second column of its key.
func (a *Audit) Actions(ctx context.Context, membershipID uint64) (int, error) {
	q := "DECLARE $membership_id AS Uint64; " +
		"SELECT e.ts, e.action FROM memberships AS m " +
		"JOIN org_audit AS e " + // want `SELECT reads every partition of org_audit.*org_id is constrained but the first key column ts is not`
		"ON e.org_id = m.org_id " +
		"WHERE m.membership_id = $membership_id LIMIT 100;"
	return a.count(ctx, q, ydb.ParamsBuilder().Param("$membership_id").Uint64(membershipID).Build())
}

// Organisation is Actions' twin: organisations is keyed by org_id, the
// join looks each one up.
func (a *Audit) Organisation(ctx context.Context, membershipID uint64) (int, error) {
	return a.count(ctx, `DECLARE $membership_id AS Uint64;
SELECT o.name
FROM memberships AS m
JOIN organisations AS o
    ON o.org_id = m.org_id
WHERE m.membership_id = $membership_id;`, ydb.ParamsBuilder().Param("$membership_id").Uint64(membershipID).Build())
}

// Everything crosses a membership with the whole audit trail: the only
// filter is the membership's, in the WHERE.
func (a *Audit) Everything(ctx context.Context, membershipID uint64) (int, error) {
	q := "DECLARE $membership_id AS Uint64; " +
		"SELECT e.ts, e.action FROM memberships AS m " +
		"CROSS JOIN org_audit AS e " + // want `SELECT reads every partition of org_audit.*the predicate does not constrain the key column ts`
		"WHERE m.membership_id = $membership_id LIMIT 100;"
	return a.count(ctx, q, ydb.ParamsBuilder().Param("$membership_id").Uint64(membershipID).Build())
}

// Recent is Everything's twin: the audit trail is bounded by time.
func (a *Audit) Recent(ctx context.Context, membershipID uint64, since int64) (int, error) {
	return a.count(ctx, `DECLARE $membership_id AS Uint64; DECLARE $since AS Timestamp;
SELECT e.ts, e.action
FROM memberships AS m
JOIN org_audit AS e
    ON e.org_id = m.org_id
WHERE m.membership_id = $membership_id AND e.ts >= $since
LIMIT 100;`, ydb.ParamsBuilder().Param("$membership_id").Uint64(membershipID).Param("$since").Timestamp(time.Unix(since, 0)).Build())
}
