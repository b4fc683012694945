package catalog

import (
	"context"
	"errors"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// MaxListPageSize is the largest page ListProducts serves.
const MaxListPageSize = 1000

// do2 runs one read with parameters built lazily, the way persistence
// layers wrap Session.Execute.
func (r *Repo) do2(ctx context.Context, q string, params func() *table.QueryParameters) (res result.Result, err error) {
	err = r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err = s.Execute(ctx, readTx, q, params())
		return err
	}, table.WithIdempotent())
	return res, err
}

// ListProducts validates the page size, then reads one page.
func (r *Repo) ListProducts(ctx context.Context, shop uint64, pageSize int) ([]uint64, error) {
	size := int32(pageSize)
	switch {
	case size < 0:
		return nil, errors.New("negative page size")
	case size == 0:
		size = MaxListPageSize
	case size > MaxListPageSize:
		return nil, errors.New("page size too large")
	}
	return r.listPage(ctx, shop, size)
}

func (r *Repo) listPage(ctx context.Context, shop uint64, pageSize int32) ([]uint64, error) {
	res, err := r.do2(ctx, `DECLARE $shop AS Uint64; DECLARE $page_size AS Int32;
SELECT id FROM products WHERE shop_id = $shop ORDER BY id LIMIT $page_size;`, func() *table.QueryParameters {
		return table.NewQueryParameters(
			table.ValueParam("$shop", types.Uint64Value(shop)),
			table.ValueParam("$page_size", types.Int32Value(pageSize)),
		)
	})
	if err != nil {
		return nil, err
	}
	return collectIDs(ctx, res)
}

// ListOrders is ListProducts' faulty twin: the page size is not checked.
func (r *Repo) ListOrders(ctx context.Context, shop uint64, pageSize int) ([]uint64, error) {
	res, err := r.do2(ctx, `DECLARE $shop AS Uint64; DECLARE $page_size AS Int32;
SELECT order_id FROM shop_orders WHERE shop_id = $shop ORDER BY order_id LIMIT $page_size;`, func() *table.QueryParameters { // want `SELECT from shop_orders may return more than 1000 rows through .*; it reads table shop_orders, primary key .*`
		return table.NewQueryParameters(
			table.ValueParam("$shop", types.Uint64Value(shop)),
			table.ValueParam("$page_size", types.Int32Value(int32(pageSize))),
		)
	})
	if err != nil {
		return nil, err
	}
	return collectIDs(ctx, res)
}

func collectIDs(ctx context.Context, res result.Result) ([]uint64, error) {
	defer res.Close()
	var ids []uint64
	for res.NextResultSet(ctx) {
		for res.NextRow() {
			var id uint64
			if err := res.ScanWithDefaults(&id); err != nil {
				return nil, err
			}
			ids = append(ids, id)
		}
	}
	return ids, res.Err()
}
