// Package svcshapes holds the shapes real services use to build parameters
// and hashes: options appended on some paths, a transaction-or-pool
// wrapper forwarding query.WithParameters(params), a row struct's method
// returning the parameters, a helper handing back the pointer it was given,
// and an MD5 digest folded into an int64.
package svcshapes

import (
	"context"
	"crypto/md5"
	"hash/crc32"
	"io"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

type store struct{ db *ydb.Driver }

func hashDir(dir string) (v int64) {
	h := md5.New()
	io.WriteString(h, dir)
	b := h.Sum(nil)
	for i := 0; i < 8; i++ {
		v <<= 8
		v += int64(b[i])
	}
	return
}

func shard(key string) uint32 { return crc32.ChecksumIEEE([]byte(key)) % 64 }

// run forwards params whole to either executor.
func (s *store) run(ctx context.Context, q string, params *table.QueryParameters) error {
	if tx, ok := ctx.Value(struct{}{}).(query.Transaction); ok {
		return tx.Exec(ctx, q, query.WithParameters(params))
	}
	return s.db.Query().Exec(ctx, q, query.WithParameters(params)) // want `api=query.Client.Exec text="__ydblint_hole_0__" holes=\[\] params=\{\}\?`
}

func (s *store) short(dir *string) (bucket string, short *string) {
	short = dir
	if len(*dir) > 3 {
		bucket = (*dir)[:3]
	}
	return
}

type meta struct {
	DirHash int64
	Dir     string
	Name    string
}

func (m *meta) params() *table.QueryParameters {
	return table.NewQueryParameters(
		table.ValueParam("$dir_hash", types.Int64Value(m.DirHash)),
		table.ValueParam("$dir", types.UTF8Value(m.Dir)),
		table.ValueParam("$name", types.UTF8Value(m.Name)))
}

func (s *store) find(ctx context.Context, dir, name string) error {
	_, short := s.short(&dir)
	return s.run(ctx, "SELECT 1 FROM e WHERE dir_hash = $dir_hash AND dir = $dir AND name = $name", table.NewQueryParameters( // want `api=query.Executor.Exec text="SELECT 1 FROM e WHERE dir_hash = \$dir_hash AND dir = \$dir AND name = \$name" params=\{\$dir:Utf8 const=false,\$dir_hash:Int64 const=false hash=crypto/md5.New\(param:dir\),\$name:Utf8 const=false\} chain=.*run`
		table.ValueParam("$dir_hash", types.Int64Value(hashDir(*short))),
		table.ValueParam("$dir", types.UTF8Value(*short)),
		table.ValueParam("$name", types.UTF8Value(name))))
}

func (s *store) save(ctx context.Context, dir, name string) error {
	_, short := s.short(&dir)
	m := meta{hashDir(dir), *short, name}
	return s.run(ctx, "UPSERT INTO e (dir_hash, dir, name) VALUES ($dir_hash, $dir, $name)", m.params()) // want `params=\{\$dir:Utf8 const=false,\$dir_hash:Int64 const=false hash=crypto/md5.New\(param:dir\),\$name:Utf8 const=false\}`
}

func (s *store) search(ctx context.Context, key string, withName bool, name string) error {
	opts := []table.ParameterOption{table.ValueParam("$key", types.TextValue(key))}
	if withName {
		opts = append(opts, table.ValueParam("$name", types.TextValue(name)))
	}
	opts = append(opts, table.ValueParam("$shard", types.Uint32Value(shard(key))))
	return s.run(ctx, "SELECT 1 FROM k WHERE shard = $shard AND key = $key", table.NewQueryParameters(opts...)) // want `params=\{\$key:Utf8 const=false,\$name:Utf8 const=false,\$shard:Uint32 const=false hash=hash/crc32.ChecksumIEEE\(param:key\)\}`
}

func (s *store) ambiguous(ctx context.Context, key string, a, b uint32) error {
	opts := []table.ParameterOption{table.ValueParam("$key", types.TextValue(key))}
	if a > b {
		opts = append(opts, table.ValueParam("$shard", types.Uint32Value(a)))
	} else {
		opts = append(opts, table.ValueParam("$shard", types.Uint32Value(b)))
	}
	return s.run(ctx, "SELECT 1 FROM k WHERE shard = $shard AND key = $key", table.NewQueryParameters(opts...)) // want `params=\{\$key:Utf8 const=false\}\?`
}
