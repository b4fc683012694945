package metricsdb

import (
	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

func queryParams(hostID uint64) query.ExecuteOption {
	return query.WithParameters(ydb.ParamsBuilder().Param("$host").Uint64(hostID).Build())
}
