// Command applogs collects the logs of the platform's applications, the
// history of its feature flags and its job queues in YDB.
package main

import (
	"context"
	"log"
	"os"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
)

func main() {
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB_DSN"))
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close(ctx) //nolint:errcheck

	logs := newLogStore(db)
	for _, e := range []struct{ host, msg string }{{"h1", "started"}, {"h2", "ready"}} {
		if err := logs.API(ctx, e.host, e.msg); err != nil {
			log.Print(err)
		}
		if err := logs.Web(ctx, e.host, e.msg); err != nil {
			log.Print(err)
		}
		if err := logs.Worker(ctx, e.host, e.msg); err != nil {
			log.Print(err)
		}
		if err := logs.Cron(ctx, e.host, e.msg); err != nil {
			log.Print(err)
		}
		if err := logs.User(ctx, 42, e.msg); err != nil {
			log.Print(err)
		}
	}

	flags := newFlagHistory(db)
	if err := flags.Set(ctx, "dark-mode", true); err != nil {
		log.Print(err)
	}

	jobs := newQueues(db)
	if err := jobs.Fast(ctx, []byte("x")); err != nil {
		log.Print(err)
	}
	if err := jobs.Slow(ctx, []byte("y")); err != nil {
		log.Print(err)
	}
}
