// Command accountsd serves balances.
package main

import (
	"context"
	"log"
	"os"

	"github.com/ydb-platform/ydb-go-sdk/v3"

	"example.com/sdkusage/idempotency/accounts"
)

type logNotifier struct{}

func (logNotifier) Publish(_ context.Context, event string) error {
	log.Println(event)
	return nil
}

func main() {
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB_CONNECTION_STRING"))
	if err != nil {
		log.Fatal(err)
	}
	defer func() { _ = db.Close(ctx) }()
	repo := accounts.New(db, logNotifier{})
	balance, err := repo.Balance(ctx, "alice")
	if err != nil {
		log.Fatal(err)
	}
	log.Println(balance)
	if err := repo.Credit(ctx, "alice", 10); err != nil {
		log.Fatal(err)
	}
}
