// Package loosewriter writes the (faulty) badidx records through writers
// whose table ydblint cannot pin down to known texts: it must stay silent.
package loosewriter

import (
	"context"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/rowalts/badidx"
)

func rowsOf(items []badidx.Indexable) []types.Value {
	rows := make([]types.Value, 0, len(items))
	for i, item := range items {
		fields := item.StructFields(uint8(i % 8))
		fields = append(fields, types.StructFieldValue("uniq", types.Uint32Value(uint32(i))))
		rows = append(rows, types.StructValue(fields...))
	}
	return rows
}

// ExportedWriter keeps its table in an exported field: any package may
// set it.
type ExportedWriter struct {
	Pool   table.Client
	Folder string
	Table  string
}

func NewExportedWriter(pool table.Client, folder, table string) *ExportedWriter {
	return &ExportedWriter{Pool: pool, Folder: folder, Table: table}
}

func (w *ExportedWriter) Write(ctx context.Context, items []badidx.Indexable) error {
	rows := rowsOf(items)
	return w.Pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(w.Folder, w.Table), types.ListValue(rows...))
	})
}

// switchingWriter's table is also set by a method any caller may use.
type switchingWriter struct {
	pool      table.Client
	folder    string
	tableName string
}

func newSwitchingWriter(pool table.Client, folder, tableName string) *switchingWriter {
	return &switchingWriter{pool: pool, folder: folder, tableName: tableName}
}

// UseTable redirects the writer (a blue/green table switch).
func (w *switchingWriter) UseTable(name string) { w.tableName = name }

func (w *switchingWriter) write(ctx context.Context, items []badidx.Indexable) error {
	rows := rowsOf(items)
	return w.pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(w.folder, w.tableName), types.ListValue(rows...))
	})
}

// configuredWriter's constructor is also called with a name from the
// configuration.
type configuredWriter struct {
	pool      table.Client
	folder    string
	tableName string
}

func newConfiguredWriter(pool table.Client, folder, tableName string) *configuredWriter {
	return &configuredWriter{pool: pool, folder: folder, tableName: tableName}
}

func (w *configuredWriter) write(ctx context.Context, items []badidx.Indexable) error {
	rows := rowsOf(items)
	return w.pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.BulkUpsert(ctx, path.Join(w.folder, w.tableName), types.ListValue(rows...))
	})
}

// Config names the extra index table.
type Config struct {
	Folder     string
	ExtraTable string
}

// Wire builds the writers and writes one batch with each.
func Wire(ctx context.Context, pool table.Client, cfg Config, items []badidx.Indexable) error {
	exported := NewExportedWriter(pool, cfg.Folder, "bix_tag")
	exported2 := NewExportedWriter(pool, cfg.Folder, "bix_service")
	switching := newSwitchingWriter(pool, cfg.Folder, "bix_tag")
	switching2 := newSwitchingWriter(pool, cfg.Folder, "bix_service")
	configured := newConfiguredWriter(pool, cfg.Folder, "bix_tag")
	extra := newConfiguredWriter(pool, cfg.Folder, cfg.ExtraTable)
	for _, err := range []error{
		exported.Write(ctx, items), exported2.Write(ctx, items),
		switching.write(ctx, items), switching2.write(ctx, items),
		configured.write(ctx, items), extra.write(ctx, items),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}
