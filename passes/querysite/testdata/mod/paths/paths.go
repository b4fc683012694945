// Package paths builds table paths with path.Join, path.Dir and path.Base
// (goeval's path intrinsics). An environment variable read with a constant
// name is a keyed hole, as any call of an external function on keyed
// values: the DDL and the queries that read it share the key.
package paths

import (
	"context"
	"os"
	"path"
	"path/filepath"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

type repo struct {
	db     *ydb.Driver
	prefix string
}

func (r *repo) joins(ctx context.Context, elems []string) {
	q := r.db.Query()
	_ = q.Exec(ctx, "SELECT * FROM `"+path.Join(r.db.Name(), "orders")+"`")  // want `text="SELECT \* FROM \x60__ydblint_hole_0__/orders\x60" holes=\[call:github.com/ydb-platform/ydb-go-sdk/v3.\(\*Driver\).Name\]`
	_ = q.Exec(ctx, "SELECT * FROM `"+path.Join(r.prefix, "/sub/", "t")+"`") // want `text="SELECT \* FROM \x60__ydblint_hole_0__/sub/t\x60" holes=\[field:example.com/app/paths.repo.prefix\]`
	_ = q.Exec(ctx, "SELECT * FROM `"+path.Join("a", "", "b/", "/c")+"`")    // want `text="SELECT \* FROM \x60a/b/c\x60"`
	_ = q.Exec(ctx, "SELECT * FROM `"+path.Join("a/../b", "t")+"`")          // want `text="SELECT \* FROM \x60b/t\x60"`
	_ = q.Exec(ctx, "SELECT * FROM `"+path.Join(r.prefix, "../t")+"`")       // want `text="SELECT \* FROM \x60__ydblint_hole_0__\x60" holes=\[\]`
	_ = q.Exec(ctx, "SELECT * FROM `"+path.Join(elems...)+"`")               // want `text="SELECT \* FROM \x60__ydblint_hole_0__\x60" holes=\[\]`
	_ = q.Exec(ctx, "SELECT * FROM `"+filepath.Join(r.prefix, "t")+"`")      // want `text="SELECT \* FROM \x60__ydblint_hole_0__/t\x60" holes=\[field:example.com/app/paths.repo.prefix\]`
	_ = q.Exec(ctx, "SELECT * FROM `"+path.Join(os.Getenv("DIR"), "t")+"`")  // want `text="SELECT \* FROM \x60__ydblint_hole_0__/t\x60" holes=\[call:os.Getenv\("DIR"\)\]`
	_ = q.Exec(ctx, "SELECT * FROM `"+tableIn(r.prefix)+"`")                 // want `text="SELECT \* FROM \x60__ydblint_hole_0__/t\x60" holes=\[field:example.com/app/paths.repo.prefix\]`
}

// tableIn's summary keeps its parameter through path.Join.
func tableIn(dir string) string { return path.Join(dir, "t") }

func (r *repo) dirBase(ctx context.Context) {
	q := r.db.Query()
	_ = q.Exec(ctx, "PRAGMA TablePathPrefix(\""+path.Dir(r.prefix)+"\"); SELECT * FROM `"+path.Base(r.prefix)+"`") // want `text="PRAGMA TablePathPrefix\(\\"__ydblint_hole_0__\\"\); SELECT \* FROM \x60__ydblint_hole_1__\x60" holes=\[dir:field:example.com/app/paths.repo.prefix,base:field:example.com/app/paths.repo.prefix\]`
	_ = q.Exec(ctx, "SELECT * FROM `"+path.Dir(path.Join(r.prefix, "t"))+"/u`")                                    // want `text="SELECT \* FROM \x60__ydblint_hole_0__/u\x60" holes=\[field:example.com/app/paths.repo.prefix\]`
	_ = q.Exec(ctx, "SELECT * FROM `"+path.Base(path.Join(r.prefix, "t"))+"`")                                     // want `text="SELECT \* FROM \x60t\x60"`
	_ = q.Exec(ctx, "SELECT * FROM `"+path.Base("/db/dir/t/")+path.Dir("/db/x")+"`")                               // want `text="SELECT \* FROM \x60t/db\x60"`
	_ = q.Exec(ctx, "SELECT * FROM `"+path.Base(os.Getenv("DIR"))+"`")                                             // want `text="SELECT \* FROM \x60__ydblint_hole_0__\x60" holes=\[base:call:os.Getenv\("DIR"\)\]`
	_ = q.Exec(ctx, "SELECT * FROM `"+path.Base(r.prefix+"x")+"`")                                                 // want `text="SELECT \* FROM \x60__ydblint_hole_0__\x60" holes=\[\]`
	_ = q.Exec(ctx, "SELECT * FROM `"+path.Dir(r.prefix+"/a/..")+"`")                                              // want `text="SELECT \* FROM \x60__ydblint_hole_0__\x60" holes=\[\]`
}

// createTables forwards its parameter to two calls: the summary covers the
// first (its callers are the sites), the second is a site of its own; its
// only caller passes path.Join(db.Name(), "app"), which the parameter
// takes there (paramkey.go).
func createTables(ctx context.Context, c query.Client, prefix string) {
	_ = c.Exec(ctx, "CREATE TABLE `"+path.Join(prefix, "a")+"` (id Uint64, PRIMARY KEY (id))")
	_ = c.Exec(ctx, "CREATE TABLE `"+path.Join(prefix, "b")+"` (id Uint64, PRIMARY KEY (id))") // want `text="CREATE TABLE \x60__ydblint_hole_0__/app/b\x60 \(id Uint64, PRIMARY KEY \(id\)\)" holes=\[call:github.com/ydb-platform/ydb-go-sdk/v3.\(\*Driver\).Name\]`
}

func (r *repo) create(ctx context.Context) {
	createTables(ctx, r.db.Query(), path.Join(r.db.Name(), "app")) // want `text="CREATE TABLE \x60__ydblint_hole_0__/app/a\x60 \(id Uint64, PRIMARY KEY \(id\)\)" holes=\[call:github.com/ydb-platform/ydb-go-sdk/v3.\(\*Driver\).Name\] params=\{\}\? chain=example.com/app/paths.createTables`
}

// The table path is computed from a parameter, not forwarded whole: the
// site keeps it with the parameter as a hole.
func createSeries(ctx context.Context, db *ydb.Driver, prefix string) {
	_ = db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.CreateTable(ctx, path.Join(prefix, "series"), options.WithColumn("id", types.TypeUint64), options.WithPrimaryKeyColumn("id")) // want `kind=createtable table="__ydblint_hole_0__/series"`
	})
}
