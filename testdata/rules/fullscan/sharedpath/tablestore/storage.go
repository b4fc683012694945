// Package tablestore keeps the benchmark's rows through the table service:
// the table is created at the shared path kept in a field, and queried
// under PRAGMA TablePathPrefix(path.Dir(p)) as path.Base(p), formatted once
// at construction. Both name the table created at the shared path.
package tablestore

import (
	"context"
	"fmt"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/rules/fullscan/sharedpath/workload"
)

const (
	readTemplate = `PRAGMA TablePathPrefix("%s");
DECLARE $id AS Uint64;
SELECT payload FROM ` + "`%s`" + ` WHERE id = $id;`
	// The payload is no key column: every partition is read.
	searchTemplate = `PRAGMA TablePathPrefix("%s");
DECLARE $payload AS Utf8;
SELECT id FROM ` + "`%s`" + ` WHERE payload = $payload;`  // want `SELECT reads every partition of <path.Base\(params.TablePath\)>:.*table <path.Base\(params.TablePath\)>, primary key \(id\)`
)

type storage struct {
	pool        table.Client
	tablePath   string
	readQuery   string
	searchQuery string
}

// New builds the storage of one run.
func New(pool table.Client, cfg *workload.Config) *storage {
	params := workload.ParseParams(cfg)
	prefix, name := path.Dir(params.TablePath), path.Base(params.TablePath)
	return &storage{
		pool:        pool,
		tablePath:   params.TablePath,
		readQuery:   fmt.Sprintf(readTemplate, prefix, name),
		searchQuery: fmt.Sprintf(searchTemplate, prefix, name),
	}
}

// Create makes the table, keyed by id.
func (s *storage) Create(ctx context.Context) error {
	return s.pool.Do(ctx, func(ctx context.Context, sess table.Session) error {
		return sess.CreateTable(ctx, s.tablePath,
			options.WithColumn("id", types.Optional(types.TypeUint64)),
			options.WithColumn("payload", types.Optional(types.TypeUTF8)),
			options.WithPrimaryKeyColumn("id"),
		)
	})
}

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

// Read is a keyed read: silent.
func (s *storage) Read(ctx context.Context, id uint64) error {
	return s.pool.Do(ctx, func(ctx context.Context, sess table.Session) error {
		_, res, err := sess.Execute(ctx, readTx, s.readQuery, table.NewQueryParameters(
			table.ValueParam("$id", types.Uint64Value(id)),
		))
		if err != nil {
			return err
		}
		return res.Close()
	})
}

// Search filters on the payload.
func (s *storage) Search(ctx context.Context, payload string) error {
	return s.pool.Do(ctx, func(ctx context.Context, sess table.Session) error {
		_, res, err := sess.Execute(ctx, readTx, s.searchQuery, table.NewQueryParameters(
			table.ValueParam("$payload", types.UTF8Value(payload)),
		))
		if err != nil {
			return err
		}
		return res.Close()
	})
}
