// Package indexchoice looks organisation memberships up by user, and by
// user and organisation. memberships is keyed by membership_id and has two
// SYNC indexes, user_idx (user_id) and user_org_idx (user_id, org_id): a
// read without VIEW leaves the choice to KQP, and the finding (with
// -strict) names the index that serves the filter best, in its headline
// and in its VIEW fix alike.
package indexchoice

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Members reads memberships.
type Members struct{ db *ydb.Driver }

// NewMembers wires the repository to the driver.
func NewMembers(db *ydb.Driver) *Members { return &Members{db: db} }

func (m *Members) role(ctx context.Context, q string, params ydb.Params) (string, error) {
	row, err := m.db.Query().QueryRow(ctx, q, query.WithParameters(params), query.WithIdempotent())
	if err != nil {
		return "", err
	}
	var role string
	return role, row.Scan(&role)
}

// Role filters on both columns of user_org_idx: the headline and the fix
// name user_org_idx, not user_idx, which pins only its prefix.
func (m *Members) Role(ctx context.Context, userID, orgID uint64) (string, error) {
	return m.role(ctx, `DECLARE $user_id AS Uint64; DECLARE $org_id AS Uint64;
SELECT role FROM memberships WHERE user_id = $user_id AND org_id = $org_id;`, // want `SELECT may read every partition of memberships.*KQP may choose the SYNC index user_org_idx automatically; .*; .*; index user_org_idx leads with user_id, org_id: read through it with VIEW user_org_idx`
		ydb.ParamsBuilder().Param("$user_id").Uint64(userID).Param("$org_id").Uint64(orgID).Build())
}

// RoleFixed is Role's twin: it names the index.
func (m *Members) RoleFixed(ctx context.Context, userID, orgID uint64) (string, error) {
	return m.role(ctx, `DECLARE $user_id AS Uint64; DECLARE $org_id AS Uint64;
SELECT role FROM memberships VIEW user_org_idx WHERE user_id = $user_id AND org_id = $org_id;`,
		ydb.ParamsBuilder().Param("$user_id").Uint64(userID).Param("$org_id").Uint64(orgID).Build())
}

// AnyRole filters on user_id alone: both indexes pin it, user_idx pins
// all of its columns and is advised in both places.
func (m *Members) AnyRole(ctx context.Context, userID uint64) (string, error) {
	return m.role(ctx, `DECLARE $user_id AS Uint64;
SELECT role FROM memberships WHERE user_id = $user_id LIMIT 1;`, // want `SELECT may read every partition of memberships.*KQP may choose the SYNC index user_idx automatically; .*; .*; index user_idx leads with user_id: read through it with VIEW user_idx`
		ydb.ParamsBuilder().Param("$user_id").Uint64(userID).Build())
}

// AnyRoleFixed is AnyRole's twin.
func (m *Members) AnyRoleFixed(ctx context.Context, userID uint64) (string, error) {
	return m.role(ctx, `DECLARE $user_id AS Uint64;
SELECT role FROM memberships VIEW user_idx WHERE user_id = $user_id LIMIT 1;`,
		ydb.ParamsBuilder().Param("$user_id").Uint64(userID).Build())
}
