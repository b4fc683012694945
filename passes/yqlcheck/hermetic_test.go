package yqlcheck

import "testing"

func TestHermeticOwner(t *testing.T) {
	for _, tt := range []struct {
		pkgDir, file string
		want         bool
	}{
		{"db", "db/001.sql", true},
		{"db", "db/schema/001.sql", true},
		{".", "migrations/001.sql", true},
		{"app", "migrations/001.sql", false},
		{"db", "dbx/001.sql", false},
		{"db/schema", "db/001.sql", false},
	} {
		if got := hermeticOwner(tt.pkgDir, tt.file); got != tt.want {
			t.Errorf("hermeticOwner(%q, %q) = %v, want %v", tt.pkgDir, tt.file, got, tt.want)
		}
	}
}
