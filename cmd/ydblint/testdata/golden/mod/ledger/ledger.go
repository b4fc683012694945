// Package ledger keeps its own tables, which no migration of the module
// defines yet: none of its queries is checked, and -stats says so in one
// line instead of leaving a clean run.
package ledger

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

type Ledger struct{ db *ydb.Driver }

func New(db *ydb.Driver) *Ledger { return &Ledger{db: db} }

func (l *Ledger) Post(ctx context.Context, account, amount uint64) error {
	return l.db.Query().Exec(ctx, "DECLARE $a AS Uint64; DECLARE $v AS Uint64; UPSERT INTO entries (account, amount) VALUES ($a, $v)",
		query.WithParameters(ydb.ParamsBuilder().Param("$a").Uint64(account).Param("$v").Uint64(amount).Build()))
}

func (l *Ledger) Balance(ctx context.Context, account uint64) (query.Row, error) {
	return l.db.Query().QueryRow(ctx, "DECLARE $a AS Uint64; SELECT SUM(amount) FROM entries WHERE account = $a",
		query.WithParameters(ydb.ParamsBuilder().Param("$a").Uint64(account).Build()))
}
