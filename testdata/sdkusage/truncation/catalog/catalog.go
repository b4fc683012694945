// Package catalog lists a shop's products through the table service.
package catalog

import (
	"context"
	"errors"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result/named"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Product is one row of products.
type Product struct {
	ShopID, ID uint64
	Title      string
}

// Repo reads products.
type Repo struct{ c table.Client }

// New wires the repository to the driver's table client.
func New(c table.Client) *Repo { return &Repo{c: c} }

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

const listByShop = `DECLARE $shop AS Uint64;
SELECT shop_id, id, title FROM products WHERE shop_id = $shop;` // want `SELECT from products may return more than 1000 rows through table.Session.Execute: no LIMIT; .*returns the "more than 1000 rows: truncated result" \(result.ErrTruncated\) error.*; it reads table products, primary key .*`

// List returns every product of a shop: past 1000 products the result
// set is cut and res.Err() fails.
func (r *Repo) List(ctx context.Context, shop uint64) ([]Product, error) {
	var out []Product
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, listByShop, table.NewQueryParameters(table.ValueParam("$shop", types.Uint64Value(shop))))
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var p Product
				if err := res.ScanNamed(named.Required("shop_id", &p.ShopID), named.Required("id", &p.ID), named.Required("title", &p.Title)); err != nil {
					return err
				}
				out = append(out, p)
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return out, err
}

// Page is List's correct twin: a constant LIMIT and a key cursor.
func (r *Repo) Page(ctx context.Context, shop, after uint64) ([]Product, error) {
	var out []Product
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, `DECLARE $shop AS Uint64; DECLARE $after AS Uint64;
SELECT shop_id, id, title FROM products WHERE shop_id = $shop AND id > $after ORDER BY id LIMIT 500;`,
			table.NewQueryParameters(table.ValueParam("$shop", types.Uint64Value(shop)), table.ValueParam("$after", types.Uint64Value(after))))
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var p Product
				if err := res.ScanNamed(named.Required("shop_id", &p.ShopID), named.Required("id", &p.ID), named.Required("title", &p.Title)); err != nil {
					return err
				}
				out = append(out, p)
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return out, err
}

const pageQuery = `DECLARE $shop AS Uint64; DECLARE $limit AS Uint64;
SELECT shop_id, id, title FROM products WHERE shop_id = $shop ORDER BY id LIMIT $limit;` // want `may return more than 1000 rows through table.Session.Execute; .*; nothing keeps it to 1000 rows: a LIMIT whose value is not known to be at most 1000;`

// PageSized takes the page size from the caller unchecked: a client asking
// for 5000 gets an error past 1000.
func (r *Repo) PageSized(ctx context.Context, shop uint64, limit int) (int, error) {
	n := 0
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		n = 0
		_, res, err := s.Execute(ctx, readTx, pageQuery, table.NewQueryParameters(
			table.ValueParam("$shop", types.Uint64Value(shop)),
			table.ValueParam("$limit", types.Uint64Value(uint64(limit))),
		))
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
	})
	return n, err
}

// maxPage is the largest page the API serves.
const maxPage = 200

// PageClamped is PageSized's correct twin: the size is clamped first.
func (r *Repo) PageClamped(ctx context.Context, shop uint64, limit int) (int, error) {
	if limit <= 0 || limit > maxPage {
		limit = maxPage
	}
	n := 0
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		n = 0
		_, res, err := s.Execute(ctx, readTx, pageQuery, table.NewQueryParameters(
			table.ValueParam("$shop", types.Uint64Value(shop)),
			table.ValueParam("$limit", types.Uint64Value(uint64(limit))),
		))
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
	})
	return n, err
}

// PageMin clamps with min: correct.
func (r *Repo) PageMin(ctx context.Context, shop uint64, limit uint64) error {
	return r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, pageQuery, table.NewQueryParameters(
			table.ValueParam("$shop", types.Uint64Value(shop)),
			table.ValueParam("$limit", types.Uint64Value(min(limit, 100))),
		))
		if err != nil {
			return err
		}
		defer res.Close()
		return res.Err()
	})
}

// PageGuarded refuses oversized pages: correct.
func (r *Repo) PageGuarded(ctx context.Context, shop uint64, limit uint64) error {
	if limit > 1000 {
		return errors.New("page too large")
	}
	return r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, pageQuery, table.NewQueryParameters(
			table.ValueParam("$shop", types.Uint64Value(shop)),
			table.ValueParam("$limit", types.Uint64Value(limit)),
		))
		if err != nil {
			return err
		}
		defer res.Close()
		return res.Err()
	})
}

// Get reads one product by its full key: one row at most.
func (r *Repo) Get(ctx context.Context, shop, id uint64) (*Product, error) {
	var p *Product
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		p = nil
		_, res, err := s.Execute(ctx, readTx, `DECLARE $shop AS Uint64; DECLARE $id AS Uint64;
SELECT shop_id, id, title FROM products WHERE shop_id = $shop AND id = $id;`,
			table.NewQueryParameters(table.ValueParam("$shop", types.Uint64Value(shop)), table.ValueParam("$id", types.Uint64Value(id))))
		if err != nil {
			return err
		}
		defer res.Close()
		if res.NextResultSet(ctx) && res.NextRow() {
			p = &Product{}
			if err := res.ScanNamed(named.Required("shop_id", &p.ShopID), named.Required("id", &p.ID), named.Required("title", &p.Title)); err != nil {
				return err
			}
		}
		return res.Err()
	})
	return p, err
}

// Count is a global aggregate: one row.
func (r *Repo) Count(ctx context.Context, shop uint64) (uint64, error) {
	var n uint64
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, `DECLARE $shop AS Uint64;
SELECT COUNT(*) AS n FROM products WHERE shop_id = $shop;`,
			table.NewQueryParameters(table.ValueParam("$shop", types.Uint64Value(shop))))
		if err != nil {
			return err
		}
		defer res.Close()
		if res.NextResultSet(ctx) && res.NextRow() {
			if err := res.ScanNamed(named.Required("n", &n)); err != nil {
				return err
			}
		}
		return res.Err()
	})
	return n, err
}

// Export reads everything and checks the truncated flag itself: it knows
// about the cut.
func (r *Repo) Export(ctx context.Context, shop uint64) (complete bool, err error) {
	err = r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, listByShop, table.NewQueryParameters(table.ValueParam("$shop", types.Uint64Value(shop))))
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			complete = !res.CurrentResultSet().Truncated()
		}
		return res.Err()
	})
	return complete, err
}

// Orders lists a shop's orders inside a transaction: capped the same way.
func (r *Repo) Orders(ctx context.Context, shop uint64) (total int64, err error) {
	err = r.c.DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
		total = 0
		res, err := tx.Execute(ctx, `DECLARE $shop AS Uint64;
SELECT order_id, total FROM shop_orders WHERE shop_id = $shop;`, table.NewQueryParameters(table.ValueParam("$shop", types.Uint64Value(shop)))) // want `SELECT from shop_orders may return more than 1000 rows through table.TransactionActor.Execute; .*; nothing keeps it to 1000 rows: no LIMIT; it reads table shop_orders, primary key .*`
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var id uint64
				var t int64
				if err := res.ScanWithDefaults(&id, &t); err != nil {
					return err
				}
				total += t
			}
		}
		return res.Err()
	})
	return total, err
}

// FirstPages renders the storefront: every shop's first page, through a
// helper whose every caller passes a small constant.
func (r *Repo) FirstPages(ctx context.Context, shops []uint64) (int, error) {
	total := 0
	for _, shop := range shops {
		n, err := countPage(ctx, r.c, shop, 24)
		if err != nil {
			return 0, err
		}
		total += n
	}
	return total, nil
}

func countPage(ctx context.Context, c table.Client, shop uint64, limit int) (int, error) {
	n := 0
	err := c.Do(ctx, func(ctx context.Context, s table.Session) error {
		n = 0
		_, res, err := s.Execute(ctx, readTx, `DECLARE $shop AS Uint64; DECLARE $limit AS Uint64;
SELECT id FROM products WHERE shop_id = $shop ORDER BY id LIMIT $limit;`,
			table.NewQueryParameters(table.ValueParam("$shop", types.Uint64Value(shop)), table.ValueParam("$limit", types.Uint64Value(uint64(limit)))))
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
	})
	return n, err
}

// Browse walks a shop page by page with a cursor kept by the caller; the
// page size it passes is past the cut (countPage above is the twin whose
// every caller passes a small constant).
func (r *Repo) Browse(ctx context.Context, shop uint64) (int, error) {
	var lastID uint64
	lastTitle := ""
	seen := 0
	for {
		n, err := browsePage(ctx, r.c, shop, 5000, &lastID, &lastTitle)
		if err != nil {
			return 0, err
		}
		if n == 0 {
			return seen, nil
		}
		seen += n
	}
}

func browsePage(ctx context.Context, c table.Client, shop uint64, limit int, lastID *uint64, lastTitle *string) (int, error) {
	n := 0
	err := c.Do(ctx, func(ctx context.Context, s table.Session) error {
		n = 0
		_, res, err := s.Execute(ctx, readTx, `DECLARE $shop AS Uint64; DECLARE $limit AS Uint64; DECLARE $lastID AS Uint64; DECLARE $lastTitle AS Utf8;
SELECT id, title FROM products WHERE shop_id = $shop AND id > $lastID AND title > $lastTitle ORDER BY id LIMIT $limit;`, // want `LIMIT \$limit, which the Go code does not keep to 1000 or less`
			table.NewQueryParameters(
				table.ValueParam("$shop", types.Uint64Value(shop)),
				table.ValueParam("$limit", types.Uint64Value(uint64(limit))),
				table.ValueParam("$lastID", types.Uint64Value(*lastID)),
				table.ValueParam("$lastTitle", types.TextValue(*lastTitle)),
			))
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				if err := res.ScanWithDefaults(lastID, lastTitle); err != nil {
					return err
				}
				n++
			}
		}
		return res.Err()
	})
	return n, err
}
