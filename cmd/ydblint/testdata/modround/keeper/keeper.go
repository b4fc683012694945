// Package keeper records sessions, sharded by a hash of the user.
package keeper

import (
	"context"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/modround/hashing"
)

// Session is one login.
type Session struct {
	User, ID string
	Created  int64
}

// Store writes sessions.
type Store struct {
	db *ydb.Driver
}

// NewStore wires a Store.
func NewStore(db *ydb.Driver) *Store { return &Store{db: db} }

// Save writes sessions with their shard hash.
func (s *Store) Save(ctx context.Context, sessions []Session) error {
	rows := make([]types.Value, 0, len(sessions))
	for _, ss := range sessions {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("shard", types.Uint64Value(hashing.BucketHash(0, ss.User))),
			types.StructFieldValue("created_at", types.Int64Value(ss.Created)),
			types.StructFieldValue("id", types.UTF8Value(ss.ID)),
		))
	}
	return s.db.Table().Do(ctx, func(ctx context.Context, sn table.Session) error {
		return sn.BulkUpsert(ctx, path.Join(s.db.Name(), "sessions"), types.ListValue(rows...))
	})
}
