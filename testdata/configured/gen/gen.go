// Package gen is excluded by exclude-pkgs: nothing is reported here, but
// its wrapper still exports the fact that makes Q's callers query sites.
package gen

import (
	"context"

	"example.com/configured/store"
)

// Q forwards its text to the configured sink.
func Q(ctx context.Context, d *store.DB, q string) error {
	return d.Run(ctx, q, nil)
}

func scan(ctx context.Context, d *store.DB) error {
	return d.Run(ctx, "SELECT * FROM events WHERE payload = 'x'", nil)
}
