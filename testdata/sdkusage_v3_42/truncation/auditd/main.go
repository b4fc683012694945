// Command auditd serves the audit log.
package main

import (
	"context"
	"log"
	"os"

	"github.com/ydb-platform/ydb-go-sdk/v3"

	"example.com/sdkusage_v3_42/truncation/audit"
)

func main() {
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB_DSN"), ydb.WithIgnoreTruncated()) // want `ydb.WithIgnoreTruncated\(\) makes a result set the table service cut at 1000 rows look complete`
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close(ctx)
	if _, err := audit.NewLog(db).All(ctx, "acme"); err != nil {
		log.Fatal(err)
	}
}
