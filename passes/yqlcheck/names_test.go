package yqlcheck

import (
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
)

func TestNearColumn(t *testing.T) {
	tbl := &schema.Table{Columns: []*schema.Column{{Name: "name"}, {Name: "email"}, {Name: "seen_at"}, {Name: "sent_at"}}}
	for _, tc := range []struct{ in, want string }{
		{"nmae", "name"},    // swap of neighbours
		{"Name", "name"},    // letter case
		{"emai", "email"},   // deletion
		{"emaill", "email"}, // insertion
		{"emial", "email"},  // swap
		{"seen_a", "seen_at"},
		{"sen_at", ""},   // two columns one edit away: seen_at, sent_at
		{"nmea", ""},     // two edits
		{"name", "name"}, // unchanged spelling matches itself
		{"zzzz", ""},
	} {
		if got := nearColumn(tbl, tc.in); got != tc.want {
			t.Errorf("nearColumn(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
