// Command setup creates the span index tables. The deploy job runs it once
// per database; no service package imports it.
package main

import (
	"context"
	"log"
	"os"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

func main() {
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB_DSN"))
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close(ctx)
	err = db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		// Spans by service: the service's hash first, so that one busy
		// service does not keep a single partition hot.
		if err := s.CreateTable(ctx, path.Join(db.Name(), "service_index"),
			options.WithColumn("svc_hash", types.TypeUint64),
			options.WithColumn("service", types.TypeText),
			options.WithColumn("start_time", types.TypeInt64),
			options.WithColumn("trace_id", types.Optional(types.TypeBytes)),
			options.WithPrimaryKeyColumn("svc_hash", "service", "start_time"),
		); err != nil {
			return err
		}
		// Operations of a service, for the UI's drop-down.
		if err := s.CreateTable(ctx, path.Join(db.Name(), "operation_index"),
			options.WithColumn("service", types.TypeText),
			options.WithColumn("operation", types.TypeText),
			options.WithColumn("start_time", types.TypeInt64),
			options.WithColumn("trace_id", types.Optional(types.TypeBytes)),
			options.WithPrimaryKeyColumn("service", "operation", "start_time"),
		); err != nil {
			return err
		}
		// Operations of retired services, kept for a year.
		if err := s.CreateTable(ctx, path.Join(db.Name(), "operation_archive"),
			options.WithColumn("service", types.TypeText),
			options.WithColumn("operation", types.TypeText),
			options.WithColumn("start_time", types.TypeInt64),
			options.WithColumn("trace_id", types.Optional(types.TypeBytes)),
			options.WithPrimaryKeyColumn("service", "operation", "start_time"),
		); err != nil {
			return err
		}
		// Invoices by account, hash-prefixed like the spans.
		return s.CreateTable(ctx, path.Join(db.Name(), "billing/invoices"),
			options.WithColumn("account_hash", types.TypeUint64),
			options.WithColumn("account", types.TypeText),
			options.WithColumn("invoice_id", types.TypeUint64),
			options.WithColumn("amount", types.Optional(types.TypeInt64)),
			options.WithPrimaryKeyColumn("account_hash", "account", "invoice_id"),
		)
	})
	if err != nil {
		log.Fatal(err)
	}
}
