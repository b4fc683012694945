// Package folder keeps accounts in a folder of the database that the
// service is given at start. The table's catalogue key is the folder
// field's Go identity; a finding names the table as the query wrote it.
package folder

import (
	"context"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Accounts is the repository of one tenant's accounts.
type Accounts struct {
	db     *ydb.Driver
	folder string
}

// NewAccounts wires the repository to the driver and the tenant's folder.
func NewAccounts(db *ydb.Driver, folder string) *Accounts { return &Accounts{db: db, folder: folder} }

// Create makes the accounts table, keyed by account_id.
func (r *Accounts) Create(ctx context.Context) error {
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.CreateTable(ctx, path.Join(r.db.Name(), r.folder, "accounts"),
			options.WithColumn("account_id", types.TypeUint64),
			options.WithColumn("email", types.Optional(types.TypeText)),
			options.WithPrimaryKeyColumn("account_id"))
	})
}

// ByEmail filters on a column that is not the key.
func (r *Accounts) ByEmail(ctx context.Context, email string) (query.Row, error) {
	return r.db.Query().QueryRow(ctx, "DECLARE $email AS Utf8; SELECT account_id FROM `"+r.folder+"/accounts` WHERE email = $email;", // want `SELECT reads every partition of <r.folder>/accounts: the predicate does not constrain the key column account_id; table <r.folder>/accounts, primary key \(account_id\) \(schema: fullscan/folder/accounts.go:\d+\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$email").Text(email).Build()))
}

// ByID is ByEmail's keyed twin.
func (r *Accounts) ByID(ctx context.Context, id uint64) (query.Row, error) {
	return r.db.Query().QueryRow(ctx, "DECLARE $id AS Uint64; SELECT email FROM `"+r.folder+"/accounts` WHERE account_id = $id;",
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
}

// Export lists accounts under the database root as well: the root is
// dropped, the folder shown as written.
func (r *Accounts) Export(ctx context.Context, domain string) (query.Result, error) {
	return r.db.Query().Query(ctx, "DECLARE $domain AS Utf8; SELECT account_id FROM `"+path.Join(r.db.Name(), r.folder, "accounts")+"` WHERE email LIKE $domain;", // want `SELECT reads every partition of <r.folder>/accounts\b.*table <r.folder>/accounts, primary key \(account_id\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$domain").Text("%@"+domain).Build()))
}

// Unverified filters under the folder given as the path prefix: the
// statement names the table by its last element.
func (r *Accounts) Unverified(ctx context.Context) (query.Result, error) {
	return r.db.Query().Query(ctx, "PRAGMA TablePathPrefix(\""+path.Join(r.db.Name(), r.folder)+"\"); SELECT account_id FROM accounts WHERE email IS NULL;") // want `SELECT reads every partition of accounts\b.*table accounts, primary key \(account_id\)`
}
