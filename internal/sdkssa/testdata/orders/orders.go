// Package orders reads orders through the query service.
package orders

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

type Repo struct{ db query.Client }

func New(db query.Client) *Repo { return &Repo{db: db} }

func (r *Repo) Count(ctx context.Context) (n uint64, err error) {
	err = r.db.Do(ctx, func(ctx context.Context, s query.Session) error {
		row, err := s.QueryRow(ctx, "SELECT COUNT(*) FROM orders")
		if err != nil {
			return err
		}
		return row.Scan(&n)
	})
	return n, err
}
