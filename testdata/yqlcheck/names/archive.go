package names

import (
	"context"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Archive keeps closed users in a folder of the database given at start.
type Archive struct {
	db     *ydb.Driver
	folder string
}

// NewArchive wires the archive.
func NewArchive(db *ydb.Driver, folder string) *Archive { return &Archive{db: db, folder: folder} }

func (a *Archive) table() string { return path.Join(a.db.Name(), a.folder, "closed_users") }

// Create makes the archive's table.
func (a *Archive) Create(ctx context.Context) error {
	return a.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.CreateTable(ctx, a.table(),
			options.WithColumn("user_id", types.TypeUint64),
			options.WithColumn("closed_at", types.Optional(types.TypeTimestamp)),
			options.WithPrimaryKeyColumn("user_id"))
	})
}

// ClosedAt names a column the table does not have: the message names the
// table as the statement wrote it (the folder's Go expression), never by an
// internal key, as the other rules do.
func (a *Archive) ClosedAt(ctx context.Context, id uint64) error {
	_, err := a.db.Query().QueryRow(ctx, "DECLARE $id AS Uint64; SELECT closed FROM `"+a.table()+"` WHERE user_id = $id;", // want `SELECT list names column closed, which table <a.folder>/closed_users does not have.*; table <a.folder>/closed_users is defined at \(schema: names/archive.go:\d+\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
	return err
}

// ClosedAtFixed is ClosedAt's correct twin.
func (a *Archive) ClosedAtFixed(ctx context.Context, id uint64) error {
	_, err := a.db.Query().QueryRow(ctx, "DECLARE $id AS Uint64; SELECT closed_at FROM `"+a.table()+"` WHERE user_id = $id;",
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
	return err
}
