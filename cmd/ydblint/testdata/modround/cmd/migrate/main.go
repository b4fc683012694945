// Command migrate creates the service's tables. No package imports it.
package main

import (
	"context"
	"log"
	"os"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
)

const (
	createServiceIndex = `CREATE TABLE service_index (
	svc_hash Uint64, ts Int64, trace_id Utf8,
	PRIMARY KEY (svc_hash, ts, trace_id)
)`
	createOperationIndex = `CREATE TABLE operation_index (
	op_hash Uint64, ts Int64, trace_id Utf8,
	PRIMARY KEY (op_hash, ts, trace_id)
)`
	createSessions = `CREATE TABLE sessions (
	shard Uint64, created_at Int64, id Utf8,
	PRIMARY KEY (shard, created_at, id)
)`
)

func main() {
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB_CONNECTION_STRING"))
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close(ctx)
	for _, ddl := range []string{createServiceIndex, createOperationIndex, createSessions} {
		if err := db.Query().Exec(ctx, ddl); err != nil {
			log.Fatal(err)
		}
	}
}
