package truncation_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/truncation"
)

func module(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("../../testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func strict(t *testing.T) {
	t.Helper()
	if err := config.Analyzer.Flags.Set(config.StrictFlag, "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(config.ResetFlags)
}

// TestIgnoreTruncated: the options that hide the cut, reported by default
// (v3.156.1, the driver opened in the module without the query-client
// option).
func TestIgnoreTruncated(t *testing.T) {
	analysistest.Run(t, module(t, "sdkusage"), truncation.Analyzer,
		"example.com/sdkusage/truncation/catalogd",
		"example.com/sdkusage/truncation/ignoring")
}

// TestUnboundedStrict: listings through the table service and database/sql
// in table-service mode, with -strict.
func TestUnboundedStrict(t *testing.T) {
	strict(t)
	analysistest.Run(t, module(t, "sdkusage"), truncation.Analyzer,
		"example.com/sdkusage/truncation/catalog",
		"example.com/sdkusage/truncation/sqlcatalog")
}

// TestV3_42: before WithExecuteDataQueryOverQueryClient (v3.99.0) every
// data query is capped, whoever opens the driver; WithIgnoreTruncated
// already exists (v3.36.0).
func TestV3_42(t *testing.T) {
	strict(t)
	analysistest.Run(t, module(t, "sdkusage_v3_42"), truncation.Analyzer,
		"example.com/sdkusage_v3_42/truncation/audit",
		"example.com/sdkusage_v3_42/truncation/auditd")
}

// TestOverQueryClient: a module whose driver is opened with
// ydb.WithExecuteDataQueryOverQueryClient(true) has no cap: silent, for the
// table service, database/sql in table mode and WithIgnoreTruncated.
func TestOverQueryClient(t *testing.T) {
	strict(t)
	analysistest.Run(t, module(t, "sdkusage_overquery"), truncation.Analyzer,
		"example.com/sdkusage_overquery/shop",
		"example.com/sdkusage_overquery/cmd/shopd")
}

// TestDriverNotVisible: v3.117.0 has the query-client option and the
// module never opens a driver: silent.
func TestDriverNotVisible(t *testing.T) {
	strict(t)
	analysistest.Run(t, module(t, "sdkusage_v3_117"), truncation.Analyzer,
		"example.com/sdkusage_v3_117/truncation/inventory")
}

// TestListLookups (-strict): reads of a whole unique key by IN $list are
// bounded by the list, silent when the Go code visibly keeps the list
// short, reported when nothing does.
func TestListLookups(t *testing.T) {
	strict(t)
	analysistest.Run(t, module(t, "sdkusage"), truncation.Analyzer,
		"example.com/sdkusage/truncation/accounts",
		"example.com/sdkusage/truncation/accountsd")
}

// TestSeeded (-strict): a table every write of which in the module gives
// constant keys holds that many rows; a table some Go code adds rows to,
// or that nothing in the module writes, is reported.
func TestSeeded(t *testing.T) {
	strict(t)
	analysistest.Run(t, module(t, "sdkusage_seeded"), truncation.Analyzer,
		"example.com/sdkusage_seeded/reference",
		"example.com/sdkusage_seeded/referenced")
}
