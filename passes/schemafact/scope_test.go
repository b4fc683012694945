package schemafact

import (
	"go/types"
	"testing"
)

// TestInScope: packages that reach ydb-go-sdk or database/sql have a
// catalogue, the libraries themselves do not — but the SDK repository's own
// clients (tests/…, external _test packages) are services like any other.
func TestInScope(t *testing.T) {
	query := types.NewPackage("github.com/ydb-platform/ydb-go-sdk/v3/query", "query")
	sql := types.NewPackage("database/sql", "sql")
	pkg := func(path string, imports ...*types.Package) *types.Package {
		p := types.NewPackage(path, "p")
		p.SetImports(imports)
		return p
	}
	for _, c := range []struct {
		pkg  *types.Package
		want bool
	}{
		{pkg("example.com/svc/repo", query), true},
		{pkg("example.com/svc/sqlrepo", sql), true},
		{pkg("example.com/svc/util"), false},
		{pkg("github.com/ydb-platform/ydb-go-sdk/v3/tests/integration", query), true},
		{pkg("github.com/ydb-platform/ydb-go-sdk/v3/table_test", query), true},
		{pkg("github.com/ydb-platform/ydb-go-sdk/v3/internal/table", query), false},
		{pkg("github.com/ydb-platform/ydb-go-sdk/v3", query), false},
		{pkg("database/sql/driver"), false},
	} {
		if got := inScope(c.pkg, nil); got != c.want {
			t.Errorf("inScope(%s) = %v, want %v", c.pkg.Path(), got, c.want)
		}
	}
}
