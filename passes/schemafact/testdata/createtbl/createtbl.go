package createtbl // want package:`schema\(/local/lines\(line_id\)@createtbl/createtbl.go:28; carts\(cart_id\)@bootstrap/bootstrap.go:13; events`

// Package createtbl creates a table through table.Session.CreateTable: the
// querysite pass decodes the options and schemafact applies the definition.
// (path.Join(db.Name(), "…") is keyed by the Name call here; the module scan
// finds both calls for packages that do not import this one.)

import (
	"context"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

type Store struct{ db *ydb.Driver }

func (s *Store) Create(ctx context.Context) error {
	return s.db.Table().Do(ctx, func(ctx context.Context, sess table.Session) error {
		if err := sess.CreateTable(ctx, path.Join(s.db.Name(), "unknown_prefix_lines"),
			options.WithColumn("id", types.TypeUint64),
			options.WithPrimaryKeyColumn("id"),
		); err != nil {
			return err
		}
		return sess.CreateTable(ctx, "/local/lines",
			options.WithColumn("line_id", types.TypeUint64),
			options.WithColumn("note", types.Optional(types.TypeUTF8)),
			options.WithPrimaryKeyColumn("line_id"),
		)
	})
}
