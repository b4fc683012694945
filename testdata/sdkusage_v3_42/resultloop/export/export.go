// Package export streams tables out of YDB with SDK v3.42.7, before
// NewStream received the first result set itself (v3.53.0).
package export

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result/named"
)

type Row struct {
	ID    uint64
	Title string
}

type Exporter struct{ db ydb.Connection }

func New(db ydb.Connection) *Exporter { return &Exporter{db: db} }

// Series reads the scan stream with NextRow only: on this SDK no set has
// been received yet, so nothing is exported.
func (e *Exporter) Series(ctx context.Context, emit func(Row)) error {
	return e.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		res, err := s.StreamExecuteScanQuery(ctx, "SELECT series_id, title FROM series", nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextRow() { // want `before v3.53.0 a table-service stream result has no result set received`
			var r Row
			if err := res.ScanNamed(named.Required("series_id", &r.ID), named.OptionalWithDefault("title", &r.Title)); err != nil {
				return err
			}
			emit(r)
		}
		return res.Err()
	})
}

// SeriesFixed is Series' correct twin.
func (e *Exporter) SeriesFixed(ctx context.Context, emit func(Row)) error {
	return e.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		res, err := s.StreamExecuteScanQuery(ctx, "SELECT series_id, title FROM series", nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var r Row
				if err := res.ScanNamed(named.Required("series_id", &r.ID), named.OptionalWithDefault("title", &r.Title)); err != nil {
					return err
				}
				emit(r)
			}
		}
		return res.Err()
	})
}

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

// Titles is the unary case, the same on every version.
func (e *Exporter) Titles(ctx context.Context) (out []string, err error) {
	err = e.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, "SELECT title FROM series", nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextRow() { // want `a table-service result has no result set selected`
			var t string
			if err := res.ScanNamed(named.OptionalWithDefault("title", &t)); err != nil {
				return err
			}
			out = append(out, t)
		}
		return res.Err()
	})
	return out, err
}
