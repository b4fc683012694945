// Package episodes reads a series' episodes through the query service:
// each read has a faulty form and its correct twin.
package episodes

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Episode is one row of episodes.
type Episode struct {
	ID      uint64
	Title   string
	AirDate time.Time
}

// Repo reads episodes.
type Repo struct{ db *ydb.Driver }

// New wires the repository to the driver.
func New(db *ydb.Driver) *Repo { return &Repo{db: db} }

const (
	listEpisodes = `DECLARE $series AS Uint64;
SELECT episode_id, title, air_date FROM episodes WHERE series_id = $series ORDER BY episode_id LIMIT 100;`
	countEpisodes = `DECLARE $series AS Uint64; SELECT COUNT(*) AS n FROM episodes WHERE series_id = $series;`
	episodeLength = `DECLARE $series AS Uint64; DECLARE $id AS Uint64;
SELECT duration, title FROM episodes WHERE series_id = $series AND episode_id = $id;`
)

// List scans the Uint64 episode_id into an int64: the query service casts
// a Uint64 only into uint64, string or []byte.
func (r *Repo) List(ctx context.Context, series uint64) ([]Episode, error) {
	var out []Episode
	err := r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		out = out[:0]
		res, err := s.Query(ctx, listEpisodes, query.WithParameters(ydb.ParamsBuilder().Param("$series").Uint64(series).Build()), query.WithIdempotent())
		if err != nil {
			return err
		}
		defer func() { _ = res.Close(ctx) }()
		for rs, err := range res.ResultSets(ctx) {
			if err != nil {
				return err
			}
			for row, err := range rs.Rows(ctx) {
				if err != nil {
					return err
				}
				var (
					id    int64
					title string
					air   *time.Time
				)
				if err := row.Scan(&id, &title, &air); err != nil { // want `Scan scans result column 1 \(episode_id\), Uint64\?, into \*int64: .*; the query service cannot cast Uint64 into int64 and fails every row whose value is not NULL \("cast failed"\).*; result column 1 \(episode_id\) is column episode_id of table episodes, schema .*.*; scan into \*uint64 or \*string or \*\[\]byte`
					return err
				}
				e := Episode{ID: uint64(id), Title: title}
				if air != nil {
					e.AirDate = *air
				}
				out = append(out, e)
			}
		}
		return nil
	}, query.WithIdempotent())
	return out, err
}

// ListFixed is List's correct twin.
func (r *Repo) ListFixed(ctx context.Context, series uint64) ([]Episode, error) {
	var out []Episode
	err := r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		out = out[:0]
		res, err := s.Query(ctx, listEpisodes, query.WithParameters(ydb.ParamsBuilder().Param("$series").Uint64(series).Build()), query.WithIdempotent())
		if err != nil {
			return err
		}
		defer func() { _ = res.Close(ctx) }()
		for rs, err := range res.ResultSets(ctx) {
			if err != nil {
				return err
			}
			for row, err := range rs.Rows(ctx) {
				if err != nil {
					return err
				}
				var (
					e   Episode
					air *time.Time
				)
				if err := row.Scan(&e.ID, &e.Title, &air); err != nil {
					return err
				}
				if air != nil {
					e.AirDate = *air
				}
				out = append(out, e)
			}
		}
		return nil
	}, query.WithIdempotent())
	return out, err
}

// Count scans COUNT(*) into an int64.
func (r *Repo) Count(ctx context.Context, series uint64) (int64, error) {
	row, err := r.db.Query().QueryRow(ctx, countEpisodes, query.WithParameters(ydb.ParamsBuilder().Param("$series").Uint64(series).Build()), query.WithIdempotent())
	if err != nil {
		return 0, err
	}
	var n int64
	if err := row.Scan(&n); err != nil { // want `Scan scans result column 1 \(n\), Uint64, into \*int64: .*; the query service cannot cast Uint64 into int64 and fails every row \("cast failed"\).*; result column 1 \(n\) is COUNT\(\*\)`
		return 0, err
	}
	return n, nil
}

// CountFixed is Count's correct twin, by name.
func (r *Repo) CountFixed(ctx context.Context, series uint64) (uint64, error) {
	row, err := r.db.Query().QueryRow(ctx, countEpisodes, query.WithParameters(ydb.ParamsBuilder().Param("$series").Uint64(series).Build()), query.WithIdempotent())
	if err != nil {
		return 0, err
	}
	var n uint64
	if err := row.ScanNamed(query.Named("n", &n)); err != nil {
		return 0, err
	}
	return n, nil
}

// Length reads an Interval into an int32 and the NOT NULL title through
// a double pointer.
func (r *Repo) Length(ctx context.Context, series, id uint64) (time.Duration, error) {
	var (
		length int32
		title  *string
	)
	err := r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		rs, err := s.QueryResultSet(ctx, episodeLength, query.WithParameters(ydb.ParamsBuilder().Param("$series").Uint64(series).Param("$id").Uint64(id).Build()))
		if err != nil {
			return err
		}
		defer func() { _ = rs.Close(ctx) }()
		for {
			row, err := rs.NextRow(ctx)
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			if err := row.ScanNamed(
				query.Named("duration", &length), // want `ScanNamed scans column duration, Interval\?, into \*int32: .*; the query service cannot cast Interval into int32`
				query.Named("title", &title),     // want `ScanNamed scans column title, Utf8 NOT NULL, into \*\*string: .*; the query service casts a non-Optional value only into a single pointer`
			); err != nil {
				return err
			}
		}
	}, query.WithIdempotent())
	return time.Duration(length), err
}

// LengthFixed is Length's correct twin.
func (r *Repo) LengthFixed(ctx context.Context, series, id uint64) (time.Duration, error) {
	var (
		length *time.Duration
		title  string
	)
	err := r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		rs, err := s.QueryResultSet(ctx, episodeLength, query.WithParameters(ydb.ParamsBuilder().Param("$series").Uint64(series).Param("$id").Uint64(id).Build()))
		if err != nil {
			return err
		}
		defer func() { _ = rs.Close(ctx) }()
		for {
			row, err := rs.NextRow(ctx)
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			if err := row.ScanNamed(query.Named("duration", &length), query.Named("title", &title)); err != nil {
				return err
			}
		}
	}, query.WithIdempotent())
	if err != nil || length == nil {
		return 0, err
	}
	return *length, nil
}
