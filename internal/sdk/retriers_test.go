package sdk

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestRetriersCoverEntries: every entry point of KindRetry is a retrier
// with the same callback argument.
func TestRetriersCoverEntries(t *testing.T) {
	for _, e := range Entries {
		if e.Kind != KindRetry {
			continue
		}
		r := LookupRetrier(Identity{e.Pkg, e.Recv, e.Name})
		if r == nil {
			t.Errorf("%s (%s.%s.%s) is not in Retriers", e.API, e.Pkg, e.Recv, e.Name)
			continue
		}
		if got := e.ArgIndex(RoleCallback); got != r.Callback {
			t.Errorf("%s: callback argument %d in Entries, %d in Retriers", e.API, got, r.Callback)
		}
	}
}

// TestUsageTablesResolve loads the real SDK (v3.156.1) and checks that every
// retrier exists with a func-typed callback argument, and that every
// current result type exists and has the methods ResultMethods names.
func TestUsageTablesResolve(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real SDK")
	}
	paths := []string{PkgQuery, PkgInternalQuery, PkgTable, PkgRetry, PkgTableResult, PkgInternalQueryResult}
	cfg := &packages.Config{Mode: packages.NeedTypes | packages.NeedName | packages.NeedImports | packages.NeedDeps, Dir: "../.."}
	loaded, err := packages.Load(cfg, paths...)
	if err != nil {
		t.Fatal(err)
	}
	pkgs := map[string]*types.Package{}
	packages.Visit(loaded, nil, func(p *packages.Package) {
		if p.Types != nil {
			pkgs[p.PkgPath] = p.Types
		}
	})
	for _, r := range Retriers {
		fn, why := resolve(pkgs, Identity{r.Pkg, r.Recv, r.Name})
		if fn == nil {
			t.Errorf("%s: %s", r.API, why)
			continue
		}
		sig := fn.Type().(*types.Signature)
		if r.Callback >= sig.Params().Len() {
			t.Errorf("%s: callback index %d out of range", r.API, r.Callback)
			continue
		}
		if _, ok := sig.Params().At(r.Callback).Type().Underlying().(*types.Signature); !ok {
			t.Errorf("%s: argument %d is %s, not a func", r.API, r.Callback, sig.Params().At(r.Callback).Type())
		}
	}
	for _, rt := range ResultTypes {
		if rt.Old {
			continue
		}
		tn, ok := pkgs[rt.Pkg].Scope().Lookup(rt.Name).(*types.TypeName)
		if !ok {
			t.Errorf("result type %s.%s not found", rt.Pkg, rt.Name)
			continue
		}
		for m := range ResultMethods[rt.Family] {
			if obj, _, _ := types.LookupFieldOrMethod(tn.Type(), true, tn.Pkg(), m); obj == nil {
				t.Errorf("result type %s.%s has no method %s", rt.Pkg, rt.Name, m)
			}
		}
	}
}
