package catalog

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// maxOrdersPage is the largest page of orders the API serves.
const maxOrdersPage = 100

// RecentOrders serves the API's page of orders, clamped here, in the
// caller of the helper that binds $limit.
func (r *Repo) RecentOrders(ctx context.Context, shop uint64, limit uint64) (int, error) {
	if limit > maxOrdersPage {
		limit = maxOrdersPage
	}
	return r.ordersPage(ctx, shop, limit)
}

// OrdersWidget serves the dashboard's page, clamped with min.
func (r *Repo) OrdersWidget(ctx context.Context, shop uint64, limit uint64) (int, error) {
	return r.ordersPage(ctx, shop, min(limit, 20))
}

// ordersPage binds the page size every caller has clamped: bounded.
func (r *Repo) ordersPage(ctx context.Context, shop uint64, limit uint64) (int, error) {
	return r.countRows(ctx, `DECLARE $shop AS Uint64; DECLARE $limit AS Uint64;
SELECT order_id FROM shop_orders WHERE shop_id = $shop ORDER BY order_id LIMIT $limit;`,
		table.NewQueryParameters(
			table.ValueParam("$shop", types.Uint64Value(shop)),
			table.ValueParam("$limit", types.Uint64Value(limit)),
		))
}

// RecentProducts clamps its page size from above only, and the helper
// converts the int to uint64: a negative size (?limit=-1) wraps to 2^64-1,
// no limit at all. ExportProducts does not clamp it at all.
func (r *Repo) RecentProducts(ctx context.Context, shop uint64, limit int) (int, error) {
	if limit > maxOrdersPage {
		limit = maxOrdersPage
	}
	return r.productsPage(ctx, shop, limit)
}

// ExportProducts passes the caller's size through.
func (r *Repo) ExportProducts(ctx context.Context, shop uint64, limit int) (int, error) {
	return r.productsPage(ctx, shop, limit)
}

func (r *Repo) productsPage(ctx context.Context, shop uint64, limit int) (int, error) {
	return r.countRows(ctx, `DECLARE $shop AS Uint64; DECLARE $limit AS Uint64;
SELECT id FROM products WHERE shop_id = $shop ORDER BY id LIMIT $limit;`, // want `SELECT from products may return more than 1000 rows through table.Session.Execute; .*; nothing keeps it to 1000 rows: a LIMIT whose value is not known to be at most 1000; it reads table products, primary key .*`
		table.NewQueryParameters(
			table.ValueParam("$shop", types.Uint64Value(shop)),
			table.ValueParam("$limit", types.Uint64Value(uint64(limit))),
		))
}

func (r *Repo) countRows(ctx context.Context, q string, params *table.QueryParameters) (int, error) {
	n := 0
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		n = 0
		_, res, err := s.Execute(ctx, readTx, q, params)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				n++
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return n, err
}
