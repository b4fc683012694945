package sdk

import (
	"go/types"
	"testing"
)

// TestTypeVarsResolve: every tabled type variable is a package variable of
// type types.Type in both types packages of the real SDK.
func TestTypeVarsResolve(t *testing.T) {
	pkgs := loadSDK(t)
	for name := range typeVars {
		for _, pkgPath := range []string{PkgTypes, PkgTableTypes} {
			v, ok := pkgs[pkgPath].Scope().Lookup(name).(*types.Var)
			if !ok {
				t.Errorf("%s.%s: not a package variable", pkgPath, name)
				continue
			}
			// types.Type is an alias of the SDK's internal Type interface.
			n, ok := types.Unalias(v.Type()).(*types.Named)
			if !ok || n.Obj().Name() != "Type" || !types.IsInterface(n) || n.Obj().Pkg() == nil || !InSDK(n.Obj().Pkg().Path()) {
				t.Errorf("%s.%s has type %s, want the SDK's Type interface", pkgPath, name, v.Type())
			}
		}
	}
	if _, ok := TypeVarYQL("example.com/types", "DefaultDecimal"); ok {
		t.Errorf("TypeVarYQL accepted a package that is not the SDK's")
	}
}
