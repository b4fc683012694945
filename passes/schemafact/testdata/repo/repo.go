package repo // want package:`schema\(/local/lines\(line_id\)@createtbl/createtbl.go:28; audit\(id,at\)@repo/testdata/audit.sql:1; carts\(cart_id\)@bootstrap/bootstrap.go:13; events\(shard,ts,id\)@migrate/000002_events_rekey.up.sql:2#shard=Digest::NumericHash\(id\); items\(item_id\)@repo/repo.go:16; orders\(order_hash,order_id\)@db/migrations/0001_init.sql:3!conflict@dup/dup.go:12; \.\.\./sessions\(sid\)@bootstrap/bootstrap.go:26; \.\.\./unknown_prefix_lines\(id\)@createtbl/createtbl.go:22; users\(email\)@bootstrap/bootstrap.go:20!conflict@db/migrations/0002_users.sql:2\)`

import (
	"context"
	"embed"

	"github.com/ydb-platform/ydb-go-sdk/v3"
)

//go:embed testdata/audit.sql
var audit embed.FS

type Repo struct{ db *ydb.Driver }

func (r *Repo) Init(ctx context.Context) error {
	return r.db.Query().Exec(ctx, `CREATE TABLE items (item_id Uint64, name Utf8, PRIMARY KEY (item_id))`)
}

func (r *Repo) AddEvent(ctx context.Context) error {
	return r.db.Query().Exec(ctx, `DECLARE $id AS Uint64;
UPSERT INTO events (shard, ts, id) VALUES (Digest::NumericHash($id), CurrentUtcTimestamp(), $id)`)
}

func (r *Repo) Order(ctx context.Context) error {
	return r.db.Query().Exec(ctx, "SELECT * FROM orders WHERE order_hash = 1 AND order_id = 2")
}
