package sdk

import (
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// loadSDK type-checks the SDK packages the tables refer to, as required by
// the root go.mod (v3.156.1), plus the standard-library packages of the
// hash and monotonic tables.
func loadSDK(t *testing.T) map[string]*types.Package {
	t.Helper()
	if testing.Short() {
		t.Skip("loads the real SDK")
	}
	paths := map[string]bool{}
	for _, e := range Entries {
		paths[e.Pkg] = true
	}
	for _, f := range Funcs {
		paths[f.Pkg] = true
	}
	for _, h := range HashFuncs {
		if !strings.Contains(h.Pkg, ".") {
			paths[h.Pkg] = true
		}
	}
	for _, m := range MonotonicSources {
		if !strings.Contains(m.Pkg, ".") {
			paths[m.Pkg] = true
		}
	}
	for _, p := range Passthrough {
		paths[p.Pkg] = true
	}
	for _, p := range []string{PkgTypes, PkgTableTypes, PkgInternalTypes, PkgInternalParams, PkgInternalValue} {
		paths[p] = true
	}
	var patterns []string
	for p := range paths {
		patterns = append(patterns, p)
	}
	cfg := &packages.Config{Mode: packages.NeedTypes | packages.NeedName | packages.NeedImports | packages.NeedDeps, Dir: "../.."}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*types.Package{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
		if p.Types != nil {
			out[p.PkgPath] = p.Types
		}
	})
	for p := range paths {
		if out[p] == nil {
			t.Fatalf("package %s not loaded", p)
		}
	}
	return out
}

// resolve finds the function or method named by id. For methods it looks the
// name up in the method set of Recv (pointer receiver included) and checks
// that the declaring type is Recv itself, as invoke-mode calls report it.
func resolve(pkgs map[string]*types.Package, id Identity) (*types.Func, string) {
	pkg := pkgs[id.Pkg]
	if pkg == nil {
		return nil, "package not loaded"
	}
	if id.Recv == "" {
		switch obj := pkg.Scope().Lookup(id.Name).(type) {
		case *types.Func:
			return obj, ""
		case nil:
			return nil, "no such function"
		default:
			return nil, "not a func: " + obj.String()
		}
	}
	tn, ok := pkg.Scope().Lookup(id.Recv).(*types.TypeName)
	if !ok {
		return nil, "no such type " + id.Recv
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, pkg, id.Name)
	if _, isIface := tn.Type().Underlying().(*types.Interface); isIface {
		obj, _, _ = types.LookupFieldOrMethod(tn.Type(), true, pkg, id.Name)
	}
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil, "no such method"
	}
	got, ok := IdentityOf(fn)
	if !ok || got != id {
		return nil, "declared on " + got.Pkg + "." + got.Recv + ", not on " + id.Recv
	}
	return fn, ""
}

func isNamed(t types.Type, pkg, name string) bool {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// checkRole reports why the parameter type does not fit the role ("" when it does).
func checkRole(sig *types.Signature, a Arg) string {
	params := sig.Params()
	if a.Index >= params.Len() {
		return "index out of range"
	}
	pt := params.At(a.Index).Type()
	last := a.Index == params.Len()-1
	switch a.Role {
	case RoleText, RoleTable:
		if !types.Identical(pt, types.Typ[types.String]) {
			return "not a string: " + pt.String()
		}
	case RoleParams:
		if !isNamed(pt, PkgInternalParams, "Params") {
			return "not *params.Params: " + pt.String()
		}
	case RoleOptions, RoleArgs:
		if !last || !sig.Variadic() {
			return "not the variadic parameter"
		}
		if a.Role == RoleArgs {
			elem := pt.(*types.Slice).Elem()
			if !types.Identical(elem, types.NewInterfaceType(nil, nil)) && !types.Identical(types.Unalias(elem), types.Universe.Lookup("any").Type()) {
				return "not ...any: " + pt.String()
			}
		}
	case RoleReadRowsOptions:
		if _, ok := pt.(*types.Slice); !ok || (last && sig.Variadic()) {
			return "not a plain slice: " + pt.String()
		}
	case RoleRows:
		if !isNamed(pt, PkgInternalValue, "Value") && !isNamed(pt, PkgTable, "BulkUpsertData") {
			return "not value.Value or BulkUpsertData: " + pt.String()
		}
	case RoleCallback:
		if _, ok := pt.Underlying().(*types.Signature); !ok {
			return "not a func: " + pt.String()
		}
	case RoleDB:
		if !isNamed(pt, PkgSQL, "DB") {
			return "not *sql.DB: " + pt.String()
		}
	case RoleStmt:
		if !isNamed(pt, PkgTable, "Statement") {
			return "not table.Statement: " + pt.String()
		}
	}
	return ""
}

func TestEntriesResolve(t *testing.T) {
	pkgs := loadSDK(t)
	for _, e := range Entries {
		id := Identity{e.Pkg, e.Recv, e.Name}
		fn, why := resolve(pkgs, id)
		if fn == nil {
			t.Errorf("%s (%v): %s", e.API, id, why)
			continue
		}
		sig := fn.Type().(*types.Signature)
		if len(e.Args) == 0 {
			t.Errorf("%s: no argument roles", e.API)
		}
		for _, a := range e.Args {
			if why := checkRole(sig, a); why != "" {
				t.Errorf("%s arg%d (role %d): %s", e.API, a.Index, a.Role, why)
			}
		}
		if e.Verified != verified {
			t.Errorf("%s: verified %q", e.API, e.Verified)
		}
		if LookupEntry(id) != &e && LookupEntry(id).API != e.API {
			t.Errorf("%s: index mismatch", e.API)
		}
	}
}

func TestFuncsResolve(t *testing.T) {
	pkgs := loadSDK(t)
	for _, f := range Funcs {
		if _, why := resolve(pkgs, Identity{f.Pkg, f.Recv, f.Name}); why != "" {
			t.Errorf("%s.%s.%s: %s", f.Pkg, f.Recv, f.Name, why)
		}
	}
	for _, f := range Passthrough {
		if _, why := resolve(pkgs, Identity{f.Pkg, f.Recv, f.Name}); why != "" {
			t.Errorf("passthrough %s.%s.%s: %s", f.Pkg, f.Recv, f.Name, why)
		}
	}
	for _, h := range HashFuncs {
		if strings.Contains(h.Pkg, ".") {
			continue // third-party: not in the root module
		}
		fn, why := resolve(pkgs, Identity{h.Pkg, h.Recv, h.Name})
		if fn == nil {
			t.Errorf("hash %s.%s.%s: %s", h.Pkg, h.Recv, h.Name, why)
			continue
		}
		if h.Shape == HashDirect || h.Shape == HashWrite {
			if sig := fn.Type().(*types.Signature); h.Arg >= sig.Params().Len() {
				t.Errorf("hash %s.%s: arg %d out of range", h.Pkg, h.Name, h.Arg)
			}
		}
	}
	for _, m := range MonotonicSources {
		if strings.Contains(m.Pkg, ".") {
			continue
		}
		if _, why := resolve(pkgs, Identity{m.Pkg, m.Recv, m.Name}); why != "" {
			t.Errorf("monotonic %s.%s.%s: %s", m.Pkg, m.Recv, m.Name, why)
		}
	}
}

// ctorSig finds pkg.name as a func or as a package-level var of func type
// (SDK/table/types since v3.142.0).
func ctorSig(pkg *types.Package, name string) (*types.Signature, bool) {
	switch obj := pkg.Scope().Lookup(name).(type) {
	case *types.Func:
		return obj.Type().(*types.Signature), false
	case *types.Var:
		sig, ok := obj.Type().Underlying().(*types.Signature)
		if ok {
			return sig, true
		}
	}
	return nil, false
}

func TestValueCtorsResolve(t *testing.T) {
	pkgs := loadSDK(t)
	vars := 0
	for _, c := range ValueCtors {
		for _, pkgPath := range []string{PkgTypes, PkgTableTypes} {
			if (c.TableTypesOnly && pkgPath == PkgTypes) || (c.NotInTableTypes && pkgPath == PkgTableTypes) {
				if sig, _ := ctorSig(pkgs[pkgPath], c.Name); sig != nil {
					t.Errorf("%s.%s exists but the table says it does not", pkgPath, c.Name)
				}
				continue
			}
			sig, isVar := ctorSig(pkgs[pkgPath], c.Name)
			if sig == nil {
				t.Errorf("%s.%s: not found", pkgPath, c.Name)
				continue
			}
			if isVar {
				vars++
			}
			if LookupValueCtor(pkgPath, c.Name) == nil {
				t.Errorf("%s.%s: lookup fails", pkgPath, c.Name)
			}
			if res := sig.Results(); res.Len() == 0 {
				t.Errorf("%s.%s: no result", pkgPath, c.Name)
			}
			params := sig.Params()
			switch c.Form {
			case FormScalar, FormOptional:
				if params.Len() == 0 {
					t.Errorf("%s.%s: no argument", pkgPath, c.Name)
				}
			case FormNullable:
				if params.Len() == 0 {
					t.Errorf("%s.%s: no argument", pkgPath, c.Name)
				} else if _, ok := params.At(0).Type().(*types.Pointer); !ok {
					t.Errorf("%s.%s: arg0 is not a pointer: %s", pkgPath, c.Name, params.At(0).Type())
				}
			case FormNullableGeneric:
				if params.Len() != 2 {
					t.Errorf("%s.%s: want (Type, any)", pkgPath, c.Name)
				}
			case FormNull, FormZero:
				if params.Len() != 1 || !isNamed(params.At(0).Type(), PkgInternalTypes, "Type") {
					t.Errorf("%s.%s: want (types.Type)", pkgPath, c.Name)
				}
			case FormVoid:
				if params.Len() != 0 {
					t.Errorf("%s.%s: want no argument", pkgPath, c.Name)
				}
			case FormList, FormTuple, FormSet, FormStruct, FormDict:
				if !sig.Variadic() {
					t.Errorf("%s.%s: not variadic", pkgPath, c.Name)
				}
			case FormStructField:
				if params.Len() != 2 || !types.Identical(params.At(0).Type(), types.Typ[types.String]) {
					t.Errorf("%s.%s: want (string, Value)", pkgPath, c.Name)
				}
			}
		}
	}
	// Catalogue §0 row 1: since v3.142.0 most table/types constructors are vars.
	if vars < 50 {
		t.Errorf("only %d table/types constructors are vars; the SSA shape assumption is stale", vars)
	}
	for _, c := range TypeCtors {
		for _, pkgPath := range []string{PkgTypes, PkgTableTypes} {
			if sig, _ := ctorSig(pkgs[pkgPath], c.Name); sig == nil {
				t.Errorf("type ctor %s.%s: not found", pkgPath, c.Name)
			}
		}
	}
}

func TestPrimitiveNames(t *testing.T) {
	pkgs := loadSDK(t)
	names := PrimitiveNames(pkgs[PkgInternalTypes])
	if len(names) != len(PrimitiveYQL) {
		t.Errorf("resolved %d primitive names, table has %d", len(names), len(PrimitiveYQL))
	}
	// Values 0–12 are stable across versions (catalogue §0 row 4).
	if names[9] != "Uint64" || names[1] != "Bool" || names[12] != "Date" {
		t.Errorf("unexpected primitive numbering: 9=%q 1=%q 12=%q", names[9], names[1], names[12])
	}
	// The public constant types.TypeUint64 has the Primitive type.
	c, ok := pkgs[PkgTypes].Scope().Lookup("TypeUint64").(*types.Const)
	if !ok || names[mustUint(t, c)] != "Uint64" {
		t.Errorf("types.TypeUint64 does not map to Uint64")
	}
}

func mustUint(t *testing.T, c *types.Const) uint64 {
	v, ok := constUint64(c)
	if !ok {
		t.Fatalf("%s is not an unsigned constant", c)
	}
	return v
}

func TestBuilderSetters(t *testing.T) {
	pkgs := loadSDK(t)
	params := pkgs[PkgInternalParams]
	for name := range BuilderSetters {
		for _, recv := range []string{ParamsParameterType, ParamsOptionalType} {
			fn, why := resolve(pkgs, Identity{PkgInternalParams, recv, name})
			if fn == nil {
				t.Errorf("(*params.%s).%s: %s", recv, name, why)
				continue
			}
			sig := fn.Type().(*types.Signature)
			if sig.Params().Len() == 0 {
				t.Errorf("(*params.%s).%s: no argument", recv, name)
				continue
			}
			_, isPtr := sig.Params().At(0).Type().(*types.Pointer)
			if recv == ParamsOptionalType && !isPtr {
				t.Errorf("(*params.optional).%s takes %s, not a pointer", name, sig.Params().At(0).Type())
			}
		}
	}
	for _, m := range append(slices.Clone(ParamsListMethods), ParamsChain...) {
		if _, why := resolve(pkgs, m); why != "" {
			t.Errorf("%v: %s", m, why)
		}
	}
	_ = params
}

func TestArgIndexAndInSDK(t *testing.T) {
	e := LookupEntry(Identity{PkgTable, "Session", "Execute"})
	if e == nil || e.ArgIndex(RoleText) != 2 || e.ArgIndex(RoleParams) != 3 || e.ArgIndex(RoleOptions) != 4 || e.ArgIndex(RoleTable) != -1 {
		t.Fatalf("table.Session.Execute roles wrong: %+v", e)
	}
	e = LookupEntry(Identity{PkgTable, "TransactionActor", "Execute"})
	if e == nil || e.ArgIndex(RoleText) != 1 || e.ArgIndex(RoleParams) != 2 {
		t.Fatalf("table.TransactionActor.Execute roles wrong: %+v", e)
	}
	for path, want := range map[string]bool{
		Module: true, PkgQuery: true, Module + "x": false, "github.com/ydb-platform/ydb-go-sdk/v2": false, "database/sql": false,
	} {
		if InSDK(path) != want {
			t.Errorf("InSDK(%q) = %v", path, !want)
		}
	}
	if LookupValueCtor(PkgTypes, "StringValue") != nil || LookupValueCtor(PkgTableTypes, "StringValue") == nil {
		t.Errorf("StringValue exists only in table/types")
	}
}

// TestIdentityTablesResolve resolves the identity rows the rules look up by
// meaning (TxControlCalls, SQLCanFail's methods, CappedExecutes,
// RetrierHandles, QueryModes, …) against the real SDK, so that a rename
// there fails here rather than silently in a rule.
func TestIdentityTablesResolve(t *testing.T) {
	pkgs := loadSDK(t)
	mustResolve := func(what string, id Identity) *types.Signature {
		t.Helper()
		fn, why := resolve(pkgs, id)
		if fn == nil {
			t.Errorf("%s %v: %s", what, id, why)
			return nil
		}
		return fn.Type().(*types.Signature)
	}
	mustEntry := func(what, api string, id Identity, kinds ...Kind) {
		t.Helper()
		e := LookupEntry(id)
		switch {
		case e == nil:
			t.Errorf("%s %v: not in Entries", what, id)
		case api != "" && e.API != api:
			t.Errorf("%s %v: API %q, Entries says %q", what, id, api, e.API)
		case len(kinds) > 0 && !slices.Contains(kinds, e.Kind):
			t.Errorf("%s %v: kind %d", what, id, e.Kind)
		}
	}
	txControl := types.NewPointer(pkgs[PkgTable].Scope().Lookup("TransactionControl").Type())
	for _, c := range TxControlCalls {
		id := Identity{c.Pkg, c.Recv, c.Name}
		mustEntry("TxControlCalls", c.API, id)
		sig := mustResolve("TxControlCalls", id)
		switch {
		case sig == nil:
		case c.Arg >= sig.Params().Len():
			t.Errorf("TxControlCalls %s: arg %d out of range", c.API, c.Arg)
		case c.InOptions && (!sig.Variadic() || c.Arg != sig.Params().Len()-1):
			t.Errorf("TxControlCalls %s: arg %d is not the variadic options", c.API, c.Arg)
		case !c.InOptions && !types.Identical(sig.Params().At(c.Arg).Type(), txControl):
			t.Errorf("TxControlCalls %s: arg %d is %s, not *table.TransactionControl", c.API, c.Arg, sig.Params().At(c.Arg).Type())
		}
		if LookupTxControlCall(id) == nil {
			t.Errorf("TxControlCalls %s: lookup fails", c.API)
		}
	}
	for _, c := range CappedExecutes {
		id := Identity{c.Pkg, c.Recv, c.Name}
		mustEntry("CappedExecutes", c.API, id, KindYQL, KindPreparedExec)
		mustResolve("CappedExecutes", id)
		if !IsCappedExecute(id) || !IsCappedExecuteAPI(c.API) {
			t.Errorf("CappedExecutes %s: lookup fails", c.API)
		}
	}
	mustEntry("SessionCreateTable", "", SessionCreateTable, KindCreateTable)
	mustEntry("SessionAlterTable", "", SessionAlterTable, KindAlterTable)
	for _, name := range SQLHandleTypes {
		if _, ok := pkgs[PkgSQL].Scope().Lookup(name).(*types.TypeName); !ok {
			t.Errorf("SQLHandleTypes: database/sql.%s not found", name)
		}
	}
	for _, id := range SQLLocalMethods {
		mustResolve("SQLLocalMethods", id)
		if !slices.Contains(SQLHandleTypes, id.Recv) || SQLCanFail(id) {
			t.Errorf("SQLLocalMethods %v: not a local method of a handle", id)
		}
	}
	for _, id := range SQLReceiveMethods {
		mustResolve("SQLReceiveMethods", id)
		if !SQLCanFail(id) {
			t.Errorf("SQLReceiveMethods %v: SQLCanFail is false", id)
		}
	}
	for _, id := range RetrierHandles {
		tn, ok := pkgs[id.Pkg].Scope().Lookup(id.Name).(*types.TypeName)
		if !ok || tn.IsAlias() || id.Recv != "" {
			t.Errorf("RetrierHandles %v: not a named type of the package", id)
			continue
		}
		if !IsRetrierHandle(tn.Type()) || !IsRetrierHandle(types.NewPointer(tn.Type())) {
			t.Errorf("RetrierHandles %v: IsRetrierHandle is false", id)
		}
	}
	for _, id := range append([]Identity{CreateSession, SQLOpen, WithQueryMode, DataQueryOverQueryClientOption, SQLQueryServiceOption},
		append(DatabaseNameMethods, IgnoreTruncatedOptions...)...) {
		mustResolve("identity", id)
	}
	for _, c := range CommitCalls {
		mustResolve("CommitCalls "+c.API, Identity{c.Pkg, c.Recv, c.Name})
	}
	for _, c := range ClientCalls {
		mustResolve("ClientCalls "+c.API, Identity{c.Pkg, c.Recv, c.Name})
	}
	for id := range TxBuilders {
		mustResolve("TxBuilders", id)
	}
	for _, name := range DriverOpeners {
		mustResolve("DriverOpeners", Identity{Pkg: PkgYDB, Name: name})
	}
	if col, ok := pkgs[PkgTableOptions].Scope().Lookup("Column").(*types.TypeName); !ok {
		t.Errorf("options.Column not found")
	} else if st, ok := col.Type().Underlying().(*types.Struct); !ok {
		t.Errorf("options.Column is not a struct")
	} else {
		var fields []string
		for i := 0; i < st.NumFields(); i++ {
			fields = append(fields, st.Field(i).Name())
		}
		if want := []string{ColumnFieldName, ColumnFieldType, ColumnFieldFamily, ColumnFieldDefault}; !slices.Equal(fields, want) {
			t.Errorf("options.Column has fields %v, the table says %v", fields, want)
		}
	}
	modeType := pkgs[PkgYDB].Scope().Lookup("QueryMode")
	for _, m := range QueryModes {
		c, ok := pkgs[PkgYDB].Scope().Lookup(m.Const).(*types.Const)
		if !ok || modeType == nil || !types.Identical(c.Type(), modeType.Type()) {
			t.Errorf("QueryModes: ydb.%s is not a ydb.QueryMode constant", m.Const)
		}
	}
}
