package sdk

import "strings"

// IsLibrary reports whether path is a library package of ydb-go-sdk/v3
// itself: querysite does not look for query sites there and the SDK-usage
// rules do not judge the SDK's internals, only its clients, which in the SDK's own
// repository are the packages under tests/ and external _test packages.
func IsLibrary(path string) bool {
	if !InSDK(path) || strings.HasSuffix(path, "_test") {
		return false
	}
	rest := strings.TrimPrefix(path, Module)
	return !(rest == "/tests" || strings.HasPrefix(rest, "/tests/"))
}
