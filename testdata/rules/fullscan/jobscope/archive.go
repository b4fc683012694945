// Package jobscope archives a day's events into a folder of its own: the
// job's folder (the day's name) and table are fields of a struct literal
// read by the retrier's closures, under PRAGMA TablePathPrefix of the
// database root joined with the folder. The DDL and the reads name one
// table, archived_events under that folder.
package jobscope

import (
	"context"
	"path"
	"time"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
)

type job struct {
	folder string
	table  string
	batch  int
}

// newJob is today's job: its folder is named by the date.
func newJob() *job {
	return &job{folder: time.Now().UTC().Format("2006_01_02"), table: "archived_events", batch: 500}
}

// Prepare creates today's table, keyed by id.
func Prepare(ctx context.Context, db *ydb.Driver) error {
	j := newJob()
	return db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.ExecuteSchemeQuery(ctx, `PRAGMA TablePathPrefix("`+path.Join(db.Name(), j.folder)+`");
CREATE TABLE `+j.table+` (id Uint64, kind Utf8, PRIMARY KEY (id));`)
	}, table.WithIdempotent())
}

// CountKind counts today's events of one kind, reading every partition.
func CountKind(ctx context.Context, db *ydb.Driver, kind string) (query.Row, error) {
	j := newJob()
	return db.Query().QueryRow(ctx, `PRAGMA TablePathPrefix("`+path.Join(db.Name(), j.folder)+`");
DECLARE $kind AS Utf8;
SELECT COUNT(*) FROM `+j.table+` WHERE kind = $kind;`, // want `SELECT reads every partition of archived_events\b.*table archived_events, primary key \(id\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$kind").Text(kind).Build()), query.WithIdempotent())
}

// Event is CountKind's keyed twin.
func Event(ctx context.Context, db *ydb.Driver, id uint64) (query.Row, error) {
	j := newJob()
	return db.Query().QueryRow(ctx, `PRAGMA TablePathPrefix("`+path.Join(db.Name(), j.folder)+`");
DECLARE $id AS Uint64;
SELECT kind FROM `+j.table+` WHERE id = $id;`,
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()), query.WithIdempotent())
}
