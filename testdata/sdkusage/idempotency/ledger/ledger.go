// Package ledger keeps balances in tables it names under the database
// root, path.Join(db.Name(), …), as services that share one driver do.
package ledger

import (
	"context"
	"fmt"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Ledger moves money between accounts.
type Ledger struct {
	db     *ydb.Driver
	folder string
}

// New wires the ledger; folder groups its statistics tables.
func New(db *ydb.Driver, folder string) *Ledger { return &Ledger{db: db, folder: folder} }

func creditParams(id string, amount int64) ydb.Params {
	return ydb.ParamsBuilder().Param("$id").Text(id).Param("$amount").Int64(amount).Build()
}

// Credit adds to a balance and calls it idempotent. The message names the
// table as the query does relative to the database: account.
func (l *Ledger) Credit(ctx context.Context, id string, amount int64) error {
	q := fmt.Sprintf("DECLARE $id AS Utf8; DECLARE $amount AS Int64; UPDATE `%s` SET balance = balance + $amount WHERE id = $id;",
		path.Join(l.db.Name(), "account"))
	return l.db.Query().Exec(ctx, q, query.WithParameters(creditParams(id, amount)), query.WithIdempotent()) // want `query.WithIdempotent\(\) marks query.Client.Exec idempotent, but it adds to a value it overwrites; .*; it runs UPDATE account SET balance = balance \+ …`
}

// CreditOnce is Credit's correct twin: without the flag the retrier does
// not replay a write whose outcome it does not know.
func (l *Ledger) CreditOnce(ctx context.Context, id string, amount int64) error {
	q := fmt.Sprintf("DECLARE $id AS Utf8; DECLARE $amount AS Int64; UPDATE `%s` SET balance = balance + $amount WHERE id = $id;",
		path.Join(l.db.Name(), "account"))
	return l.db.Query().Exec(ctx, q, query.WithParameters(creditParams(id, amount)))
}

// CountCredit bumps the per-account statistics in the ledger's folder:
// the folder is shown as the expression that holds it.
func (l *Ledger) CountCredit(ctx context.Context, id string, amount int64) error {
	q := fmt.Sprintf("DECLARE $id AS Utf8; DECLARE $amount AS Int64; UPDATE `%s` SET credits = credits + 1, total = total + $amount WHERE id = $id;",
		path.Join(l.db.Name(), l.folder, "account_stats"))
	return l.db.Query().Exec(ctx, q, query.WithParameters(creditParams(id, amount)), query.WithIdempotent()) // want `marks query.Client.Exec idempotent, but it adds to a value it overwrites; .*; it runs UPDATE <l.folder>/account_stats SET credits = credits \+ …`
}

// CountCreditOnce is CountCredit's correct twin.
func (l *Ledger) CountCreditOnce(ctx context.Context, id string, amount int64) error {
	q := fmt.Sprintf("DECLARE $id AS Utf8; DECLARE $amount AS Int64; UPDATE `%s` SET credits = credits + 1, total = total + $amount WHERE id = $id;",
		path.Join(l.db.Name(), l.folder, "account_stats"))
	return l.db.Query().Exec(ctx, q, query.WithParameters(creditParams(id, amount)))
}
