// Package indexrows writes span index rows through an old SDK release:
// each record kind gives the fields of its row (an interface with several
// implementations), and one batching writer per index keeps its table in a
// field its constructor sets.
package indexrows

import (
	"context"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Record is one index record.
type Record interface {
	Fields(bucket uint8) []types.StructValueOption
}

type tagRecord struct{ key, value string }

// Tag indexes a tag.
func Tag(key, value string) Record { return tagRecord{key: key, value: value} }

func (t tagRecord) Fields(bucket uint8) []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("idx_hash", types.Uint64Value(uint64(bucket)<<56|uint64(len(t.key)))),
		types.StructFieldValue("name", types.UTF8Value(t.key+"="+t.value)),
	}
}

type serviceRecord struct{ service string }

// Service indexes a service; its row forgot the bucketed hash.
func Service(service string) Record { return serviceRecord{service: service} }

func (s serviceRecord) Fields(bucket uint8) []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("name", types.UTF8Value(s.service)),
	}
}

type writer struct {
	folder    string
	tableName string
}

func newWriter(folder, tableName string) *writer {
	return &writer{folder: folder, tableName: tableName}
}

func (w *writer) write(ctx context.Context, s table.Session, recs []Record) error {
	var rows []types.Value
	for i, r := range recs {
		fields := append(r.Fields(uint8(i%4)), types.StructFieldValue("seq", types.Uint64Value(uint64(i))))
		rows = append(rows, types.StructValue(fields...)) // want `BulkUpsert row has no field for key column idx_hash of every table the path may name: YDB rejects the batch; every table the path may name \(.*tag_idx .*service_idx .*\).*the row's fields come from \(indexrows.serviceRecord\).Fields`
	}
	return s.BulkUpsert(ctx, path.Join(w.folder, w.tableName), types.ListValue(rows...))
}

func indexOptions() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("idx_hash", types.TypeUint64),
		options.WithColumn("name", types.Optional(types.TypeUTF8)),
		options.WithColumn("seq", types.TypeUint64),
		options.WithPrimaryKeyColumn("idx_hash", "seq"),
	}
}

// Setup creates the index tables under folder.
func Setup(ctx context.Context, s table.Session, folder string) error {
	if err := s.CreateTable(ctx, path.Join(folder, "tag_idx"), indexOptions()...); err != nil {
		return err
	}
	return s.CreateTable(ctx, path.Join(folder, "service_idx"), indexOptions()...)
}

// Index writes both kinds of records to both indexes.
func Index(ctx context.Context, s table.Session, folder string, recs []Record) error {
	for _, w := range []*writer{newWriter(folder, "tag_idx"), newWriter(folder, "service_idx")} {
		if err := w.write(ctx, s, recs); err != nil {
			return err
		}
	}
	return nil
}
