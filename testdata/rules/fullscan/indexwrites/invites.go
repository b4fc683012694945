package indexwrites

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Invites changes invites by email, which only the ASYNC index email_idx
// leads with: the keys it returns may lag the table, so the ON form is
// advised with that caveat and not offered as a fix.
type Invites struct{ db *ydb.Driver }

// NewInvites wires the repository to the driver.
func NewInvites(db *ydb.Driver) *Invites { return &Invites{db: db} }

// Withdraw deletes every invite sent to an address.
func (r *Invites) Withdraw(ctx context.Context, email string) error {
	return r.db.Query().Exec(ctx, `DECLARE $email AS Utf8;
DELETE FROM invites WHERE email = $email;`, // want `DELETE reads every partition of invites.*DELETE FROM invites ON SELECT invite_id FROM invites VIEW email_idx WHERE … \(email_idx is ASYNC: the keys it returns may lag the table, so the ON form may miss rows the WHERE matches or write rows it no longer matches\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$email").Text(email).Build()))
}

// WithdrawByID is Withdraw's keyed twin.
func (r *Invites) WithdrawByID(ctx context.Context, inviteID uint64) error {
	return r.db.Query().Exec(ctx, `DECLARE $invite_id AS Uint64;
DELETE FROM invites WHERE invite_id = $invite_id;`,
		query.WithParameters(ydb.ParamsBuilder().Param("$invite_id").Uint64(inviteID).Build()))
}
