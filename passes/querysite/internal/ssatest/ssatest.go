// Package ssatest holds what the tests of querysite's subpackages share:
// the calls their test analyzers report on, and running such an analyzer
// over the package's test-data module. Each test gives its package a
// minimal Host and reports what the package decodes at each call of a
// function named sink in its test data.
package ssatest

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// CallsTo returns the static calls in funcs to a function named name, in
// the order of funcs, blocks and instructions.
func CallsTo(funcs []*ssa.Function, name string) []*ssa.Call {
	return CallsWhere(funcs, func(common *ssa.CallCommon) bool {
		return common.StaticCallee() != nil && common.StaticCallee().Name() == name
	})
}

// CallsWhere returns the calls in funcs whose call common satisfies keep,
// in the order of funcs, blocks and instructions.
func CallsWhere(funcs []*ssa.Function, keep func(*ssa.CallCommon) bool) []*ssa.Call {
	var calls []*ssa.Call
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok && keep(&call.Call) {
					calls = append(calls, call)
				}
			}
		}
	}
	return calls
}

// Run runs a over pkgs of the test-data module in the test's testdata
// directory, checking its diagnostics against the // want comments.
func Run(t *testing.T, a *analysis.Analyzer, pkgs ...string) {
	t.Helper()
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, a, pkgs...)
}

// SDKEntry is the entry point of the SDK table a call reaches, nil for
// any other call: a test host's Entry (the pass also knows configured
// sinks and SDK-shaped interfaces).
func SDKEntry(common *ssa.CallCommon) *sdk.Entry {
	id, _, ok := ssaval.CalleeIdentity(common)
	if !ok {
		return nil
	}
	return sdk.LookupEntry(id)
}
