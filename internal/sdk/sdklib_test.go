package sdk

import "testing"

func TestIsLibrary(t *testing.T) {
	for path, want := range map[string]bool{
		"github.com/ydb-platform/ydb-go-sdk/v3":                   true,
		"github.com/ydb-platform/ydb-go-sdk/v3/query":             true,
		"github.com/ydb-platform/ydb-go-sdk/v3/query_test":        false,
		"github.com/ydb-platform/ydb-go-sdk/v3/tests/integration": false,
		"github.com/ydb-platform/ydb-go-sdk/v3/testsuite":         true,
		"github.com/ydb-platform/ydb-go-sdk-auth-environ":         false,
		"example.com/app": false,
		"github.com/ydb-platform/ydb-go-sdk/v3/internal/query":            true,
		"github.com/ydb-platform/ydb-go-sdk/v3/testutil":                  true,
		"github.com/ydb-platform/ydb-go-sdk/v3/tests":                     false,
		"github.com/ydb-platform/ydb-go-sdk/v3/tests/integration/x":       false,
		"github.com/ydb-platform/ydb-go-sdk/v3_test":                      false,
		"github.com/ydb-platform/ydb-go-sdk/v3/internal/xsql/xtable_test": false,
		"github.com/ydb-platform/ydb-go-sdk/v3x":                          false,
		"examples/basic":                                                  false,
		"database/sql":                                                    false,
	} {
		if got := IsLibrary(path); got != want {
			t.Errorf("IsLibrary(%q) = %v", path, got)
		}
	}
}

// TestIsHashPkg: the packages of HashFuncs are hash packages, except io and
// hash, which only declare the interfaces; the packages ydblint's loader
// reads from source because they may hold hash helpers (seaweedfs).
func TestIsHashPkg(t *testing.T) {
	for path, want := range map[string]bool{
		"hash/crc32":                   true,
		"crypto/sha256":                true,
		"github.com/cespare/xxhash/v2": true,
		"io":                           false,
		"hash":                         false,
		"strings":                      false,
	} {
		if got := IsHashPkg(path); got != want {
			t.Errorf("IsHashPkg(%q) = %v", path, got)
		}
	}
	for _, h := range HashFuncs {
		if got := IsHashPkg(h.Pkg); got != (h.Pkg != "io" && h.Pkg != "hash") {
			t.Errorf("IsHashPkg(%q) = %v for a HashFuncs package", h.Pkg, got)
		}
	}
}
