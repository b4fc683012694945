// Command accountsd serves account balances; -check only probes the
// database and exits.
package main

import (
	"context"
	"flag"
	"log"
	"os"

	"github.com/ydb-platform/ydb-go-sdk/v3"

	"example.com/sdkusage/sessionescape/accounts"
)

func main() {
	check := flag.Bool("check", false, "probe the database and exit")
	flag.Parse()
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB_CONNECTION_STRING"))
	if err != nil {
		log.Fatal(err)
	}
	defer func() { _ = db.Close(ctx) }()
	if *check {
		if err := probe(ctx, db); err != nil {
			log.Fatal(err)
		}
		return
	}
	repo := accounts.NewRepository(db.Table())
	if err := repo.Touch(ctx); err != nil {
		log.Fatal(err)
	}
	if err := probeLeaky(ctx, db); err != nil {
		log.Print(err)
	}
}

// probe closes its session on every path.
func probe(ctx context.Context, db *ydb.Driver) error {
	s, err := db.Table().CreateSession(ctx)
	if err != nil {
		return err
	}
	defer s.Close(ctx)
	log.Printf("session %s on %s", s.ID(), db.Name())
	return s.KeepAlive(ctx)
}

// probeLeaky logs and returns without closing when the keep-alive fails.
func probeLeaky(ctx context.Context, db *ydb.Driver) error {
	s, err := db.Table().CreateSession(ctx) // want `in probeLeaky is left open on some returns; .*; it is still open at the return at line 59;`
	if err != nil {
		log.Fatal(err)
	}
	if err := s.KeepAlive(ctx); err != nil {
		log.Printf("keep-alive: %v", err)
		return err
	}
	return s.Close(ctx)
}
