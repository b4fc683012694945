// Package ignoring reads products with the per-call option that hides the
// table service's cut.
package ignoring

import (
	"context"
	"errors"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Feed builds the product feed for a shop.
type Feed struct{ c table.Client }

func NewFeed(c table.Client) *Feed { return &Feed{c: c} }

var readTx = table.OnlineReadOnlyTxControl()

// Titles returns whatever the first result set holds: a shop with 1500
// products gets 1000 titles and no error.
func (f *Feed) Titles(ctx context.Context, shop uint64) ([]string, error) {
	var titles []string
	err := f.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		titles = titles[:0]
		_, res, err := s.Execute(ctx, readTx, `DECLARE $shop AS Uint64;
SELECT title FROM products WHERE shop_id = $shop;`,
			table.NewQueryParameters(table.ValueParam("$shop", types.Uint64Value(shop))),
			options.WithIgnoreTruncated(), // want `options.WithIgnoreTruncated\(\) makes a result set the table service cut at 1000 rows look complete; .* error for this Execute,`
		)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var t string
				if err := res.ScanWithDefaults(&t); err != nil {
					return err
				}
				titles = append(titles, t)
			}
		}
		return res.Err()
	})
	return titles, err
}

// Title reads one product by its full key: the option cannot hide rows
// there, so it is not reported.
func (f *Feed) Title(ctx context.Context, shop, id uint64) (string, error) {
	var title string
	err := f.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, `DECLARE $shop AS Uint64; DECLARE $id AS Uint64;
SELECT title FROM products WHERE shop_id = $shop AND id = $id;`,
			table.NewQueryParameters(table.ValueParam("$shop", types.Uint64Value(shop)), table.ValueParam("$id", types.Uint64Value(id))),
			options.WithIgnoreTruncated(),
		)
		if err != nil {
			return err
		}
		defer res.Close()
		if res.NextResultSet(ctx) && res.NextRow() {
			return res.ScanWithDefaults(&title)
		}
		return res.Err()
	})
	return title, err
}

// ErrPartial says the feed was cut.
var ErrPartial = errors.New("feed is partial")

// TitlesChecked keeps the option but looks at the truncated flag: correct.
func (f *Feed) TitlesChecked(ctx context.Context, shop uint64) ([]string, error) {
	var titles []string
	err := f.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		titles = titles[:0]
		_, res, err := s.Execute(ctx, readTx, `DECLARE $shop AS Uint64;
SELECT title FROM products WHERE shop_id = $shop;`,
			table.NewQueryParameters(table.ValueParam("$shop", types.Uint64Value(shop))),
			options.WithIgnoreTruncated(),
		)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			if res.CurrentResultSet().Truncated() {
				return ErrPartial
			}
			for res.NextRow() {
				var t string
				if err := res.ScanWithDefaults(&t); err != nil {
					return err
				}
				titles = append(titles, t)
			}
		}
		return res.Err()
	})
	return titles, err
}

// IsPartial reports a cut result: code that handles result.ErrTruncated
// itself.
func IsPartial(err error) bool { return errors.Is(err, result.ErrTruncated) }
