package schemafact_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/fullscan"
)

// TestSchemaRecall: CreateTable columns typed by the SDK's DefaultDecimal
// variable (not a constant or a constructor call), or described by
// WithColumnMeta(options.Column{…}), must not keep the table out of the
// schema, whether the call is in the querying package (typed options) or
// in a setup package nobody imports (module scan), whose log and error
// messages mention "create table" without being DDL. fullscan sees the
// tables only when they are defined: each faulty read is reported and its
// by-key twin stays silent, on the current SDK and on old releases
// (table/types only, primitives in internal/value).
func TestSchemaRecall(t *testing.T) {
	for _, v := range []string{"current", "v3.26.10", "v3.42.7", "v3.56.1"} {
		t.Run(v, func(t *testing.T) {
			dir, err := filepath.Abs(filepath.Join("../../testdata/schemarecall", v))
			if err != nil {
				t.Fatal(err)
			}
			analysistest.Run(t, dir, fullscan.Analyzer, "./...")
		})
	}
}
