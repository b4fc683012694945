// want package:"reachesYDB" package:`ydbEval\(example.com/app/wrap.PragmaPtr\)`

// Package wrap executes query text (package B of the A→B→C chain).
package wrap

import (
	"context"
	"database/sql"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

type Repo struct{ DB *ydb.Driver }

// Exec runs q with options, inside a retry closure.
func (r *Repo) Exec(ctx context.Context, q string, opts ...query.ExecuteOption) error { // want Exec:`ydbSink\(query=1,params=2\)`
	return r.DB.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		return s.Exec(ctx, q, opts...)
	})
}

// Run forwards to Exec with a prefix.
func Run(ctx context.Context, r *Repo, q string) error { // want Run:`ydbSink\(text=PRAGMA x; \{2\}\)`
	return r.Exec(ctx, "PRAGMA x; "+q)
}

var db, _ = sql.Open("ydb", "grpc://h:1/db")

// SQL forwards args to database/sql.
func SQL(ctx context.Context, q string, args ...any) { // want SQL:`ydbSink\(query=1,params=2\)`
	_, _ = db.ExecContext(ctx, q, args...)
}

// ExecPtr reads the text through a *string parameter it never writes.
func ExecPtr(ctx context.Context, db *ydb.Driver, q *string) error { // want ExecPtr:`ydbSink\(text=\{\*2\}\)`
	return db.Query().Exec(ctx, *q)
}

// PragmaPtr returns the address of a fresh variable written once.
func PragmaPtr(prefix *string) *string {
	s := `PRAGMA TablePathPrefix("` + *prefix + `"); SELECT 1`
	return &s
}
