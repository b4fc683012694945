// Command setup creates the tables. No querying package imports it: the
// schema it makes is found by the module scan.
package main

import (
	"context"
	"os"
	"path"
	"strconv"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/svc/schema"
)

type tool struct {
	db     *ydb.Driver
	folder string
}

// fullName is where the tables live.
func (t *tool) fullName(name string) string {
	return path.Join(t.db.Name(), t.folder, name)
}

func (t *tool) createTables(ctx context.Context) error {
	for name, definition := range schema.Tables {
		fullName := t.fullName(name)
		err := t.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
			return s.CreateTable(ctx, fullName, definition()...)
		})
		if err != nil {
			return err
		}
	}
	// Partitioned tables get a date suffix: a family of tables, tag_index_*.
	day := time.Now().Format("20060102")
	for name, def := range schema.PartitionTables {
		full := t.fullName(name + "_" + day)
		if err := t.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
			return s.CreateTable(ctx, full, def(4)...)
		}); err != nil {
			return err
		}
	}
	return nil
}

// archiveOptions builds the archive's options step by step.
func archiveOptions(ttl bool) []options.CreateTableOption {
	opts := []options.CreateTableOption{
		options.WithColumn("order_id", types.TypeUint64),
		options.WithColumn("note", types.Optional(types.TypeUTF8)),
	}
	opts = append(opts, options.WithPrimaryKeyColumn("order_id"))
	if ttl {
		opts = append(opts, options.WithColumn("expire_at", types.Optional(types.TypeTimestamp)))
	}
	return opts
}

func (t *tool) createArchive(ctx context.Context, extra []options.CreateTableOption) error {
	return t.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		if err := s.CreateTable(ctx, path.Join(t.db.Name(), "orders_archive"), archiveOptions(true)...); err != nil {
			return err
		}
		// Correct twin: options handed in from elsewhere are not known, so
		// this table is not added to the schema.
		return s.CreateTable(ctx, path.Join(t.db.Name(), "opaque_archive"), extra...)
	})
}

func main() {
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB_CONNECTION_STRING"))
	if err != nil {
		panic(err)
	}
	t := &tool{db: db, folder: "svc"}
	if err := t.createTables(ctx); err != nil {
		panic(err)
	}
	n, _ := strconv.Atoi(os.Getenv("N"))
	if err := t.createArchive(ctx, make([]options.CreateTableOption, n)); err != nil {
		panic(err)
	}
}
