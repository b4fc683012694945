// Package ledger books entries into a table that only cmd/provision creates.
package ledger

import (
	"context"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Ledger books entries.
type Ledger struct{ db *ydb.Driver }

// New wires the ledger.
func New(db *ydb.Driver) *Ledger { return &Ledger{db: db} }

// Book writes an entry; booked_idx leads with its Timestamp.
func (l *Ledger) Book(ctx context.Context, account, entry uint64, amount float64) error {
	return l.db.Query().Exec(ctx, `DECLARE $a AS Uint64; DECLARE $e AS Uint64; DECLARE $at AS Timestamp; DECLARE $amount AS Double;
UPSERT INTO ledger_entries (account_id, entry_id, booked_at, amount) VALUES ($a, $e, $at, $amount)`, // want `index booked_idx of ledger_entries leads with booked_at, of type Timestamp: one index partition takes every insert; .*it is the GLOBAL index booked_idx \(schema: setupschema/setupschema.go:18\) on table .*ledger_entries`
		query.WithParameters(ydb.ParamsBuilder().Param("$a").Uint64(account).Param("$e").Uint64(entry).
			Param("$at").Timestamp(time.Now()).Param("$amount").Double(amount).Build()))
}

// ByMemo filters on a column outside the key: every partition is read.
func (l *Ledger) ByMemo(ctx context.Context, memo string) error {
	_, err := l.db.Query().QueryResultSet(ctx, "DECLARE $m AS Utf8; SELECT entry_id FROM ledger_entries WHERE memo = $m", // want `SELECT reads every partition of ledger_entries\b.*table ledger_entries, primary key \(account_id, entry_id\) \(schema: setupschema/setupschema.go:17\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$m").Text(memo).Build()), query.WithIdempotent())
	return err
}

// OfAccount reads by the key's prefix: fine.
func (l *Ledger) OfAccount(ctx context.Context, account uint64) error {
	_, err := l.db.Query().QueryResultSet(ctx, "DECLARE $a AS Uint64; SELECT entry_id, amount FROM ledger_entries WHERE account_id = $a",
		query.WithParameters(ydb.ParamsBuilder().Param("$a").Uint64(account).Build()), query.WithIdempotent())
	return err
}
