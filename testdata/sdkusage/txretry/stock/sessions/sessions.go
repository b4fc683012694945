// Package sessions hands out table sessions made outside the pool, for
// long-running maintenance jobs.
package sessions

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
)

// Open creates a session the caller must close.
func Open(ctx context.Context, c table.Client) (table.ClosableSession, error) {
	return c.CreateSession(ctx) //nolint:staticcheck // maintenance jobs hold one session
}
