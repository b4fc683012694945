// Command referenced serves the reference data.
package main

import (
	"context"
	"log"
	"os"

	"github.com/ydb-platform/ydb-go-sdk/v3"

	"example.com/sdkusage_seeded/reference"
)

func main() {
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB_DSN"))
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close(ctx)
	repo := reference.New(db.Table())
	for _, list := range []func(context.Context) ([]string, error){repo.Currencies, repo.Plans, repo.Countries, repo.Cities} {
		names, err := list(ctx)
		if err != nil {
			log.Fatal(err)
		}
		log.Println(names)
	}
	if err := repo.RenameCurrency(ctx, "Dollar"); err != nil {
		log.Fatal(err)
	}
}
