// Command tracesvc wires the service's packages.
package main

import (
	"context"
	"log"
	"os"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"

	"example.com/modround/backfill"
	"example.com/modround/ingest"
	"example.com/modround/keeper"
	"example.com/modround/reports"
	"example.com/modround/search"
	"example.com/modround/sweeper"
)

func main() {
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB_CONNECTION_STRING"))
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close(ctx)
	_ = search.NewRepository(db).ByService(ctx, "api", 0)
	_ = search.NewRepository(db).SessionsOfShard(ctx, 1, 0)
	_ = ingest.NewWriter(db).WriteOperations(ctx, nil)
	_ = ingest.NewWriter(db).WriteServices(ctx, nil)
	_ = backfill.New(db).Services(ctx, nil)
	_ = backfill.New(db).Operations(ctx, nil)
	_ = reports.NewService(db).RecentOperations(ctx, 0)
	_ = reports.NewService(db).RecentSessions(ctx, 0)
	_ = keeper.NewStore(db).Save(ctx, nil)
	_ = sweeper.Tombstones(ctx, db, nil, 0)
}
