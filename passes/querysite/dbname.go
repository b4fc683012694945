package querysite

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/sdk"
)

// databaseNameKey is the hole key of the driver's database name,
// (*ydb.Driver).Name() or ydb.Connection's Name(): a service talks to one
// database, so every such call holds the same string, the same way a
// parameterless function does.
func databaseNameKey(common *ssa.CallCommon) (string, string) {
	var obj *types.Func
	if common.IsInvoke() {
		obj = common.Method
	} else if callee := common.StaticCallee(); callee != nil {
		obj, _ = callee.Object().(*types.Func)
	}
	if id, ok := sdk.IdentityOf(obj); !ok || !slices.Contains(sdk.DatabaseNameMethods, id) {
		return "", ""
	}
	if sig, ok := obj.Type().(*types.Signature); !ok || sig.Params().Len() != 0 {
		return "", ""
	}
	return schema.DatabaseRootKey, "db.Name()"
}
