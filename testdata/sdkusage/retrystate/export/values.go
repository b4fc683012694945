package export

import "github.com/ydb-platform/ydb-go-sdk/v3/table/types"

func idValue(id uint64) types.Value { return types.Uint64Value(id) }
