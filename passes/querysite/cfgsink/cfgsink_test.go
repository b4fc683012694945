package cfgsink_test

import (
	"fmt"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/testenv"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/querysite/cfgsink"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssatest"
)

// TestMain downloads the test-data module's dependencies first: the tests
// load it with GOPROXY=off (see package testenv).
func TestMain(m *testing.M) { testenv.Main(m) }

const pkg = "example.com/cfgsink/store"

// sinks is the configuration the test reads the store package with: one
// declaration per function of it, in each of the spellings Function takes.
var sinks = []config.Sink{
	{Package: pkg, Function: "Exec", QueryArg: 1, ParamsArg: 2},
	{Package: pkg, Function: "(*DB).Query", QueryArg: 1, ParamsArg: 2},
	{Package: pkg, Function: "DB.Select", QueryArg: 1, ParamsArg: 2},
	{Package: pkg, Function: "Find", QueryArg: 1, ParamsArg: 2},
	{Package: pkg, Function: "Raw", QueryArg: 0, ParamsArg: -1},
	{Package: pkg, Function: "Batch", QueryArg: 1, ParamsArg: -1},
	{Package: pkg, Function: "Count", QueryArg: 1, ParamsArg: -1},
	{Package: "example.com/cfgsink/other", Function: "Exec", QueryArg: 1, ParamsArg: 2},
}

// describe says what entry a sink's declaration became.
func describe(cs *cfgsink.Sinks, fn *types.Func) string {
	id := sdk.Identity{Pkg: fn.Pkg().Path(), Name: fn.Name()}
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		id.Recv = t.(*types.Named).Obj().Name()
	}
	e := cs.Lookup(id, fn)
	if e == nil {
		return fmt.Sprintf("%s: does not fit", fn.FullName())
	}
	if !cs.IsEntry(e) || cs.Lookup(id, fn) != e {
		return fmt.Sprintf("%s: entry not kept", fn.FullName())
	}
	var args []string
	for _, a := range e.Args {
		role := map[sdk.Role]string{
			sdk.RoleText: "YQL text", sdk.RoleParams: "params", sdk.RoleOptions: "options",
			sdk.RoleArgs: "args", cfgsink.RoleUnknownParams: "unknown params",
		}[a.Role]
		args = append(args, fmt.Sprintf("%s %d", role, a.Index))
	}
	return fmt.Sprintf("%s: %s", e.API, strings.Join(args, ", "))
}

// reporter reports, at each function of the package the configuration
// names, the entry cfgsink built for it.
var reporter = &analysis.Analyzer{
	Name: "cfgsinkreport",
	Doc:  "report the entry built for each configured sink (test only)",
	Run: func(pass *analysis.Pass) (any, error) {
		cs := cfgsink.New(&config.Config{Sinks: sinks})
		if !cs.HasPkg(pass.Pkg.Path()) {
			return nil, fmt.Errorf("HasPkg(%s) is false", pass.Pkg.Path())
		}
		for _, name := range pass.Pkg.Scope().Names() {
			obj := pass.Pkg.Scope().Lookup(name)
			var fns []*types.Func
			if fn, ok := obj.(*types.Func); ok {
				fns = append(fns, fn)
			}
			if tn, ok := obj.(*types.TypeName); ok {
				if n, ok := tn.Type().(*types.Named); ok {
					for m := range n.Methods() {
						fns = append(fns, m)
					}
				}
			}
			for _, fn := range fns {
				if fn.Name() == "NotConfigured" {
					id := sdk.Identity{Pkg: pkg, Name: fn.Name()}
					if cs.Lookup(id, fn) != nil {
						pass.Reportf(fn.Pos(), "an entry for a function the configuration does not name")
					}
					continue
				}
				pass.Reportf(fn.Pos(), "%s", describe(cs, fn))
			}
		}
		return nil, nil
	},
}

// TestSinkEntries: each declared function becomes the entry its signature
// fits (parameters by their type: *table.QueryParameters, query options,
// `args ...any`, a type ydblint cannot decode), or none when the query
// argument is not one string.
func TestSinkEntries(t *testing.T) {
	ssatest.Run(t, reporter, pkg)
}

// TestNoSinks: without declarations there is no index, and its methods
// answer for none.
func TestNoSinks(t *testing.T) {
	cs := cfgsink.New(&config.Config{})
	if cs != nil {
		t.Fatalf("New without sinks = %v, want nil", cs)
	}
	if cs.HasPkg(pkg) || cs.IsEntry(&sdk.Entry{}) || cs.Lookup(sdk.Identity{Pkg: pkg, Name: "Exec"}, nil) != nil {
		t.Fatal("a nil index answered for a sink")
	}
	if cfgsink.New(nil) != nil {
		t.Fatal("New(nil) is not nil")
	}
}
