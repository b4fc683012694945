// Package yqlrun holds the query helpers the accounts service shares: a
// row read that forwards its text to the session it is given.
package yqlrun

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Row reads one row of q on s.
func Row(ctx context.Context, s query.Session, q string, opts ...query.ExecuteOption) (query.Row, error) {
	return s.QueryRow(ctx, q, opts...)
}

// Notifier publishes account events; what it talks to is not ydblint's to see.
type Notifier interface {
	Publish(ctx context.Context, event string) error
}
