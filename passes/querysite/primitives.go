package querysite

import (
	"go/constant"
	"go/types"
	"strings"

	"github.com/ydblint/ydblint/internal/sdk"
)

// publicPrimitiveAliases maps the suffixes of the public Type* constants
// (types.TypeUTF8, table/types.TypeString) that differ from the name of the
// internal/types constant they equal.
var publicPrimitiveAliases = map[string]string{"String": "Bytes", "UTF8": "Text"}

// loadPrimitives builds the value→YQL-name map of the SDK's
// internal/types.Primitive constants (their numbering differs between SDK
// versions, so it is read from the imported packages, not tabled).
//
// The internal package alone is not enough. Under go vet (unitchecker) a
// package's direct imports come complete from their export data, but a
// package reached only through them holds just the objects that export data
// mentions: internal/types then has its Primitive type and none of its
// constants (types.TypeUint64 = types.Uint64 is exported as a value of type
// Primitive, not as a reference to the internal constant). The standalone
// checker loads everything from source and sees them all. So the public
// re-exports in types and table/types, the packages user code names when it
// writes types.TypeUint64, are read too; whichever of the three is
// complete supplies the values.
func (a *pkgAnalysis) loadPrimitives() {
	internal := a.findPackage(sdk.PkgInternalTypes)
	if internal != nil {
		if tn, ok := internal.Scope().Lookup("Primitive").(*types.TypeName); ok {
			a.primType = tn.Type()
		}
		a.prims = sdk.PrimitiveNames(internal)
	}
	for _, path := range []string{sdk.PkgTypes, sdk.PkgTableTypes} {
		pkg := a.findPackage(path)
		if pkg == nil {
			continue
		}
		scope := pkg.Scope()
		for _, name := range scope.Names() { // sorted: deterministic
			c, ok := scope.Lookup(name).(*types.Const)
			if !ok || !c.Exported() || !strings.HasPrefix(name, "Type") || !isPrimitiveType(c.Type()) {
				continue
			}
			if a.primType == nil {
				a.primType = c.Type()
			}
			if !types.Identical(c.Type(), a.primType) {
				continue
			}
			short := strings.TrimPrefix(name, "Type")
			if alias, ok := publicPrimitiveAliases[short]; ok {
				short = alias
			}
			yql, ok := sdk.PrimitiveYQL[short]
			if !ok {
				continue
			}
			v, exact := primitiveValue(c)
			if !exact {
				continue
			}
			if a.prims == nil {
				a.prims = map[uint64]string{}
			}
			if _, dup := a.prims[v]; !dup {
				a.prims[v] = yql
			}
		}
	}
}

// isPrimitiveType reports whether t is SDK/internal/types.Primitive, or
// SDK/internal/value.PrimitiveType, where SDKs before v3.57 kept it (the
// table/types constants re-export it in every v3 release).
func isPrimitiveType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Obj()
	if obj.Pkg() == nil {
		return false
	}
	return sdk.IsPrimitiveHome(obj.Pkg().Path(), obj.Name())
}

func primitiveValue(c *types.Const) (uint64, bool) {
	return constant.Uint64Val(constant.ToInt(c.Val()))
}
