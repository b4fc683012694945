// Package pathsplit creates a table at a path held in a struct field and
// queries it under PRAGMA TablePathPrefix(path.Dir(p)) as path.Base(p): the
// two halves name the created table again.
package pathsplit

import (
	"context"
	"fmt"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

const (
	upsertTemplate = `PRAGMA TablePathPrefix("%s");
UPSERT INTO ` + "`%s`" + ` (h, id, v) VALUES (Digest::NumericHash($id), $id, $v);`
	readTemplate = `PRAGMA TablePathPrefix("%s");
SELECT v FROM ` + "`%s`" + ` WHERE id = $id;`  // want `SELECT binds id but not the hash-prefix column h of <path.Base\(cfg.Path\)>: it reads every partition; table <path.Base\(cfg.Path\)>, primary key \(h, id\)`
	// Same text, used with the directory of another value.
	misjoinedTemplate = `PRAGMA TablePathPrefix("%s");
SELECT v FROM ` + "`%s`" + ` WHERE id = $id;`
	pointTemplate = `PRAGMA TablePathPrefix("%s");
SELECT v FROM ` + "`%s`" + ` WHERE h = Digest::NumericHash($id) AND id = $id;`
)

type Config struct {
	Path  string
	Other string
}

type store struct {
	db                  *ydb.Driver
	path                string
	upsert, read, point string
	misjoined           string
}

func newStore(db *ydb.Driver, cfg Config) *store {
	dir, base := path.Dir(cfg.Path), path.Base(cfg.Path)
	return &store{
		db:     db,
		path:   cfg.Path,
		upsert: fmt.Sprintf(upsertTemplate, dir, base),
		read:   fmt.Sprintf(readTemplate, dir, base),
		point:  fmt.Sprintf(pointTemplate, dir, base),
		// The directory of one value and the name of another are no table
		// ydblint knows.
		misjoined: fmt.Sprintf(misjoinedTemplate, path.Dir(cfg.Other), base),
	}
}

func (s *store) create(ctx context.Context) error {
	return s.db.Table().Do(ctx, func(ctx context.Context, sess table.Session) error {
		return sess.CreateTable(ctx, s.path,
			options.WithColumn("h", types.Optional(types.TypeUint64)),
			options.WithColumn("id", types.Optional(types.TypeUint64)),
			options.WithColumn("v", types.Optional(types.TypeUTF8)),
			options.WithPrimaryKeyColumn("h", "id"),
		)
	})
}

func (s *store) write(ctx context.Context, id uint64) error {
	return s.db.Query().Exec(ctx, s.upsert, query.WithParameters(ydb.ParamsBuilder().
		Param("$id").Uint64(id).Param("$v").Text("x").Build()))
}

func (s *store) reads(ctx context.Context, id uint64) {
	_ = s.db.Query().Exec(ctx, s.read, query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
	_ = s.db.Query().Exec(ctx, s.point, query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
	_ = s.db.Query().Exec(ctx, s.misjoined, query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
}
