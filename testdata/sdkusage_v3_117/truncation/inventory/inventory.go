// Package inventory is a library: it receives its table client from the
// services that import it, and this module never opens a driver. The SDK
// (v3.117.0) has ydb.WithExecuteDataQueryOverQueryClient, so whether the
// cut applies is decided where the driver is opened: not reported.
package inventory

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

type Stock struct{ c table.Client }

func NewStock(c table.Client) *Stock { return &Stock{c: c} }

// Items lists a warehouse's items without a LIMIT.
func (s *Stock) Items(ctx context.Context, warehouse uint64) (map[uint64]int64, error) {
	items := map[uint64]int64{}
	err := s.c.Do(ctx, func(ctx context.Context, ss table.Session) error {
		clear(items)
		_, res, err := ss.Execute(ctx, table.OnlineReadOnlyTxControl(),
			"DECLARE $w AS Uint64; SELECT item_id, qty FROM stock WHERE warehouse_id = $w;",
			table.NewQueryParameters(table.ValueParam("$w", types.Uint64Value(warehouse))))
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var id uint64
				var qty int64
				if err := res.ScanWithDefaults(&id, &qty); err != nil {
					return err
				}
				items[id] = qty
			}
		}
		return res.Err()
	})
	return items, err
}
