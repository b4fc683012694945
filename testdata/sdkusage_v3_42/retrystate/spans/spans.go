// Package spans reads trace spans with SDK v3.42.7 (ydb.Connection).
package spans

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

type Reader struct{ db ydb.Connection }

func New(db ydb.Connection) *Reader { return &Reader{db: db} }

// Services appends service names while the scan stream is received.
func (r *Reader) Services(ctx context.Context, limit uint64) ([]string, error) {
	out := make([]string, 0)
	err := r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		res, err := s.StreamExecuteScanQuery(ctx, "DECLARE $limit AS Uint64; SELECT service FROM services LIMIT $limit",
			table.NewQueryParameters(table.ValueParam("$limit", types.Uint64Value(limit))))
		if err != nil {
			return err
		}
		defer func() { _ = res.Close() }()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var v string
				if err := res.ScanWithDefaults(&v); err != nil {
					return err
				}
				out = append(out, v) // want `append to out runs again when table.Client.Do retries the closure; StreamResult.NextResultSet can fail after it.*; out is captured from outside the closure;`
			}
		}
		return res.Err()
	})
	return out, err
}

// ServicesFixed is Services' correct twin.
func (r *Reader) ServicesFixed(ctx context.Context, limit uint64) ([]string, error) {
	var out []string
	err := r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		out = make([]string, 0)
		res, err := s.StreamExecuteScanQuery(ctx, "DECLARE $limit AS Uint64; SELECT service FROM services LIMIT $limit",
			table.NewQueryParameters(table.ValueParam("$limit", types.Uint64Value(limit))))
		if err != nil {
			return err
		}
		defer func() { _ = res.Close() }()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var v string
				if err := res.ScanWithDefaults(&v); err != nil {
					return err
				}
				out = append(out, v)
			}
		}
		return res.Err()
	})
	return out, err
}
