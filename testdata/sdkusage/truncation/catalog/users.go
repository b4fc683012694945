package catalog

import (
	"context"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result/named"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Users reads accounts; its table comes from migrations/00002_users.sql,
// invites' from CreateInvites below.
type Users struct{ c table.Client }

// NewUsers wires the repository to the driver's table client.
func NewUsers(c table.Client) *Users { return &Users{c: c} }

// CreateInvites creates the invites table: one row per invite code,
// unique by code.
func CreateInvites(ctx context.Context, c table.Client, db string) error {
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.CreateTable(ctx, path.Join(db, "invites"),
			options.WithColumn("id", types.Optional(types.TypeUint64)),
			options.WithColumn("code", types.Optional(types.TypeUTF8)),
			options.WithColumn("inviter", types.Optional(types.TypeUint64)),
			options.WithPrimaryKeyColumn("id"),
			options.WithIndex("invites_code_uidx",
				options.WithIndexColumns("code"),
				options.WithIndexType(options.GlobalUniqueIndex())),
			options.WithIndex("invites_inviter_idx",
				options.WithIndexColumns("inviter"),
				options.WithIndexType(options.GlobalIndex())),
		)
	})
}

// one runs a read and returns the first id it finds.
func (u *Users) one(ctx context.Context, q string, params *table.QueryParameters) (uint64, error) {
	var id uint64
	err := u.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, q, params)
		if err != nil {
			return err
		}
		defer res.Close()
		if res.NextResultSet(ctx) && res.NextRow() {
			if err := res.ScanNamed(named.Required("id", &id)); err != nil {
				return err
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return id, err
}

// ByEmail finds the account of an email: the unique index holds at most
// one row for it, read through the index or not.
func (u *Users) ByEmail(ctx context.Context, email string) (uint64, error) {
	return u.one(ctx, `DECLARE $email AS Utf8;
SELECT id FROM users WHERE email = $email;`,
		table.NewQueryParameters(table.ValueParam("$email", types.TextValue(email))))
}

// ByEmailView reads the same through the index.
func (u *Users) ByEmailView(ctx context.Context, email string) (uint64, error) {
	return u.one(ctx, `DECLARE $email AS Utf8;
SELECT id FROM users VIEW users_email_uidx WHERE email = $email;`,
		table.NewQueryParameters(table.ValueParam("$email", types.TextValue(email))))
}

// ByName is ByEmail's faulty twin: display names are not unique.
func (u *Users) ByName(ctx context.Context, name string) (uint64, error) {
	return u.one(ctx, `DECLARE $name AS Utf8;
SELECT id FROM users VIEW users_name_idx WHERE display_name = $name;`, // want `SELECT from users may return more than 1000 rows through \S+: no LIMIT; .*; it reads table users, primary key .*`
		table.NewQueryParameters(table.ValueParam("$name", types.TextValue(name))))
}

// ByEmails looks several emails up: as many rows as emails.
func (u *Users) ByEmails(ctx context.Context, emails []types.Value) (uint64, error) {
	return u.one(ctx, `DECLARE $emails AS List<Utf8>;
SELECT id FROM users VIEW users_email_uidx WHERE email IN $emails;`, // want `SELECT from users may return more than 1000 rows through \S+: no LIMIT; .*; it reads table users, primary key .*`
		table.NewQueryParameters(table.ValueParam("$emails", types.ListValue(emails...))))
}

// InviteByCode finds an invite by its code, unique by CreateInvites'
// GlobalUniqueIndex.
func (u *Users) InviteByCode(ctx context.Context, code string) (uint64, error) {
	return u.one(ctx, `DECLARE $code AS Utf8;
SELECT id FROM invites WHERE code = $code;`,
		table.NewQueryParameters(table.ValueParam("$code", types.TextValue(code))))
}

// InvitesBy is InviteByCode's faulty twin: an inviter sends many invites.
func (u *Users) InvitesBy(ctx context.Context, inviter uint64) (uint64, error) {
	return u.one(ctx, `DECLARE $inviter AS Uint64;
SELECT id FROM invites VIEW invites_inviter_idx WHERE inviter = $inviter;`, // want `SELECT from invites may return more than 1000 rows through \S+: no LIMIT; .*; it reads table invites, primary key .*`
		table.NewQueryParameters(table.ValueParam("$inviter", types.Uint64Value(inviter))))
}

// Search filters on a column no key it reads with starts with: fullscan
// reports the scan of every partition, the stronger finding, so it is not
// repeated here as a read past 1000 rows.
func (u *Users) Search(ctx context.Context, name string) (uint64, error) {
	return u.one(ctx, `DECLARE $name AS Utf8;
SELECT id FROM users VIEW PRIMARY KEY WHERE display_name = $name;`,
		table.NewQueryParameters(table.ValueParam("$name", types.TextValue(name))))
}
