package noreturn

import (
	"sort"
	"strings"
)

// Test hooks.

var Key = key

func DerivedStd() []string { return derivedStd }

// KnownIn returns the table's no-return keys of the packages pkgs, sorted.
func KnownIn(pkgs []string) []string {
	var out []string
	for k, v := range known {
		for _, p := range pkgs {
			rest, ok := strings.CutPrefix(k, p+".")
			if ok && v && !strings.Contains(rest, "/") {
				out = append(out, k)
			}
		}
	}
	sort.Strings(out)
	return out
}
