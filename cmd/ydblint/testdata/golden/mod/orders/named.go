package orders

import (
	"context"
	"os"

	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// CountIn reads a table named by a helper whose result ydblint cannot
// know, spliced into the text inside the retried closure: -explain names
// the hole by the operand the closure splices (name), where it is
// spliced, not by the call inside tableName.
func (r *Repo) CountIn(ctx context.Context) error {
	name := r.tableName()
	return r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		_, err := s.QueryRow(ctx, "SELECT COUNT(*) FROM `"+name+"`")
		return err
	})
}

func (r *Repo) tableName() string { return os.Getenv("ORDERS_TABLE") }
