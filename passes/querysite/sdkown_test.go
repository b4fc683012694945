package querysite

import "testing"

func TestIsSDKLibrary(t *testing.T) {
	for path, want := range map[string]bool{
		"github.com/ydb-platform/ydb-go-sdk/v3":                           true,
		"github.com/ydb-platform/ydb-go-sdk/v3/internal/query":            true,
		"github.com/ydb-platform/ydb-go-sdk/v3/testutil":                  true,
		"github.com/ydb-platform/ydb-go-sdk/v3/tests":                     false,
		"github.com/ydb-platform/ydb-go-sdk/v3/tests/integration":         false,
		"github.com/ydb-platform/ydb-go-sdk/v3/tests/integration/x":       false,
		"github.com/ydb-platform/ydb-go-sdk/v3/testsuite":                 true,
		"github.com/ydb-platform/ydb-go-sdk/v3_test":                      false,
		"github.com/ydb-platform/ydb-go-sdk/v3/query_test":                false,
		"github.com/ydb-platform/ydb-go-sdk/v3/internal/xsql/xtable_test": false,
		"github.com/ydb-platform/ydb-go-sdk/v3x":                          false,
		"examples/basic":                                                  false,
		"database/sql":                                                    false,
	} {
		if got := isSDKLibrary(path); got != want {
			t.Errorf("isSDKLibrary(%q) = %v, want %v", path, got, want)
		}
	}
}
