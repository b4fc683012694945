// Package handles opens database/sql handles every way Handles is
// asked about; each function named in handles_test.go begins a
// transaction on one of them.
package handles

import (
	"context"
	"database/sql"
	"os"

	"github.com/ydb-platform/ydb-go-sdk/v3"
)

var (
	ydbGlobal   *sql.DB
	YDBGlobal   *sql.DB // exported: other packages may store into it
	mixedGlobal *sql.DB
)

// hooks are called by code this package does not see.
var hooks []func(context.Context, *sql.DB)

type repo struct {
	db    *sql.DB
	mixed *sql.DB
	taken *sql.DB
	DB    *sql.DB
}

func Wire(ctx context.Context, drv *ydb.Driver) *repo {
	db := sql.OpenDB(ydb.MustConnector(drv))
	pg, _ := sql.Open("pgx", os.Getenv("PG"))
	ydbGlobal = db
	YDBGlobal = db
	mixedGlobal = db
	if os.Getenv("PG") != "" {
		mixedGlobal = pg
	}
	r := &repo{db: db, mixed: db, taken: db, DB: db}
	r.mixed = pg
	keep(&r.taken)
	ydbParam(ctx, db)
	mixedParam(ctx, db)
	mixedParam(ctx, pg)
	valueParam(ctx, db)
	hooks = append(hooks, valueParam)
	ExportedParam(ctx, db)
	return r
}

func keep(p **sql.DB) { _ = p }

func LocalConnector(ctx context.Context, drv *ydb.Driver) {
	c, err := ydb.Connector(drv, ydb.WithAutoDeclare())
	if err != nil {
		return
	}
	db := sql.OpenDB(c)
	_, _ = db.BeginTx(ctx, nil)
}

func OpenByName(ctx context.Context) {
	db, _ := sql.Open("ydb/v3", os.Getenv("YDB"))
	_, _ = db.BeginTx(ctx, nil)
}

func OpenPostgres(ctx context.Context) {
	db, _ := sql.Open("pgx", os.Getenv("PG"))
	_, _ = db.BeginTx(ctx, nil)
}

func OpenByVariableName(ctx context.Context) {
	db, _ := sql.Open(os.Getenv("DRIVER"), os.Getenv("DSN"))
	_, _ = db.BeginTx(ctx, nil)
}

func ConnOfYDB(ctx context.Context, drv *ydb.Driver) {
	db := sql.OpenDB(ydb.MustConnector(drv))
	cc, _ := db.Conn(ctx)
	_, _ = cc.BeginTx(ctx, nil)
}

func EitherYDB(ctx context.Context, drv *ydb.Driver) {
	db := sql.OpenDB(ydb.MustConnector(drv))
	if os.Getenv("OTHER") != "" {
		db, _ = sql.Open("ydb", os.Getenv("YDB"))
	}
	_, _ = db.BeginTx(ctx, nil)
}

func YDBOrPostgres(ctx context.Context, drv *ydb.Driver) {
	db := sql.OpenDB(ydb.MustConnector(drv))
	if os.Getenv("PG") != "" {
		db, _ = sql.Open("pgx", os.Getenv("PG"))
	}
	_, _ = db.BeginTx(ctx, nil)
}

func Captured(ctx context.Context, drv *ydb.Driver) {
	db := sql.OpenDB(ydb.MustConnector(drv))
	func() {
		_, _ = db.BeginTx(ctx, nil)
	}()
}

func CapturedAndReplaced(ctx context.Context, drv *ydb.Driver) {
	db := sql.OpenDB(ydb.MustConnector(drv))
	func() {
		db, _ = sql.Open("pgx", os.Getenv("PG"))
	}()
	_, _ = db.BeginTx(ctx, nil)
}

func UnexportedGlobal(ctx context.Context)   { _, _ = ydbGlobal.BeginTx(ctx, nil) }
func ExportedGlobal(ctx context.Context)     { _, _ = YDBGlobal.BeginTx(ctx, nil) }
func MixedGlobal(ctx context.Context)        { _, _ = mixedGlobal.BeginTx(ctx, nil) }
func (r *repo) Field(ctx context.Context)    { _, _ = r.db.BeginTx(ctx, nil) }
func (r *repo) Mixed(ctx context.Context)    { _, _ = r.mixed.BeginTx(ctx, nil) }
func (r *repo) Taken(ctx context.Context)    { _, _ = r.taken.BeginTx(ctx, nil) }
func (r *repo) Exported(ctx context.Context) { _, _ = r.DB.BeginTx(ctx, nil) }

func ydbParam(ctx context.Context, db *sql.DB)      { _, _ = db.BeginTx(ctx, nil) }
func mixedParam(ctx context.Context, db *sql.DB)    { _, _ = db.BeginTx(ctx, nil) }
func valueParam(ctx context.Context, db *sql.DB)    { _, _ = db.BeginTx(ctx, nil) }
func ExportedParam(ctx context.Context, db *sql.DB) { _, _ = db.BeginTx(ctx, nil) }
func uncalled(ctx context.Context, db *sql.DB)      { _, _ = db.BeginTx(ctx, nil) }
