// Package store is a service's own data layer: the functions a team names
// in the sinks: section of .ydblint.yml because every query of the service
// goes through them.
package store

import (
	"context"
	"database/sql"

	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
)

// DB wraps the service's handles.
type DB struct{ sql *sql.DB }

// Exec runs a statement with table-service parameters.
func Exec(ctx context.Context, q string, params *table.QueryParameters) error { // want `Exec: YQL text 1, params 2`
	_, _, _ = ctx, q, params
	return nil
}

// Query runs a query-service statement with its options.
func (db *DB) Query(ctx context.Context, q string, opts ...query.ExecuteOption) error { // want `\(\*example.com/cfgsink/store.DB\).Query: YQL text 1, options 2`
	_, _, _ = ctx, q, opts
	return nil
}

// Select runs a database/sql query with its arguments.
func (db DB) Select(ctx context.Context, q string, args ...any) error { // want `\(example.com/cfgsink/store.DB\).Select: YQL text 1, args 2`
	_, err := db.sql.QueryContext(ctx, q, args...)
	return err
}

// Filter holds a query's parameters in the service's own type.
type Filter map[string]any

// Find takes parameters ydblint cannot decode: they exist, but are unknown.
func Find(ctx context.Context, q string, f Filter) error { // want `Find: YQL text 1, unknown params 2`
	_, _, _ = ctx, q, f
	return nil
}

// Raw takes the text only.
func Raw(q string) error { // want `Raw: YQL text 0`
	_ = q
	return nil
}

// Batch takes many texts as one variadic list: it does not fit a sink.
func Batch(ctx context.Context, qs ...string) error { // want `Batch: does not fit`
	_, _ = ctx, qs
	return nil
}

// Count's configured query argument is an int: it does not fit.
func Count(ctx context.Context, n int) error { // want `Count: does not fit`
	_, _ = ctx, n
	return nil
}

// NotConfigured is not in the configuration.
func NotConfigured(ctx context.Context, q string) error {
	_, _ = ctx, q
	return nil
}
