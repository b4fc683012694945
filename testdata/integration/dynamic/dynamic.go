// Package dynamic builds its WHERE clause from filters appended under ifs:
// the driver-integration case of text recovered over every way it can be
// built (reported once per site, naming how many ways it holds for).
package dynamic

import (
	"context"
	"strings"
	"time"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// AuditQuery filters the audit log; zero fields are not filtered on.
type AuditQuery struct {
	ID    uint64
	Since time.Time
	Until time.Time
}

// ByID forgets created_at, the leading key column, whichever filters are
// set: a full scan in all four ways the text is built, reported once.
func ByID(ctx context.Context, db *ydb.Driver, q AuditQuery) error {
	conds := []string{"id = $id"} // want `SELECT reads every partition of audit.*\(in all 4 ways the query text is built\)`
	params := ydb.ParamsBuilder().Param("$id").Uint64(q.ID)
	if !q.Since.IsZero() {
		conds = append(conds, "id >= $min_id")
		params = params.Param("$min_id").Uint64(1)
	}
	if !q.Until.IsZero() {
		conds = append(conds, "id < $max_id")
		params = params.Param("$max_id").Uint64(1 << 62)
	}
	_, err := db.Query().QueryResultSet(ctx, "SELECT * FROM audit WHERE "+strings.Join(conds, " AND "), query.WithParameters(params.Build()), query.WithIdempotent())
	return err
}

// Window always bounds created_at: silent however it is built.
func Window(ctx context.Context, db *ydb.Driver, q AuditQuery) error {
	conds := []string{"created_at >= $since"}
	params := ydb.ParamsBuilder().Param("$since").Timestamp(q.Since)
	if q.ID != 0 {
		conds = append(conds, "id = $id")
		params = params.Param("$id").Uint64(q.ID)
	}
	_, err := db.Query().QueryResultSet(ctx, "SELECT * FROM audit WHERE "+strings.Join(conds, " AND "), query.WithParameters(params.Build()), query.WithIdempotent())
	return err
}
