// Package indexwrites changes organisation memberships and invites by a
// column a secondary index leads with. UPDATE and DELETE cannot name an
// index, so (with -strict, where the automatic index choice is reported)
// the fix selects the keys through the index and writes by key: UPDATE ON
// and DELETE ON. A shape the rewrite cannot keep exactly (a SET value
// that reads the row, an ASYNC index) gets the advice only.
package indexwrites

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Memberships changes memberships (keyed by membership_id; SYNC indexes
// user_idx (user_id) and user_org_idx (user_id, org_id)).
type Memberships struct{ db *ydb.Driver }

// NewMemberships wires the repository to the driver.
func NewMemberships(db *ydb.Driver) *Memberships { return &Memberships{db: db} }

func (m *Memberships) exec(ctx context.Context, q string, params ydb.Params) error {
	return m.db.Query().Exec(ctx, q, query.WithParameters(params))
}

// SetRole changes one user's role in one organisation.
func (m *Memberships) SetRole(ctx context.Context, userID, orgID uint64, role string) error {
	return m.exec(ctx, `DECLARE $user_id AS Uint64; DECLARE $org_id AS Uint64; DECLARE $role AS Utf8;
UPDATE memberships SET role = $role WHERE user_id = $user_id AND org_id = $org_id;`, // want `UPDATE may read every partition of memberships.*KQP may choose the SYNC index user_org_idx automatically; .*; .*; index user_org_idx leads with user_id, org_id, but UPDATE cannot read through an index: select the keys through it and update by key, UPDATE memberships ON SELECT membership_id, <the new values AS their columns> FROM memberships VIEW user_org_idx WHERE …`
		ydb.ParamsBuilder().Param("$user_id").Uint64(userID).Param("$org_id").Uint64(orgID).Param("$role").Text(role).Build())
}

// SetRoleFixed is SetRole's twin: the keys come through the index.
func (m *Memberships) SetRoleFixed(ctx context.Context, userID, orgID uint64, role string) error {
	return m.exec(ctx, `DECLARE $user_id AS Uint64; DECLARE $org_id AS Uint64; DECLARE $role AS Utf8;
UPDATE memberships ON SELECT membership_id, $role AS role FROM memberships VIEW user_org_idx WHERE user_id = $user_id AND org_id = $org_id;`,
		ydb.ParamsBuilder().Param("$user_id").Uint64(userID).Param("$org_id").Uint64(orgID).Param("$role").Text(role).Build())
}

// Suspend marks every membership of a user, with a literal and the
// query's clock: neither reads the row.
func (m *Memberships) Suspend(ctx context.Context, userID uint64) error {
	return m.exec(ctx, `DECLARE $user_id AS Uint64;
UPDATE memberships SET role = "suspended", suspended_at = CurrentUtcTimestamp() WHERE user_id = $user_id;`, // want `UPDATE may read every partition of memberships.*KQP may choose the SYNC index user_idx automatically; .*UPDATE memberships ON SELECT membership_id, <the new values AS their columns> FROM memberships VIEW user_idx WHERE …`
		ydb.ParamsBuilder().Param("$user_id").Uint64(userID).Build())
}

// SuspendFixed is Suspend's twin.
func (m *Memberships) SuspendFixed(ctx context.Context, userID uint64) error {
	return m.exec(ctx, `DECLARE $user_id AS Uint64;
UPDATE memberships ON SELECT membership_id, "suspended" AS role, CurrentUtcTimestamp() AS suspended_at FROM memberships VIEW user_idx WHERE user_id = $user_id;`,
		ydb.ParamsBuilder().Param("$user_id").Uint64(userID).Build())
}

// Tag appends to the role it reads: the new value reads the row, which
// the ON form would have to select through the index too. Advice, no fix.
func (m *Memberships) Tag(ctx context.Context, userID uint64, tag string) error {
	return m.exec(ctx, `DECLARE $user_id AS Uint64; DECLARE $tag AS Utf8;
UPDATE memberships SET role = role || $tag WHERE user_id = $user_id;`, // want `UPDATE may read every partition of memberships.*select the keys through it and update by key, UPDATE memberships ON SELECT membership_id, <the new values AS their columns> FROM memberships VIEW user_idx WHERE …`
		ydb.ParamsBuilder().Param("$user_id").Uint64(userID).Param("$tag").Text(tag).Build())
}

// TagFixed is Tag's twin, written by hand.
func (m *Memberships) TagFixed(ctx context.Context, userID uint64, tag string) error {
	return m.exec(ctx, `DECLARE $user_id AS Uint64; DECLARE $tag AS Utf8;
UPDATE memberships ON SELECT membership_id, role || $tag AS role FROM memberships VIEW user_idx WHERE user_id = $user_id;`,
		ydb.ParamsBuilder().Param("$user_id").Uint64(userID).Param("$tag").Text(tag).Build())
}

// Leave removes a user from every organisation, one user at a time.
func (m *Memberships) Leave(ctx context.Context, userIDs []uint64) error {
	for _, id := range userIDs {
		err := m.exec(ctx, `DECLARE $user_id AS Uint64;
DELETE FROM memberships WHERE user_id = $user_id;`, // want `DELETE may read every partition of memberships.*KQP may choose the SYNC index user_idx automatically; .*; .*; index user_idx leads with user_id, but DELETE cannot read through an index: select the keys through it and delete by key, DELETE FROM memberships ON SELECT membership_id FROM memberships VIEW user_idx WHERE …`
			ydb.ParamsBuilder().Param("$user_id").Uint64(id).Build())
		if err != nil {
			return err
		}
	}
	return nil
}

// LeaveFixed is Leave's twin.
func (m *Memberships) LeaveFixed(ctx context.Context, userIDs []uint64) error {
	for _, id := range userIDs {
		err := m.exec(ctx, `DECLARE $user_id AS Uint64;
DELETE FROM memberships ON SELECT membership_id FROM memberships VIEW user_idx WHERE user_id = $user_id;`,
			ydb.ParamsBuilder().Param("$user_id").Uint64(id).Build())
		if err != nil {
			return err
		}
	}
	return nil
}
