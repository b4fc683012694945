package schemafact_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/fullscan"
	"github.com/ydblint/ydblint/passes/schemafact"
)

// TestServiceSchema runs on testdata/svc, a module written the way services
// are: the schema is made by a setup command nobody imports (maps of
// option functions ranged over, options built with append), by
// repositories whose methods return their options, and by a YDB migration
// next to a PostgreSQL one. The catalog package's fact lists what is found.
func TestServiceSchema(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/svc")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, schemafact.Analyzer, "example.com/svc/catalog")
}

// TestServiceSchemaUsed checks that rules see that schema: fullscan reports
// reads of tables only cmd/setup and the store's method define, and stays
// silent on their correct twins; and the tenants table, whose options the
// typed pass cannot follow into another package, through the module scan.
func TestServiceSchemaUsed(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/svc")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, fullscan.Analyzer, "example.com/svc/reader", "example.com/svc/store", "example.com/svc/tenants")
}
