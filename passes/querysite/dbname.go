package querysite

import (
	"go/types"
	"slices"
	"strings"

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
	if !isDatabaseName(obj) {
		return "", ""
	}
	return schema.DatabaseRootKey, "db.Name()"
}

// isDatabaseNameKey reports whether key is the evaluator's key of the
// database name (the driver's Name(), keyed by the method alone:
// Env.StableResult), which the catalogue spells schema.DatabaseRootKey.
func isDatabaseNameKey(key string) bool {
	for _, n := range sdk.DatabaseNameFuncs {
		if strings.HasPrefix(key, "call:"+n+"(") {
			return true
		}
	}
	return false
}

func isDatabaseName(obj *types.Func) bool {
	if id, ok := sdk.IdentityOf(obj); !ok || !slices.Contains(sdk.DatabaseNameMethods, id) {
		return false
	}
	sig, ok := obj.Type().(*types.Signature)
	return ok && sig.Params().Len() == 0
}
