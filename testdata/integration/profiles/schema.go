package profiles

import (
	"context"
	"database/sql"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Audit writes the table whose migration YDB refuses (00005_profile_audit.sql).
func (s *Store) Audit(ctx context.Context, eventID, id uint64, action string) error {
	return s.sql.QueryRowContext(ctx, "UPSERT INTO profile_audit (event_id, profile_id, action) VALUES ($e, $p, $a)",
		sql.Named("e", eventID), sql.Named("p", id), sql.Named("a", action)).Err()
}

// CreateSideTables creates the profile side tables from Go; each faulty
// definition is next to a correct one.
func (s *Store) CreateSideTables(ctx context.Context) error {
	for _, ddl := range [...]string{
		"CREATE TABLE profile_ranks (profile_id Uint64, rank Uint64, PRIMARY KEY (profile_id)) WITH (UNIFORM_PARTITIONS = 8)",
		"CREATE TABLE profile_sessions (session_id Uint64, expires_at Timestamp, PRIMARY KEY (session_id)) WITH (TTL = Interval(\"PT0S\") ON expires_at)",
	} {
		if err := s.db.Query().Exec(ctx, ddl); err != nil {
			return err
		}
	}
	if err := s.db.Query().Exec(ctx, "CREATE TABLE profile_names (handle Utf8, profile_id Uint64, PRIMARY KEY (handle)) WITH (UNIFORM_PARTITIONS = 8)"); err != nil { // want `UNIFORM_PARTITIONS on table profile_names: first key column handle is Utf8, not Uint32 or Uint64; .*"Unsupported first key column type Utf8, only Uint32 and Uint64 are supported"`
		return err
	}
	if err := s.db.Query().Exec(ctx, "CREATE TABLE profile_visits (profile_id Uint64, seen_at Uint64, PRIMARY KEY (profile_id)) WITH (TTL = Interval(\"P30D\") ON seen_at)"); err != nil { // want `TTL of table profile_visits: column seen_at is Uint64, an integer, given no unit; .*"To enable TTL on integral type column 'ValueSinceUnixEpochModeSettings' should be specified"`
		return err
	}
	if err := s.db.Query().Exec(ctx, "CREATE TABLE profile_shards (shard Uint32, PRIMARY KEY (shard)) WITH (PARTITION_AT_KEYS = ((\"a\"), (\"m\")))"); err != nil { // want `PARTITION_AT_KEYS on table profile_shards gives "a" for key column shard, which is Uint32; YDB refuses it: "Failed to convert value \\"a\\" to a corresponding key column type"`
		return err
	}
	return s.createScores(ctx)
}

// createScores creates the score table with the table service.
func (s *Store) createScores(ctx context.Context) error {
	return s.db.Table().Do(ctx, func(ctx context.Context, ts table.Session) error {
		return ts.CreateTable(ctx, path.Join(s.db.Name(), "profile_scores"),
			options.WithColumn("score", types.Optional(types.TypeDouble)),
			options.WithColumn("profile_id", types.Optional(types.TypeUint64)),
			options.WithPrimaryKeyColumn("score", "profile_id"), // want `primary key column score of table profile_scores is Double, a type YDB does not allow in a key; YDB refuses it: "Column score has wrong key type Double"`
		)
	})
}
