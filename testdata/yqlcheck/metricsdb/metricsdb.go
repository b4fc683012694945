// Package metricsdb creates the metrics schema at start-up: migrations
// embedded from testdata/schema, and tables created from Go. Each faulty
// definition has a correct twin.
package metricsdb

import (
	"context"
	"embed"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

//go:embed testdata/schema/*.sql
var migrations embed.FS

const createSamples = `CREATE TABLE samples (
	host Utf8,
	ts Timestamp,
	value Double,
	PRIMARY KEY (host, ts)
) WITH (UNIFORM_PARTITIONS = 16)` // want `UNIFORM_PARTITIONS on table samples: first key column host is Utf8, not Uint32 or Uint64; it splits the range of the first key column, which YDB does only for a Uint32 or Uint64 column: \"Unsupported first key column type Utf8, only Uint32 and Uint64 are supported"`

const createSamplesByHash = `CREATE TABLE samples_by_hash (
	host_hash Uint64,
	host Utf8,
	ts Timestamp,
	PRIMARY KEY (host_hash, host, ts)
) WITH (UNIFORM_PARTITIONS = 16, TTL = Interval("P30D") ON ts)`

// Store owns the metrics database.
type Store struct{ db *ydb.Driver }

func New(db *ydb.Driver) *Store { return &Store{db: db} }

// Migrate applies the embedded migrations, then the Go-defined tables.
func (s *Store) Migrate(ctx context.Context) error {
	entries, err := migrations.ReadDir("testdata/schema")
	if err != nil {
		return err
	}
	for _, e := range entries {
		ddl, err := migrations.ReadFile(path.Join("testdata/schema", e.Name()))
		if err != nil {
			return err
		}
		if err := s.db.Query().Exec(ctx, string(ddl)); err != nil {
			return err
		}
	}
	if err := s.db.Query().Exec(ctx, createSamples); err != nil {
		return err
	}
	if err := s.db.Query().Exec(ctx, createSamplesByHash); err != nil {
		return err
	}
	if err := s.db.Query().Exec(ctx, "CREATE TABLE alerts (id Uint64, rule Utf8 NOT NULL severity Uint8, PRIMARY KEY (id))"); err != nil { // want `the word severity after the definition of column rule \(Utf8\) is not YQL`
		return err
	}
	if err := s.db.Query().Exec(ctx, "CREATE TABLE alert_rules (id Uint64, rule Utf8 NOT NULL, severity Uint8, PRIMARY KEY (id))"); err != nil {
		return err
	}
	if err := s.db.Query().Exec(ctx, "CREATE TABLE silences (id Uint64, rule Utf8 NOT NULL, until Uint32, PRIMARY KEY (id)) WITH (TTL = Interval(\"PT0S\") ON until)"); err != nil { // want `TTL of table silences: column until is Uint32, an integer, given no unit; .*"To enable TTL on integral type column 'ValueSinceUnixEpochModeSettings' should be specified"`
		return err
	}
	if err := s.db.Query().Exec(ctx, "CREATE TABLE mutes (id Uint64, rule Utf8 NOT NULL, until Uint32, PRIMARY KEY (id)) WITH (TTL = Interval(\"PT0S\") ON until AS SECONDS)"); err != nil {
		return err
	}
	if err := s.db.Query().Exec(ctx, `CREATE TABLE rollups (bucket Uint32, host Utf8, PRIMARY KEY (bucket, host)) WITH (PARTITION_AT_KEYS = ((100, 'm'), (200, 'm', 5)))`); err != nil { // want `PARTITION_AT_KEYS on table rollups has 3 values for a key of 2 columns; the key is \(bucket, host\), and YDB refuses it: "Partition at keys has 3 key values while there are only 2 key columns"`
		return err
	}
	if err := s.db.Query().Exec(ctx, `CREATE TABLE rollups_daily (bucket Uint32, host Utf8, PRIMARY KEY (bucket, host)) WITH (PARTITION_AT_KEYS = ((100, 'm'), (200, 'm')))`); err != nil {
		return err
	}
	return s.createTables(ctx)
}

// createTables creates the tables defined with the table service options.
func (s *Store) createTables(ctx context.Context) error {
	return s.db.Table().Do(ctx, func(ctx context.Context, sess table.Session) error {
		err := sess.CreateTable(ctx, path.Join(s.db.Name(), "gauges"),
			options.WithColumn("level", types.Optional(types.TypeDouble)),
			options.WithColumn("host_id", types.Optional(types.TypeUint64)),
			options.WithPrimaryKeyColumn("level", "host_id"), // want `primary key column level of table gauges is Double, a type YDB does not allow in a key; YDB refuses it: "Column level has wrong key type Double"`
		)
		if err != nil {
			return err
		}
		err = sess.CreateTable(ctx, path.Join(s.db.Name(), "gauges_by_name"), // want `WithUniformPartitions on table gauges_by_name: first key column name is Utf8, not Uint32 or Uint64; it splits the range of the first key column, which YDB does only for a Uint32 or Uint64 column: \"Unsupported first key column type Utf8, only Uint32 and Uint64 are supported"`
			options.WithColumn("name", types.Optional(types.TypeUTF8)),
			options.WithColumn("level", types.Optional(types.TypeDouble)),
			options.WithPrimaryKeyColumn("name"),
			options.WithPartitions(options.WithUniformPartitions(8)),
		)
		if err != nil {
			return err
		}
		return sess.CreateTable(ctx, path.Join(s.db.Name(), "gauges_by_host"),
			options.WithColumn("host_id", types.Optional(types.TypeUint64)),
			options.WithColumn("level", types.Optional(types.TypeDouble)),
			options.WithPrimaryKeyColumn("host_id"),
			options.WithPartitions(options.WithUniformPartitions(8)),
		)
	})
}

// Last reads the newest reading of a host.
func (s *Store) Last(ctx context.Context, hostID uint64) error {
	_, err := s.db.Query().QueryRow(ctx, "DECLARE $host AS Uint64; SELECT value FROM readings_by_time WHERE host_id = $host ORDER BY ts DESC LIMIT 1",
		queryParams(hostID))
	return err
}
