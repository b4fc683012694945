// Package spanwrite writes the span indexes through an old SDK release:
// one BulkUpsert helper takes the index's name and builds its path, each
// caller appending its own rows in a loop.
package spanwrite

import (
	"context"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Setup creates the index tables under folder.
func Setup(ctx context.Context, s table.Session, folder string) error {
	if err := s.CreateTable(ctx, path.Join(folder, "svc_idx"),
		options.WithColumn("svc_hash", types.TypeUint64),
		options.WithColumn("seq", types.TypeUint64),
		options.WithColumn("svc", types.Optional(types.TypeUTF8)),
		options.WithPrimaryKeyColumn("svc_hash", "seq"),
	); err != nil {
		return err
	}
	return s.CreateTable(ctx, path.Join(folder, "op_idx"),
		options.WithColumn("svc", types.TypeUTF8),
		options.WithColumn("op", types.TypeUTF8),
		options.WithColumn("seq", types.Optional(types.TypeUint64)),
		options.WithPrimaryKeyColumn("svc", "op"),
	)
}

// Span is one span to index.
type Span struct {
	Service, Operation string
	Hash, Seq          uint64
}

// Writer writes index rows under its folder.
type Writer struct {
	folder string
}

// NewWriter returns a writer for the tables under folder.
func NewWriter(folder string) *Writer { return &Writer{folder: folder} }

func (w *Writer) upsert(ctx context.Context, s table.Session, name string, rows []types.Value) error {
	return s.BulkUpsert(ctx, path.Join(w.folder, name), types.ListValue(rows...))
}

// Index writes both indexes: the service rows have no op, the operation
// rows no svc_hash — each goes to its own table.
func (w *Writer) Index(ctx context.Context, s table.Session, spans []Span) error {
	var services, ops []types.Value
	for _, sp := range spans {
		services = append(services, types.StructValue(
			types.StructFieldValue("svc_hash", types.Uint64Value(sp.Hash)),
			types.StructFieldValue("seq", types.Uint64Value(sp.Seq)),
			types.StructFieldValue("svc", types.OptionalValue(types.UTF8Value(sp.Service))),
		))
		ops = append(ops, types.StructValue(
			types.StructFieldValue("svc", types.UTF8Value(sp.Service)),
			types.StructFieldValue("op", types.UTF8Value(sp.Operation)),
		))
	}
	if err := w.upsert(ctx, s, "svc_idx", services); err != nil {
		return err
	}
	return w.upsert(ctx, s, "op_idx", ops)
}

// Services lists the services seen: rows without the operation, the
// second key column of op_idx.
func (w *Writer) Services(ctx context.Context, s table.Session, spans []Span) error {
	var rows []types.Value
	for _, sp := range spans {
		rows = append(rows, types.StructValue( // want `BulkUpsert row has no field for key column op of op_idx: YDB rejects the batch; table .*op_idx`
			types.StructFieldValue("svc", types.UTF8Value(sp.Service)),
		))
	}
	return w.upsert(ctx, s, "op_idx", rows)
}
