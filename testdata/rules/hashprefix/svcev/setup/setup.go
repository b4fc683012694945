// Package setup creates the service's tables. Nothing imports it: it runs
// once from a deployment job.
package setup

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
)

const schemaDDL = `
CREATE TABLE carts (
	cart_hash Uint64,
	cart_id Utf8,
	payload Utf8,
	PRIMARY KEY (cart_hash, cart_id)
);
CREATE TABLE wishlists (
	owner_hash Uint64,
	owner Uint64,
	item Utf8,
	PRIMARY KEY (owner_hash, owner, item)
);
CREATE TABLE entries (
	dir_hash Int64,
	directory Utf8,
	name Utf8,
	meta String,
	PRIMARY KEY (dir_hash, directory, name)
);
CREATE TABLE devices (
	shard Uint32,
	name Utf8,
	seen Timestamp,
	PRIMARY KEY (shard, name)
);`

// Run creates the tables.
func Run(ctx context.Context, db *ydb.Driver) error {
	return db.Query().Exec(ctx, schemaDDL)
}
