// Package series is a catalogue of TV series read through the table
// service: each read has a faulty form and its correct twin.
package series

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result/named"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Series is one row of series.
type Series struct {
	ID    uint64
	Title string
	Views uint64
}

// Repo reads series.
type Repo struct{ c table.Client }

// New wires the repository to the driver's table client.
func New(c table.Client) *Repo { return &Repo{c: c} }

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

const (
	listSeries = `SELECT series_id, title, views FROM series LIMIT 100;`
	countViews = `DECLARE $min AS Uint64; SELECT COUNT(*) FROM series WHERE views >= $min;`
	oneTitle   = `DECLARE $id AS Uint64; SELECT title, views AS seen FROM series WHERE series_id = $id;`
)

// List scans the Uint64 key into an int64 and the nullable title into a
// plain string: both fail on the first row.
func (r *Repo) List(ctx context.Context) ([]Series, error) {
	var out []Series
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, listSeries, nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var (
					id    int64
					title string
					views uint64
				)
				if err := res.Scan(&id, &title, &views); err != nil { // want `Scan scans result column 1 \(series_id\), Uint64 NOT NULL, into \*int64: .*; the table service cannot decode Uint64 into int64 and fails every row.*; result column 1 \(series_id\) is column series_id of table series, schema .*00001_series.sql:3.*; scan into \*uint64` `Scan scans result column 2 \(title\), Utf8\?, into \*string: .*; the table service scans an Optional value only into a double pointer .*scan into \*\*string \(nil for NULL\), or use ScanWithDefaults`
					return err
				}
				out = append(out, Series{ID: uint64(id), Title: title, Views: views})
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return out, err
}

// ListFixed is List's correct twin: the key as uint64, the title through
// a double pointer.
func (r *Repo) ListFixed(ctx context.Context) ([]Series, error) {
	var out []Series
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, listSeries, nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var (
					id    uint64
					title *string
					views uint64
				)
				if err := res.Scan(&id, &title, &views); err != nil {
					return err
				}
				row := Series{ID: id, Views: views}
				if title != nil {
					row.Title = *title
				}
				out = append(out, row)
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return out, err
}

// ListDefaults is List's other correct twin: ScanWithDefaults reads a
// NULL title as "".
func (r *Repo) ListDefaults(ctx context.Context) ([]Series, error) {
	var out []Series
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, listSeries, nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var row Series
				if err := res.ScanWithDefaults(&row.ID, &row.Title, &row.Views); err != nil {
					return err
				}
				out = append(out, row)
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return out, err
}

// CountViews scans COUNT(*), a Uint64, into an int64.
func (r *Repo) CountViews(ctx context.Context, min uint64) (int64, error) {
	var n int64
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, countViews, table.NewQueryParameters(table.ValueParam("$min", types.Uint64Value(min))))
		if err != nil {
			return err
		}
		defer res.Close()
		if res.NextResultSet(ctx) && res.NextRow() {
			if err := res.Scan(&n); err != nil { // want `Scan scans result column 1, Uint64, into \*int64: .*; the table service cannot decode Uint64 into int64.*; result column 1 is COUNT\(\*\)`
				return err
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return n, err
}

// CountViewsFixed is CountViews' correct twin.
func (r *Repo) CountViewsFixed(ctx context.Context, min uint64) (uint64, error) {
	var n uint64
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, countViews, table.NewQueryParameters(table.ValueParam("$min", types.Uint64Value(min))))
		if err != nil {
			return err
		}
		defer res.Close()
		if res.NextResultSet(ctx) && res.NextRow() {
			if err := res.Scan(&n); err != nil {
				return err
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return n, err
}

// Title reads by name: named.Optional wants a double pointer, and the
// NOT NULL views column does not fit an int32.
func (r *Repo) Title(ctx context.Context, id uint64) (string, error) {
	var (
		title string
		seen  int32
	)
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, oneTitle, table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				if err := res.ScanNamed(
					named.Optional("title", &title), // want `ScanNamed scans column title, Utf8\?, into \*string: .*; the table service scans an Optional value only into a double pointer`
					named.Required("seen", &seen),   // want `ScanNamed scans column seen, Uint64 NOT NULL, into \*int32: .*; the table service cannot decode Uint64 into int32`
				); err != nil {
					return err
				}
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return title, err
}

// TitleFixed is Title's correct twin.
func (r *Repo) TitleFixed(ctx context.Context, id uint64) (string, error) {
	var (
		title string
		seen  uint64
	)
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, oneTitle, table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				if err := res.ScanNamed(
					named.OptionalWithDefault("title", &title),
					named.Required("seen", &seen),
				); err != nil {
					return err
				}
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return title, err
}

// Views scans the NOT NULL views column into a double pointer.
func (r *Repo) Views(ctx context.Context) ([]uint64, error) {
	var out []uint64
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, `SELECT views FROM series LIMIT 100;`, nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var v *uint64
				if err := res.Scan(&v); err != nil { // want `Scan scans result column 1 \(views\), Uint64 NOT NULL, into \*\*uint64: .*; the table service scans a non-Optional value only into a single pointer`
					return err
				}
				if v != nil {
					out = append(out, *v)
				}
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return out, err
}

// ViewsFixed is Views' correct twin.
func (r *Repo) ViewsFixed(ctx context.Context) ([]uint64, error) {
	var out []uint64
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, `SELECT views FROM series LIMIT 100;`, nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var v uint64
				if err := res.Scan(&v); err != nil {
					return err
				}
				out = append(out, v)
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return out, err
}

// Picked reads the columns it names in NextResultSet, in its own order:
// Scan follows that list, not the statement's.
func (r *Repo) Picked(ctx context.Context) ([]string, error) {
	var out []string
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, listSeries, nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx, "title") {
			for res.NextRow() {
				var title *string
				if err := res.Scan(&title); err != nil {
					return err
				}
				if title != nil {
					out = append(out, *title)
				}
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return out, err
}

const rating = `DECLARE $id AS Uint64; SELECT rating FROM series WHERE series_id = $id;`

// Rating reads the nullable Double rating into a float32: NULL becomes 0,
// any other value fails.
func (r *Repo) Rating(ctx context.Context, id uint64) (float32, error) {
	var v float32
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, rating, table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
		if err != nil {
			return err
		}
		defer res.Close()
		if res.NextResultSet(ctx) && res.NextRow() {
			if err := res.ScanWithDefaults(&v); err != nil { // want `ScanWithDefaults scans result column 1 \(rating\), Double\?, into \*float32: .*; the table service cannot decode Double into float32 and fails every row whose value is not NULL.*; scan into \*float64`
				return err
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return v, err
}

// RatingFixed is Rating's correct twin.
func (r *Repo) RatingFixed(ctx context.Context, id uint64) (float64, error) {
	var v float64
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, rating, table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
		if err != nil {
			return err
		}
		defer res.Close()
		if res.NextResultSet(ctx) && res.NextRow() {
			if err := res.ScanWithDefaults(&v); err != nil {
				return err
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return v, err
}
