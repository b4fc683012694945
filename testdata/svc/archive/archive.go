// Package archive creates its tables from Go in more than one function: the
// live seasons table and a reporting copy of it (created in another
// database, with an index by air date), and an episodes table whose later
// migration adds a column. Source order between functions is no execution
// order: the index of one seasons definition is not the other's.
package archive

import (
	"context"
	"time"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Store writes the live tables.
type Store struct {
	db *ydb.Driver
}

// New is called from main.
func New(db *ydb.Driver) *Store { return &Store{db: db} }

// CreateLive creates the live seasons table: no secondary index.
func (s *Store) CreateLive(ctx context.Context) error {
	if err := s.db.Query().Exec(ctx, `CREATE TABLE seasons (
		series_id Uint64, season_id Uint64, first_aired Date, title Utf8,
		PRIMARY KEY (series_id, season_id))`); err != nil {
		return err
	}
	return s.db.Query().Exec(ctx, `CREATE TABLE episodes (
		series_id Uint64, episode_id Uint64, aired_at Timestamp,
		INDEX by_aired_at GLOBAL ON (aired_at),
		PRIMARY KEY (series_id, episode_id))`)
}

// CreateReport creates the reporting copy of seasons, indexed by air date;
// it runs against the reporting database only.
func CreateReport(ctx context.Context, report *ydb.Driver) error {
	return report.Query().Exec(ctx, `CREATE TABLE seasons (
		series_id Uint64, season_id Uint64, first_aired Date, title Utf8,
		INDEX by_aired GLOBAL ON (first_aired),
		PRIMARY KEY (series_id, season_id))`)
}

// MigrateEpisodes is a later migration: an ALTER in another function keeps
// the table and its index known.
func (s *Store) MigrateEpisodes(ctx context.Context) error {
	return s.db.Query().Exec(ctx, `ALTER TABLE episodes ADD COLUMN title Utf8`)
}

// SaveSeason writes the live seasons table. Only the reporting definition
// has by_aired, so nothing is claimed about it: silent.
func (s *Store) SaveSeason(ctx context.Context, series, season uint64, aired time.Time, title string) error {
	return s.db.Query().Exec(ctx, `DECLARE $series AS Uint64; DECLARE $season AS Uint64; DECLARE $aired AS Date; DECLARE $title AS Utf8;
UPSERT INTO seasons (series_id, season_id, first_aired, title) VALUES ($series, $season, $aired, $title)`,
		query.WithParameters(ydb.ParamsBuilder().
			Param("$series").Uint64(series).Param("$season").Uint64(season).
			Param("$aired").Date(aired).Param("$title").Text(title).Build()))
}

// SaveEpisode writes episodes, whose only definition leads a GLOBAL index
// with a timestamp: reported, though a migration altered the table later.
func (s *Store) SaveEpisode(ctx context.Context, series, episode uint64, title string) error {
	return s.db.Query().Exec(ctx, `DECLARE $series AS Uint64; DECLARE $episode AS Uint64; DECLARE $at AS Timestamp; DECLARE $title AS Utf8;
UPSERT INTO episodes (series_id, episode_id, aired_at, title) VALUES ($series, $episode, $at, $title)`, // want `index by_aired_at of episodes leads with aired_at, of type Timestamp: one index partition takes every insert; Timestamp is a time type.*; it is the GLOBAL index by_aired_at `
		query.WithParameters(ydb.ParamsBuilder().
			Param("$series").Uint64(series).Param("$episode").Uint64(episode).
			Param("$at").Timestamp(time.Now()).Param("$title").Text(title).Build()))
}
