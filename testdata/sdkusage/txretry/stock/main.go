// Command stock reserves items of a warehouse kept in YDB, through the
// native table service.
package main

import (
	"context"
	"log"
	"os"

	"github.com/ydb-platform/ydb-go-sdk/v3"

	"example.com/sdkusage/txretry/stock/sessions"
)

func main() {
	ctx := context.Background()
	drv, err := ydb.Open(ctx, os.Getenv("YDB_DSN"))
	if err != nil {
		log.Fatal(err)
	}
	defer drv.Close(ctx)

	items := newItems(drv.Table())
	for _, r := range pendingReservations() {
		if err := items.Reserve(ctx, r.item, r.count); err != nil {
			log.Print(err)
			continue
		}
		if err := items.ReserveRetried(ctx, r.item, r.count); err != nil {
			log.Print(err)
		}
		if err := items.ReserveInAttempt(ctx, r.item, r.count); err != nil {
			log.Print(err)
		}
		if err := items.Restock(ctx, r.item, r.count); err != nil {
			log.Print(err)
		}
		if err := items.RestockRetried(ctx, r.item, r.count); err != nil {
			log.Print(err)
		}
	}

	ledger, err := openLedger(ctx, drv.Table())
	if err != nil {
		log.Fatal(err)
	}
	defer ledger.Close(ctx)
	if err := ledger.Append(ctx, "a", 1); err != nil {
		log.Print(err)
	}

	if s, err := sessions.Open(ctx, drv.Table()); err == nil {
		if err := items.auditWith(ctx, s); err != nil {
			log.Print(err)
		}
		_ = s.Close(ctx)
	}
	if tx, err := items.beginCount(ctx); err == nil {
		_ = tx.Rollback(ctx)
	}
}

type reservation struct {
	item  string
	count int64
}

func pendingReservations() []reservation {
	return []reservation{{"apple", 2}, {"pear", 1}}
}
