package yql

import (
	"sort"
	"strings"
)

// OneEdit reports whether a and b differ by exactly one edit: an
// insertion, a deletion, a substitution, or a swap of two neighbours. It
// is the "did you mean" distance for names a user misspelt (columns,
// types).
func OneEdit(a, b string) bool {
	if a == b {
		return false
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	switch len(b) - len(a) {
	case 0:
		diff := -1
		for i := 0; i < len(a); i++ {
			if a[i] != b[i] {
				if diff >= 0 {
					// a transposition of neighbours counts as one edit
					return diff == i-1 && a[diff] == b[i] && a[i] == b[diff] && a[i+1:] == b[i+1:]
				}
				diff = i
			}
		}
		return true
	case 1:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		return a[i:] == b[i+1:]
	}
	return false
}

// NearTypeName returns the canonical type name that name misspells (it
// differs by letter case and one edit), "" when there is none or more than
// one.
func NearTypeName(name string) string {
	lower := strings.ToLower(name)
	var found []string
	for l, c := range canonicalTypes {
		if !OneEdit(l, lower) || isCompositeTypeName(c) {
			continue
		}
		if strings.ToLower(c) != l { // a synonym: suggest it as spelt (Text, Bytes)
			c = strings.ToUpper(l[:1]) + l[1:]
		}
		found = append(found, c)
	}
	sort.Strings(found)
	if len(found) != 1 {
		return ""
	}
	return found[0]
}
