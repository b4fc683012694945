// Package caller calls the wrapper with the helper's text (package C).
package caller

import (
	"context"

	"example.com/app/helpers"
	"example.com/app/wrap"
	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

func Get(ctx context.Context, r *wrap.Repo, id uint64) {
	_ = r.Exec(ctx, helpers.SelectFrom("users"), query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build())) // want `api=query.Executor.Exec text="SELECT \* FROM users WHERE id = \$id" params=\{\$id:Uint64 const=false\} chain=\(\*example.com/app/wrap.Repo\).Exec`
	_ = wrap.Run(ctx, r, "SELECT 6")                                                                                        // want `text="PRAGMA x; SELECT 6" params=\{\}\? chain=example.com/app/wrap.Run>\(\*example.com/app/wrap.Repo\).Exec`
	wrap.SQL(ctx, "SELECT 7 WHERE a = $p0", int32(1))                                                                       // want `api=database/sql.DB.ExecContext text="SELECT 7 WHERE a = \$p0" params=\{\$p0:Int32 const=true\} driver=ydb chain=example.com/app/wrap.SQL`
}

// execer has the shape of query.Client.Exec.
type execer interface {
	Exec(ctx context.Context, sql string, opts ...query.ExecuteOption) error
}

func Shape(ctx context.Context, e execer) {
	_ = e.Exec(ctx, "SELECT 5") // want `api=query.Client.Exec text="SELECT 5"`
}

// Pointers to text across packages: the facts carry {*k} pieces. The
// prefix is Pointers' parameter, so its callers check the text.
func Pointers(ctx context.Context, db *ydb.Driver, prefix string) {
	_ = wrap.ExecPtr(ctx, db, wrap.PragmaPtr(&prefix))
}

func HomePointers(ctx context.Context, db *ydb.Driver) {
	Pointers(ctx, db, "/local/home") // want `api=query.Client.Exec text="PRAGMA TablePathPrefix\(\\"/local/home\\"\); SELECT 1" params=\{\}\? chain=example.com/app/caller.Pointers>example.com/app/wrap.ExecPtr`
}

// Prefixed reads through a client that prefixes its queries (the
// evaluator's summary of helpers.Client.AddQueryPrefix): the folder is the
// client's fields, keyed, whoever holds the client.
func Prefixed(ctx context.Context, db *ydb.Driver, c *helpers.Client) {
	_ = db.Query().Exec(ctx, c.AddQueryPrefix("DELETE FROM jobs WHERE id = 1")) // want `text="PRAGMA TablePathPrefix\(\\"__ydblint_hole_0__/__ydblint_hole_1__\\"\);\\nDELETE FROM jobs WHERE id = 1" holes=\[field:example.com/app/helpers.Client.Database,field:example.com/app/helpers.Client.Folder\]`
}

// Insert calls an int-keyed lookup helper: its one entry, never the list.
func Insert(ctx context.Context, db *ydb.Driver) {
	_ = db.Query().Exec(ctx, helpers.Build("jaeger", helpers.InsertPart)) // want `text="UPSERT INTO \x60jaeger/partitions\x60 SELECT \* FROM AS_TABLE\(\$rows\)" params`
}
