// Package sqlcatalog is a nightly job that reads products through
// database/sql on the table service engine.
package sqlcatalog

import (
	"context"
	"database/sql"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Job renders the shop catalogues.
type Job struct {
	drv   *ydb.Driver
	shops []uint64
}

func NewJob(drv *ydb.Driver, shops []uint64) *Job { return &Job{drv: drv, shops: shops} }

// Run reads every title of every shop: cut at 1000 rows per shop.
func (j *Job) Run(ctx context.Context) (map[uint64][]string, error) {
	db := sql.OpenDB(ydb.MustConnector(j.drv, ydb.WithQueryService(false)))
	defer db.Close()
	out := map[uint64][]string{}
	for _, shop := range j.shops {
		rows, err := db.QueryContext(ctx, "SELECT title FROM products WHERE shop_id = $shop;", sql.Named("shop", shop)) // want `SELECT from products may return more than 1000 rows through database/sql.DB.QueryContext: no LIMIT; database/sql.DB.QueryContext runs in table-service mode, .*; it reads table products, primary key .*`
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var t string
			if err := rows.Scan(&t); err != nil {
				rows.Close()
				return nil, err
			}
			out[shop] = append(out[shop], t)
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// RunPaged is Run's correct twin: pages of at most 100 rows.
func (j *Job) RunPaged(ctx context.Context, size int) (map[uint64][]string, error) {
	db := sql.OpenDB(ydb.MustConnector(j.drv, ydb.WithQueryService(false)))
	defer db.Close()
	size = min(size, 100)
	out := map[uint64][]string{}
	for _, shop := range j.shops {
		after := uint64(0)
		for {
			rows, err := db.QueryContext(ctx, "SELECT id, title FROM products WHERE shop_id = $shop AND id > $after ORDER BY id LIMIT $size;",
				sql.Named("shop", shop), sql.Named("after", after), sql.Named("size", size))
			if err != nil {
				return nil, err
			}
			n := 0
			for rows.Next() {
				var t string
				if err := rows.Scan(&after, &t); err != nil {
					rows.Close()
					return nil, err
				}
				out[shop] = append(out[shop], t)
				n++
			}
			if err := rows.Close(); err != nil {
				return nil, err
			}
			if n < size {
				break
			}
		}
	}
	return out, nil
}

// Titles reads the titles of the products a client picked: one row per
// id of the whole key (shop_id, id), any number of ids.
func (j *Job) Titles(ctx context.Context, shop uint64, ids []uint64) ([]string, error) {
	return j.titles(ctx, shop, ids)
}

// Featured is Titles' correct twin: at most 20 picked products.
func (j *Job) Featured(ctx context.Context, shop uint64, ids []uint64) ([]string, error) {
	if len(ids) > 20 {
		ids = ids[:20]
	}
	db := sql.OpenDB(ydb.MustConnector(j.drv, ydb.WithQueryService(false)))
	defer db.Close()
	vals := make([]types.Value, 0, len(ids))
	for _, id := range ids {
		vals = append(vals, types.Uint64Value(id))
	}
	return collect(db.QueryContext(ctx, "DECLARE $ids AS List<Uint64>; SELECT title FROM products WHERE shop_id = $shop AND id IN $ids;",
		sql.Named("shop", shop), sql.Named("ids", types.ListValue(vals...))))
}

func (j *Job) titles(ctx context.Context, shop uint64, ids []uint64) ([]string, error) {
	db := sql.OpenDB(ydb.MustConnector(j.drv, ydb.WithQueryService(false)))
	defer db.Close()
	vals := make([]types.Value, 0, len(ids))
	for _, id := range ids {
		vals = append(vals, types.Uint64Value(id))
	}
	return collect(db.QueryContext(ctx, "DECLARE $ids AS List<Uint64>; SELECT title FROM products WHERE shop_id = $shop AND id IN $ids;", // want `SELECT from products may return more than 1000 rows through database/sql.DB.QueryContext: no LIMIT; database/sql.DB.QueryContext runs in table-service mode, .*; it reads table products, primary key .*`
		sql.Named("shop", shop), sql.Named("ids", types.ListValue(vals...))))
}

// collect reads the title column.
func collect(rows *sql.Rows, err error) ([]string, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}
