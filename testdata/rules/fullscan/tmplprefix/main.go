// Command shelves is a small catalogue service written the way the SDK's
// examples are: its tables live under a folder given on the command line,
// CreateTable makes them, and every query is rendered from text/template
// with the folder as PRAGMA TablePathPrefix. The folder's string is only
// known at run time, but the DDL and the queries name their tables through
// the same package var, so the queries are checked against this program's
// tables, not against a table of the same name in another program of the
// module (archive/).
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
)

var (
	dsn    string
	prefix string
)

func main() {
	flag.StringVar(&dsn, "ydb", "grpc://localhost:2136/local", "YDB connection string")
	flag.StringVar(&prefix, "prefix", "shelves", "folder of the tables")
	flag.Parse()
	ctx := context.Background()
	db, err := ydb.Open(ctx, dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer func() { _ = db.Close(ctx) }()
	prefix = path.Join(db.Name(), prefix)

	if err := createTables(ctx, db.Table(), prefix); err != nil {
		log.Fatal(err)
	}
	if err := itemsOnShelf(ctx, db.Table(), prefix, 7); err != nil {
		log.Fatal(err)
	}
	if err := itemsByColor(ctx, db.Table(), prefix, "red"); err != nil {
		log.Fatal(err)
	}
	// A folder from the environment has no identity ydblint can follow:
	// this call's query text is not recovered, and nothing is reported.
	if err := itemsByColor(ctx, db.Table(), os.Getenv("ARCHIVE_FOLDER"), "red"); err != nil {
		log.Fatal(err)
	}
}
