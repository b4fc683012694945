// Package shop lists orders; its driver runs data queries over the query
// service (cmd/shopd), so the table service's 1000-row cut never applies.
package shop

import (
	"context"
	"database/sql"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

type Orders struct{ c table.Client }

func NewOrders(c table.Client) *Orders { return &Orders{c: c} }

var readTx = table.OnlineReadOnlyTxControl()

// All lists a customer's orders without a LIMIT: not cut here.
func (o *Orders) All(ctx context.Context, customer uint64) ([]uint64, error) {
	var ids []uint64
	err := o.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		ids = ids[:0]
		_, res, err := s.Execute(ctx, readTx, "DECLARE $c AS Uint64; SELECT order_id FROM orders WHERE customer_id = $c;",
			table.NewQueryParameters(table.ValueParam("$c", types.Uint64Value(customer))))
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var id uint64
				if err := res.ScanWithDefaults(&id); err != nil {
					return err
				}
				ids = append(ids, id)
			}
		}
		return res.Err()
	})
	return ids, err
}

// Report reads through database/sql on the table engine: the same driver
// option lifts the cut there too (xtable runs Session.Execute).
func Report(ctx context.Context, drv *ydb.Driver, customer uint64) (int, error) {
	db := sql.OpenDB(ydb.MustConnector(drv, ydb.WithQueryService(false)))
	defer db.Close()
	rows, err := db.QueryContext(ctx, "SELECT order_id FROM orders WHERE customer_id = $c;", sql.Named("c", customer))
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
	}
	return n, rows.Err()
}
