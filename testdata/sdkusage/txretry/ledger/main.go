// Command ledger serves transfers between accounts kept in YDB, through
// database/sql, and writes an audit trail to Postgres.
package main

import (
	"context"
	"database/sql"
	"log"
	"os"

	"github.com/ydb-platform/ydb-go-sdk/v3"
)

// reports is the YDB database the nightly report reads, opened by DSN.
var reports *sql.DB

func main() {
	ctx := context.Background()
	drv, err := ydb.Open(ctx, os.Getenv("YDB_DSN"))
	if err != nil {
		log.Fatal(err)
	}
	defer drv.Close(ctx)

	db := sql.OpenDB(ydb.MustConnector(drv, ydb.WithAutoDeclare()))
	defer db.Close()

	// The audit trail lives in Postgres (the pgx stdlib driver is
	// registered by the binary's build).
	pg, err := sql.Open("pgx", os.Getenv("PG_DSN"))
	if err != nil {
		log.Fatal(err)
	}
	defer pg.Close()

	reports, err = sql.Open("ydb", os.Getenv("YDB_DSN"))
	if err != nil {
		log.Fatal(err)
	}

	acc := newAccounts(db)
	trail := newAuditTrail(pg)
	for _, t := range pendingTransfers() {
		if err := acc.Transfer(ctx, t.from, t.to, t.amount); err != nil {
			log.Print(err)
			continue
		}
		if err := acc.TransferRetried(ctx, t.from, t.to, t.amount); err != nil {
			log.Print(err)
		}
		if err := trail.Record(ctx, t.from, t.to, t.amount); err != nil {
			log.Print(err)
		}
	}
	if err := acc.Touch(ctx, "a"); err != nil {
		log.Print(err)
	}
	if err := acc.Rename(ctx, "a", "b"); err != nil {
		log.Print(err)
	}
	if tx, err := acc.beginReport(ctx); err == nil {
		_ = tx.Rollback()
	}
	if err := nightlyReport(ctx); err != nil {
		log.Print(err)
	}
	if err := resetBalances(ctx, db, []string{"a", "b"}); err != nil {
		log.Print(err)
	}
	if err := purge(ctx, db); err != nil {
		log.Print(err)
	}
	if err := purge(ctx, pg); err != nil {
		log.Print(err)
	}
}

type transfer struct {
	from, to string
	amount   int64
}

func pendingTransfers() []transfer {
	return []transfer{{"a", "b", 10}, {"b", "c", 5}}
}
