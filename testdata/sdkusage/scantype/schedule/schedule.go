// Package schedule lists air dates through the query service; its
// finding is -strict only (stale-null).
package schedule

import (
	"context"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Repo reads episodes' air dates.
type Repo struct{ db *ydb.Driver }

// New wires the repository to the driver.
func New(db *ydb.Driver) *Repo { return &Repo{db: db} }

const listEpisodes = `DECLARE $series AS Uint64;
SELECT episode_id, title, air_date FROM episodes WHERE series_id = $series ORDER BY episode_id LIMIT 100;`

// AirDates collects the air dates into one variable declared outside the
// loop: a NULL air_date leaves the previous episode's date in it (-strict).
func (r *Repo) AirDates(ctx context.Context, series uint64) ([]time.Time, error) {
	var out []time.Time
	err := r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		out = out[:0]
		res, err := s.Query(ctx, listEpisodes, query.WithParameters(ydb.ParamsBuilder().Param("$series").Uint64(series).Build()))
		if err != nil {
			return err
		}
		defer func() { _ = res.Close(ctx) }()
		var (
			title string
			air   time.Time
		)
		for rs, err := range res.ResultSets(ctx) {
			if err != nil {
				return err
			}
			for row, err := range rs.Rows(ctx) {
				if err != nil {
					return err
				}
				var id *uint64
				if err := row.Scan(&id, &title, &air); err != nil { // want `Scan scans result column 3 \(air_date\), Timestamp\?, into \*time.Time: .*; for NULL the query service leaves the destination unchanged .*air is declared outside the row loop.*scan into \*\*time.Time \(nil for NULL\), or declare air inside the loop`
					return err
				}
				out = append(out, air)
			}
		}
		return nil
	}, query.WithIdempotent())
	return out, err
}

// AirDatesFixed is AirDates' correct twin: the variable is reset on every
// row.
func (r *Repo) AirDatesFixed(ctx context.Context, series uint64) ([]time.Time, error) {
	var out []time.Time
	err := r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		out = out[:0]
		res, err := s.Query(ctx, listEpisodes, query.WithParameters(ydb.ParamsBuilder().Param("$series").Uint64(series).Build()))
		if err != nil {
			return err
		}
		defer func() { _ = res.Close(ctx) }()
		var (
			title string
			air   time.Time
		)
		for rs, err := range res.ResultSets(ctx) {
			if err != nil {
				return err
			}
			for row, err := range rs.Rows(ctx) {
				if err != nil {
					return err
				}
				air = time.Time{}
				var id *uint64
				if err := row.Scan(&id, &title, &air); err != nil {
					return err
				}
				out = append(out, air)
			}
		}
		return nil
	}, query.WithIdempotent())
	return out, err
}
