package yql

import "testing"

func TestHoleIndex(t *testing.T) {
	for _, tc := range []struct {
		s  string
		n  int
		ok bool
	}{
		{HoleName(0), 0, true},
		{HoleName(42), 42, true},
		{HolePrefix + "_", 0, false}, // "__ydblint_hole__": suffix overlaps the prefix
		{HolePrefix + "__", 0, false},
		{HolePrefix + "x__", 0, false},
		{HolePrefix + "1234567__", 0, false},
		{"id", 0, false},
	} {
		n, ok := HoleIndex(tc.s)
		if n != tc.n || ok != tc.ok {
			t.Errorf("HoleIndex(%q) = %d, %v, want %d, %v", tc.s, n, ok, tc.n, tc.ok)
		}
	}
}
