package querysite

import (
	"go/ast"
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
	if !isDatabaseName(obj) {
		return "", ""
	}
	return schema.DatabaseRootKey, "db.Name()"
}

// databaseNameCall reports whether ce calls the driver's database name
// method: the evaluator keys such a call by its receiver (a driver from
// ydb.Open of a DSN not known has no key), the catalogue by the method
// alone.
func (a *pkgAnalysis) databaseNameCall(ce *ast.CallExpr) bool {
	sel, ok := ast.Unparen(ce.Fun).(*ast.SelectorExpr)
	if !ok || len(ce.Args) != 0 {
		return false
	}
	obj, _ := a.pass.TypesInfo.Uses[sel.Sel].(*types.Func)
	return isDatabaseName(obj)
}

func isDatabaseName(obj *types.Func) bool {
	if id, ok := sdk.IdentityOf(obj); !ok || !slices.Contains(sdk.DatabaseNameMethods, id) {
		return false
	}
	sig, ok := obj.Type().(*types.Signature)
	return ok && sig.Params().Len() == 0
}
