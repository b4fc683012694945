package handles

import (
	"context"
	"database/sql"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/retry"
)

func sink(db any) {}

func Connector(drv *ydb.Driver) {
	c, _ := ydb.Connector(drv, ydb.WithAutoDeclare(), ydb.WithPositionalArgs(), ydb.WithTablePathPrefix("/local/p"))
	sink(sql.OpenDB(c)) // want `mode=positional declare prefix=/local/p driver=ydb`
}

func DSN() {
	db, _ := sql.Open("ydb", "grpc://localhost:2136/local?go_query_bind=numeric,table_path_prefix(/local/app)")
	sink(db) // want `mode=numeric prefix=/local/app driver=ydb`
}

func OtherDriver() {
	db, _ := sql.Open("pgx", "postgres://localhost/db")
	sink(db) // want `mode=unknown driver=pgx`
}

func Retried(ctx context.Context, drv *ydb.Driver) error {
	db := sql.OpenDB(ydb.MustConnector(drv, ydb.WithNumericArgs()))
	return retry.Do(ctx, db, func(ctx context.Context, cc *sql.Conn) error {
		sink(cc) // want `mode=numeric driver=ydb`
		return nil
	})
}

// repo's handle is stored by one constructor: its binding is the
// constructor's.
type repo struct{ db *sql.DB }

func newRepo(drv *ydb.Driver) *repo {
	return &repo{db: sql.OpenDB(ydb.MustConnector(drv, ydb.WithPositionalArgs()))}
}

func (r *repo) query() {
	sink(r.db) // want `mode=positional driver=ydb`
}

// agree's callers all pass a handle binding the same way.
func agree(db *sql.DB) {
	sink(db) // want `mode=numeric driver=ydb`
}

func callAgree(drv *ydb.Driver) {
	agree(sql.OpenDB(ydb.MustConnector(drv, ydb.WithNumericArgs())))
	agree(sql.OpenDB(ydb.MustConnector(drv, ydb.WithNumericArgs())))
}

// differ's callers disagree: the binding is not guessed.
func differ(db *sql.DB) {
	sink(db) // want `mode=unknown$`
}

func callDiffer(drv *ydb.Driver) {
	differ(sql.OpenDB(ydb.MustConnector(drv, ydb.WithNumericArgs())))
	differ(sql.OpenDB(ydb.MustConnector(drv, ydb.WithPositionalArgs())))
}

// Exported: callers outside the package are not known.
func Exported(db *sql.DB) {
	sink(db) // want `mode=unknown$`
}
