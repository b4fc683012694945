package values

import (
	"context"
	"hash/crc32"
	"hash/fnv"
	"sync/atomic"
	"time"

	"example.com/app/helpers"
	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

var counter uint64

// shard hashes its argument: a user hash wrapper.
func shard(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

func Values(ctx context.Context, db *ydb.Driver, user string, p *uint64) {
	_ = db.Query().Exec(ctx, "UPSERT INTO t (h, c, ts, n, o, z, u) VALUES ($h, $c, $ts, $n, $o, $z, $u)", // want `params=\{\$c:Uint64 const=false hash=hash/crc32.ChecksumIEEE\(param:user\),\$h:Uint64 const=false hash=hash/fnv.New64a\(param:user\),\$n:Uint64 const=false mono=atomic counter,\$o:Uint64\?maybe-null,\$ts:Int64 const=false mono=time.Now,\$u:Uint64\?null,\$z:Uint64\?null\}`
		query.WithParameters(ydb.ParamsBuilder().
			Param("$h").Uint64(shard(user)).
			Param("$c").Uint64(uint64(crc32.ChecksumIEEE([]byte(user)))).
			Param("$ts").Int64(time.Now().UnixNano()).
			Param("$n").Uint64(atomic.AddUint64(&counter, 1)).
			Param("$o").Any(types.NullableUint64Value(p)).
			Param("$z").Any(types.ZeroValue(types.Optional(types.TypeUint64))).
			Param("$u").Any(types.Nullable(types.TypeUint64, (*uint64)(nil))).
			Build()))
	_ = db.Query().Exec(ctx, "SELECT $k", query.WithParameters(ydb.ParamsBuilder().Param("$k").Uint64(helpers.Shard(user)).Build()))                                                                                            // want `params=\{\$k:Uint64 const=false hash=hash/crc64.Checksum\(param:user\)\}`
	_ = db.Query().Exec(ctx, "SELECT 1", query.WithParameters(ydb.ParamsFromMap(map[string]any{"$a": uint(1), "b": "x"})))                                                                                                      // want `params=\{\$a:Uint32 const=true,\$b:Utf8 const=true\}`
	_ = db.Query().Exec(ctx, "SELECT 1", query.WithParameters(ydb.ParamsBuilder().Param("$a").Any(types.OptionalValue(types.Uint64Value(1))).Build()), query.WithParameters(ydb.ParamsBuilder().Param("$b").Text("x").Build())) // want `params=\{\$b:Utf8 const=true\}`
}
