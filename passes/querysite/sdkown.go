package querysite

import (
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/sdk"
)

// sdkLibrary reports whether pass analyses a library package of
// ydb-go-sdk/v3 itself (or its in-package test variant): its internals are
// not query sites of a user, and they are large. Run inside the SDK's own
// repository, ydblint still analyses the SDK's clients there: the packages
// under tests/ (integration tests, with their _test.go files) and the
// external test packages (package foo_test: examples and tests that use
// only the public API). The examples and tests/slo directories are modules
// of their own and never match.
func sdkLibrary(pass *analysis.Pass) bool {
	return isSDKLibrary(pass.Pkg.Path())
}

// isSDKLibrary is sdkLibrary by package path.
func isSDKLibrary(path string) bool {
	if !sdk.InSDK(path) {
		return false
	}
	if strings.HasSuffix(path, "_test") {
		return false
	}
	rest := strings.TrimPrefix(path, sdk.Module)
	return !(rest == "/tests" || strings.HasPrefix(rest, "/tests/"))
}
