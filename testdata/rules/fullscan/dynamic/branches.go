package dynamic

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

// Events reads the audit log through the table service; the query is
// chosen on a branch and read by the retrier's closure.
type Events struct {
	pool table.Client
}

// Latest picks one of two keyed reads: silent.
func (e *Events) Latest(ctx context.Context, org string, mine bool, user uint64) error {
	var q string
	if mine {
		q = "DECLARE $org AS Utf8; DECLARE $user AS Uint64;\nSELECT event_id FROM audit_events WHERE org_id = $org AND user_id = $user ORDER BY created_at DESC LIMIT 10"
	} else {
		q = "DECLARE $org AS Utf8; DECLARE $user AS Uint64;\nSELECT event_id FROM audit_events WHERE org_id = $org ORDER BY created_at DESC LIMIT 10"
	}
	return e.pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, q, table.NewQueryParameters(
			table.ValueParam("$org", types.UTF8Value(org)),
			table.ValueParam("$user", types.Uint64Value(user)),
		))
		if err != nil {
			return err
		}
		return res.Close()
	})
}

// ByUser forgets the organisation on one branch: that text reads every
// partition, reported once for the site.
func (e *Events) ByUser(ctx context.Context, org string, everywhere bool, user uint64) error {
	var q string
	if everywhere {
		q = "DECLARE $org AS Utf8; DECLARE $user AS Uint64;\nSELECT event_id FROM audit_events WHERE user_id = $user" // want `SELECT reads every partition of audit_events\b`
	} else {
		q = "DECLARE $org AS Utf8; DECLARE $user AS Uint64;\nSELECT event_id FROM audit_events WHERE org_id = $org AND user_id = $user"
	}
	return e.pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, q, table.NewQueryParameters(
			table.ValueParam("$org", types.UTF8Value(org)),
			table.ValueParam("$user", types.Uint64Value(user)),
		))
		if err != nil {
			return err
		}
		return res.Close()
	})
}
