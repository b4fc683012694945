// Package hashwriter stores user profiles in hash-prefixed tables: single
// profiles with YQL, imports with BulkUpsert.
package hashwriter

import (
	"context"
	"hash/fnv"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Record is an imported profile record.
type Record interface {
	Fields() []types.StructValueOption
}

func userHash(user string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(user))
	return h.Sum64()
}

type hashed struct{ user string }

// Hashed is a record of the current importer.
func Hashed(user string) Record { return hashed{user: user} }

func (h hashed) Fields() []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("user_hash", types.Uint64Value(userHash(h.user))),
		types.StructFieldValue("user", types.TextValue(h.user)),
	}
}

type legacy struct{ user string }

// Legacy is a record of the old importer, which predates the hash.
func Legacy(user string) Record { return legacy{user: user} }

func (l legacy) Fields() []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("user", types.TextValue(l.user)),
	}
}

type store struct {
	db        query.Client
	pool      table.Client
	tableName string
}

func newStore(db query.Client, pool table.Client, tableName string) *store {
	return &store{db: db, pool: pool, tableName: tableName}
}

// put writes one profile, hashing the user in YQL.
func (s *store) put(ctx context.Context, user string) error {
	q := "DECLARE $user AS Utf8;\n" +
		"UPSERT INTO `/local/profiles/" + s.tableName + "` (user_hash, user) VALUES (Digest::NumericHash($user), $user);"
	return s.db.Exec(ctx, q,
		query.WithParameters(ydb.ParamsBuilder().Param("$user").Text(user).Build()))
}

// load imports records in one batch.
func (s *store) load(ctx context.Context, recs []Record) error {
	rows := make([]types.Value, 0, len(recs))
	for _, r := range recs {
		rows = append(rows, types.StructValue(r.Fields()...)) // want `BulkUpsert row has user but not the hash-prefix column user_hash of every table the path may name; every table the path may name \(/local/profiles/usr_main .*/local/profiles/usr_archive .*the row's fields come from \(hashwriter.legacy\).Fields`
	}
	return s.pool.Do(ctx, func(ctx context.Context, sess table.Session) error {
		return sess.BulkUpsert(ctx, "/local/profiles/"+s.tableName, types.ListValue(rows...))
	})
}

// Run writes a profile and imports a batch into both tables.
func Run(ctx context.Context, db query.Client, pool table.Client, recs []Record) error {
	for _, st := range []*store{newStore(db, pool, "usr_main"), newStore(db, pool, "usr_archive")} {
		if err := st.put(ctx, "alice"); err != nil {
			return err
		}
		if err := st.load(ctx, recs); err != nil {
			return err
		}
	}
	return nil
}
