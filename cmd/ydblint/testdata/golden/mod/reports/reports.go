// Package reports reads cities.
package reports

import (
	"context"
	"os"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
)

// ByPopulation scans every partition; an index would serve it.
func ByPopulation(ctx context.Context, db *ydb.Driver) {
	_, _ = db.Query().QueryRow(ctx, "SELECT * FROM cities WHERE population = 1000")
}

// Missing reads a table no migration defines.
func Missing(ctx context.Context, db *ydb.Driver) {
	_, _ = db.Query().QueryRow(ctx, "SELECT * FROM nosuchtable WHERE id = 1")
}

// FromFile executes text read at run time.
func FromFile(ctx context.Context, db *ydb.Driver) error {
	text, err := os.ReadFile("report.sql")
	if err != nil {
		return err
	}
	return db.Query().Exec(ctx, string(text))
}

// Ping reads no table: nothing to plan, and -explain says so.
func Ping(ctx context.Context, db *ydb.Driver) error {
	_, err := db.Query().QueryRow(ctx, "SELECT 1")
	return err
}
