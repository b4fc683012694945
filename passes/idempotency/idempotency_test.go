package idempotency_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/idempotency"
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

// TestIdempotency: the query service, v3.156.1, a module that opens its
// driver without ydb.WithDefaultIdempotent.
func TestIdempotency(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, module(t, "sdkusage"), idempotency.Analyzer,
		"example.com/sdkusage/idempotency/accounts",
		"example.com/sdkusage/idempotency/accountsd",
		"example.com/sdkusage/idempotency/yqlrun")
}

// TestDatabaseRootPaths: tables named under the database root,
// path.Join(db.Name(), "account"), are shown as the query names them
// relative to the database (account), a Go value by its expression.
func TestDatabaseRootPaths(t *testing.T) {
	analysistest.Run(t, module(t, "sdkusage"), idempotency.Analyzer,
		"example.com/sdkusage/idempotency/ledger")
}

// TestTableService: the table client's Do and DoTx, v3.156.1.
func TestTableService(t *testing.T) {
	analysistest.Run(t, module(t, "sdkusage"), idempotency.Analyzer,
		"example.com/sdkusage/idempotency/catalog")
}

// TestStrict: database/sql's retry.DoTx, a read-modify-write next to a
// SELECT that may be an operation-id check, and keys generated on every
// attempt.
func TestStrict(t *testing.T) {
	strict(t)
	analysistest.Run(t, module(t, "sdkusage"), idempotency.Analyzer,
		"example.com/sdkusage/idempotency/sqlstore",
		"example.com/sdkusage/idempotency/events")
}

// TestV3_42: v3.42.7's ydb.Connection and table.WithIdempotent() without
// arguments; the module opens its driver (truncation/auditd).
func TestV3_42(t *testing.T) {
	analysistest.Run(t, module(t, "sdkusage_v3_42"), idempotency.Analyzer,
		"example.com/sdkusage_v3_42/idempotency/traces")
}

// TestDefaultIdempotent: a module whose driver is opened with
// ydb.WithDefaultIdempotent(true): silent.
func TestDefaultIdempotent(t *testing.T) {
	analysistest.Run(t, module(t, "sdkusage_defaultidem"), idempotency.Analyzer,
		"example.com/sdkusage_defaultidem/shop",
		"example.com/sdkusage_defaultidem/cmd/shopd")
}
