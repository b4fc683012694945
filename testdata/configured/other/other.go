// Package other is not in include-pkgs: nothing is reported here.
package other

import (
	"context"

	"example.com/configured/store"
)

func scan(ctx context.Context, d *store.DB) error {
	return d.Run(ctx, "SELECT * FROM events WHERE payload = 'x'", nil)
}
