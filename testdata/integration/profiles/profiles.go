// Package profiles holds one yqlcheck case of each category that runs
// without -strict: statements YDB rejects when it compiles them.
package profiles

import (
	"context"
	"database/sql"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

type Store struct {
	db  *ydb.Driver
	sql *sql.DB
}

func New(db *ydb.Driver, sqlDB *sql.DB) *Store { return &Store{db: db, sql: sqlDB} }

func byID(id uint64) query.ExecuteOption {
	return query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build())
}

func (s *Store) UnknownColumn(ctx context.Context, id uint64) error {
	_, err := s.db.Query().QueryRow(ctx, "SELECT handle, biography FROM profiles WHERE profile_id = $id", byID(id)) // want `SELECT list names column biography, which table profiles does not have; YDB rejects the query \(Member not found: biography\); table profiles is defined at \(schema: migrations/00004_profiles.sql:3\)`
	return err
}

func (s *Store) UnknownIndex(ctx context.Context, handle string) error {
	_, err := s.sql.QueryContext(ctx, "SELECT profile_id FROM profiles VIEW profiles_by_name WHERE handle = $h", sql.Named("h", handle)) // want `VIEW profiles_by_name names an index that table profiles does not have; YDB rejects the query \(Required global index not found, index name: profiles_by_name\); table profiles is defined at \(schema: .*\)`
	return err
}

func (s *Store) UnboundParameter(ctx context.Context, id uint64) error {
	_, err := s.db.Query().QueryRow(ctx, "SELECT bio FROM profiles WHERE profile_id = $profile_id", // want `\$profile_id is used but neither declared nor bound; YDB rejects the query \(Unknown name: \$profile_id\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()), query.WithIdempotent())
	return err
}

func (s *Store) MissingParameter(ctx context.Context, id uint64) error {
	return s.db.Query().Exec(ctx, "DECLARE $id AS Uint64; DELETE FROM profiles WHERE profile_id = $id;", // want `\$id is declared Uint64 but the call binds no value for it; YDB rejects the query \(Missing value for parameter: \$id\); ParamsBuilder\(\).Param\("id"\)`
		query.WithParameters(ydb.ParamsBuilder().Param("id").Uint64(id).Build()))
}

func (s *Store) ParameterType(ctx context.Context, c table.Client, id int64) error {
	return c.Do(ctx, func(ctx context.Context, ts table.Session) error {
		_, _, err := ts.Execute(ctx, table.DefaultTxControl(), "DECLARE $id AS Uint64; SELECT bio FROM profiles WHERE profile_id = $id;", // want `\$id is declared Uint64 but bound to Int64 \(types.Int64Value\(id\)\); YDB rejects the query \(Parameter \$id type mismatch, expected: Uint64, actual: Int64\)`
			table.NewQueryParameters(table.ValueParam("$id", types.Int64Value(id))))
		return err
	}, table.WithIdempotent())
}

func (s *Store) ValueCount(ctx context.Context, id uint64) error {
	return s.db.Query().Exec(ctx, "UPSERT INTO profiles (profile_id, handle, bio) VALUES ($id, 'h')", byID(id)) // want `UPSERT lists 3 columns but this VALUES row has 2 values; YDB rejects the query \(VALUES have 2 columns, INSERT INTO expects: 3\)`
}

func (s *Store) MissingNotNull(ctx context.Context, id uint64) error {
	return s.db.Query().Exec(ctx, "UPSERT INTO profiles (profile_id, updated_at) VALUES ($id, CurrentUtcTimestamp())", byID(id)) // want `UPSERT into table profiles leaves out NOT NULL column handle, which has no DEFAULT; YDB rejects the query \(Missing not null column in input: handle. All not null columns should be initialized\); table profiles is defined at \(schema: .*\)`
}

// Touch is the correct twin of MissingNotNull: UPDATE changes some columns
// of an existing row.
func (s *Store) Touch(ctx context.Context, id uint64) error {
	return s.db.Query().Exec(ctx, "UPDATE profiles SET updated_at = CurrentUtcTimestamp() WHERE profile_id = $id", byID(id))
}
