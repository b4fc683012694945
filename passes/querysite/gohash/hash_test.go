package gohash

import "testing"

// TestFactString checks the ydbHash spelling that fact tests and -debug
// output read (moved from querysite's TestFactStringsDeterministic).
func TestFactString(t *testing.T) {
	if got := (&Fact{Func: "hash/fnv.New64a", Arg: 0}).String(); got != "ydbHash(hash/fnv.New64a,arg=0)" {
		t.Errorf("got %q", got)
	}
}
