package sdkssa_test

import (
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/buildssa"

	"github.com/ydblint/ydblint/internal/sdkssa"
)

// TestBuiltOnlyForSDKClients runs the analyzer on a service module: SSA
// for the repository that calls the query service and for the package that
// reaches the SDK only through it, the same functions as buildssa's, and
// for the SDK's external test package (a client); none for a package that
// never reaches the SDK, nor for an SDK library package or its test main.
func TestBuiltOnlyForSDKClients(t *testing.T) {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	const sdkPkg = "github.com/ydb-platform/ydb-go-sdk/v3/query"
	results := analysistest.Run(t, dir, sdkssa.Analyzer,
		"example.com/sdkssa/orders", "example.com/sdkssa/server", "example.com/sdkssa/slug", sdkPkg)
	want := map[string][]string{
		"example.com/sdkssa/orders": {"New", "(*Repo).Count", "(*Repo).Count$1"},
		"example.com/sdkssa/server": {"(*Server).Stats"},
		"example.com/sdkssa/slug":   nil,
		sdkPkg:                      nil,
		sdkPkg + "_test":            {"*"}, // analysistest loads the tests too
		sdkPkg + ".test":            nil,
	}
	seen := map[string]bool{}
	for _, r := range results {
		if r.Pass == nil || r.Pass.Pkg == nil {
			t.Errorf("a package was not analysed: %v", r.Err)
			continue
		}
		path := r.Pass.Pkg.Path()
		seen[path] = true
		if r.Err != nil {
			t.Errorf("%s: %v", path, r.Err)
			continue
		}
		res := r.Result.(*buildssa.SSA)
		exp, ok := want[path]
		if !ok {
			t.Errorf("unexpected package %s", path)
			continue
		}
		if exp == nil {
			if res != nil {
				t.Errorf("%s: SSA built (%d functions), want none", path, len(res.SrcFuncs))
			}
			continue
		}
		if res == nil {
			t.Errorf("%s: no SSA, want %v", path, exp)
			continue
		}
		if len(exp) == 1 && exp[0] == "*" {
			continue
		}
		var got []string
		for _, fn := range res.SrcFuncs {
			got = append(got, fn.RelString(r.Pass.Pkg))
		}
		if !slices.Equal(got, exp) {
			t.Errorf("%s: SSA of %v, want %v", path, got, exp)
		}
	}
	for path := range want {
		if !seen[path] {
			t.Errorf("%s was not analysed", path)
		}
	}
}
