// Package catalog is a table-service repository of series and episodes.
package catalog

import (
	"context"
	"fmt"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result/named"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/sdkusage/resultloop/scanner"
)

type Series struct {
	ID    uint64
	Title string
}

type Repo struct {
	db *ydb.Driver
}

func New(db *ydb.Driver) *Repo { return &Repo{db: db} }

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

// ListSeries loops over rows straight after Execute: no set is selected.
func (r *Repo) ListSeries(ctx context.Context) ([]Series, error) {
	var out []Series
	err := r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, "SELECT series_id, title FROM series", nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextRow() { // want `NextRow on the result of Session.Execute before any NextResultSet`
			var s Series
			if err := res.ScanNamed(named.Required("series_id", &s.ID), named.OptionalWithDefault("title", &s.Title)); err != nil {
				return err
			}
			out = append(out, s)
		}
		return res.Err()
	})
	return out, err
}

// ListSeriesFixed is ListSeries' correct twin.
func (r *Repo) ListSeriesFixed(ctx context.Context) ([]Series, error) {
	var out []Series
	err := r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, "SELECT series_id, title FROM series", nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var s Series
				if err := res.ScanNamed(named.Required("series_id", &s.ID), named.OptionalWithDefault("title", &s.Title)); err != nil {
					return err
				}
				out = append(out, s)
			}
		}
		return res.Err()
	})
	return out, err
}

// Title reads one row with NextResultSetErr selecting the set first.
func (r *Repo) Title(ctx context.Context, id uint64) (string, error) {
	var title string
	err := r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, "DECLARE $id AS Uint64; SELECT title FROM series WHERE series_id = $id",
			table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
		if err != nil {
			return err
		}
		defer res.Close()
		if err := res.NextResultSetErr(ctx); err != nil {
			return err
		}
		if !res.NextRow() {
			return fmt.Errorf("series %d not found", id)
		}
		return res.ScanNamed(named.OptionalWithDefault("title", &title))
	})
	return title, err
}

// Count keeps the result in a variable captured by the retried closure and
// reads it after Do returned; the set is never selected.
func (r *Repo) Count(ctx context.Context) (uint64, error) {
	var res result.Result
	err := r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) (err error) {
		_, res, err = s.Execute(ctx, readTx, "SELECT COUNT(*) AS n FROM series", nil)
		return err
	})
	if err != nil {
		return 0, err
	}
	defer res.Close()
	var n uint64
	if res.NextRow() { // want `NextRow on the result of Session.Execute before any NextResultSet`
		if err := res.Scan(&n); err != nil {
			return 0, err
		}
	}
	return n, res.Err()
}

// CountFixed is Count's correct twin.
func (r *Repo) CountFixed(ctx context.Context) (uint64, error) {
	var res result.Result
	err := r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) (err error) {
		_, res, err = s.Execute(ctx, readTx, "SELECT COUNT(*) AS n FROM series", nil)
		return err
	})
	if err != nil {
		return 0, err
	}
	defer res.Close()
	var n uint64
	if res.NextResultSet(ctx) && res.NextRow() {
		if err := res.Scan(&n); err != nil {
			return 0, err
		}
	}
	return n, res.Err()
}

// ListViaHelper hands the result to a scanning helper, which selects the
// set: nothing to report here.
func (r *Repo) ListViaHelper(ctx context.Context) (titles []string, err error) {
	err = r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, "SELECT title FROM series", nil)
		if err != nil {
			return err
		}
		defer res.Close()
		titles, err = scanner.Titles(ctx, res)
		return err
	})
	return titles, err
}

// Seasons reads every set but never checks Err.
func (r *Repo) Seasons(ctx context.Context, series uint64) (ids []uint64, err error) {
	err = r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		ids = ids[:0]
		_, res, err := s.Execute(ctx, readTx, "DECLARE $id AS Uint64; SELECT season_id FROM seasons WHERE series_id = $id",
			table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(series))))
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) { // want `the result of Session.Execute is read with NextResultSet without an error check; .*, and neither res.Err\(\) nor any Scan's error is checked,`
			for res.NextRow() {
				var id uint64
				_ = res.ScanNamed(named.Required("season_id", &id))
				ids = append(ids, id)
			}
		}
		return nil
	})
	return ids, err
}

// SeasonsFixed is Seasons' correct twin.
func (r *Repo) SeasonsFixed(ctx context.Context, series uint64) (ids []uint64, err error) {
	err = r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		ids = ids[:0]
		_, res, err := s.Execute(ctx, readTx, "DECLARE $id AS Uint64; SELECT season_id FROM seasons WHERE series_id = $id",
			table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(series))))
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var id uint64
				if err := res.ScanNamed(named.Required("season_id", &id)); err != nil {
					return err
				}
				ids = append(ids, id)
			}
		}
		return res.Err()
	})
	return ids, err
}

// Export scans the whole table: the stream has its first set already
// (v3.53.0+), so NextRow before NextResultSet reads it; but receive errors
// are only in Err.
func (r *Repo) Export(ctx context.Context, emit func(Series)) error {
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		res, err := s.StreamExecuteScanQuery(ctx, "SELECT series_id, title FROM series", nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextRow() {
			var s Series
			if err := res.ScanNamed(named.Required("series_id", &s.ID), named.OptionalWithDefault("title", &s.Title)); err != nil {
				return err
			}
			emit(s)
		}
		return res.Err()
	})
}

// ExportAll forgets Err on a stream: receive errors end the loop silently.
func (r *Repo) ExportAll(ctx context.Context, emit func(Series)) error {
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		res, err := s.StreamExecuteScanQuery(ctx, "SELECT series_id, title FROM series", nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) { // want `NextResultSet returns false on stream receive, context and truncation errors`
			for res.NextRow() {
				var s Series
				if err := res.ScanNamed(named.Required("series_id", &s.ID), named.OptionalWithDefault("title", &s.Title)); err != nil {
					return err
				}
				emit(s)
			}
		}
		return nil
	})
}

// ExportAllFixed is ExportAll's correct twin, checking Err in a deferred
// closure.
func (r *Repo) ExportAllFixed(ctx context.Context, emit func(Series)) (err error) {
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) (err error) {
		res, err := s.StreamExecuteScanQuery(ctx, "SELECT series_id, title FROM series", nil)
		if err != nil {
			return err
		}
		defer func() {
			if rerr := res.Err(); err == nil {
				err = rerr
			}
			_ = res.Close()
		}()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var s Series
				if err := res.ScanNamed(named.Required("series_id", &s.ID), named.OptionalWithDefault("title", &s.Title)); err != nil {
					return err
				}
				emit(s)
			}
		}
		return nil
	})
}

// Lookup returns from inside the loop with the scan's error: the scan
// reports truncation and scan errors, so no Err is needed here.
func (r *Repo) Lookup(ctx context.Context, id uint64) (title string, err error) {
	var res result.Result
	err = r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) (err error) {
		_, res, err = s.Execute(ctx, readTx, "DECLARE $id AS Uint64; SELECT title FROM series WHERE series_id = $id",
			table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))))
		return err
	})
	if err != nil {
		return "", err
	}
	defer func() { _ = res.Close() }()
	for res.NextResultSet(ctx) {
		for res.NextRow() {
			err = res.ScanNamed(named.OptionalWithDefault("title", &title))
			return title, err
		}
	}
	return "", fmt.Errorf("series %d not found", id)
}
