package sdk

// The resolution test loads the real SDK with go/packages at run time, which
// go mod tidy cannot see. These imports keep the SDK packages the tables
// describe in the root module's requirements, at the version the tables were
// verified against (go.mod: v3.156.1).
import (
	_ "github.com/ydb-platform/ydb-go-sdk/v3"
	_ "github.com/ydb-platform/ydb-go-sdk/v3/query"
	_ "github.com/ydb-platform/ydb-go-sdk/v3/retry"
	_ "github.com/ydb-platform/ydb-go-sdk/v3/scripting"
	_ "github.com/ydb-platform/ydb-go-sdk/v3/table"
	_ "github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	_ "github.com/ydb-platform/ydb-go-sdk/v3/table/types"
	_ "github.com/ydb-platform/ydb-go-sdk/v3/types"
)
