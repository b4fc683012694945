package retryerr

import (
	"slices"
	"testing"
)

func TestWrapped(t *testing.T) {
	for _, c := range []struct {
		format string
		want   []bool
		ok     bool
	}{
		{"insert: %v", []bool{false}, true},
		{"insert: %w", []bool{true}, true},
		{"%w: %v", []bool{true, false}, true},
		{"%d rows: %+v", []bool{false, false}, true},
		{"100%% done: %w", []bool{true}, true},
		{"%%w is literal: %s", []bool{false}, true},
		{"%-10s|%w", []bool{false, true}, true},
		{"%[1]w", nil, false},
		{"%*d %w", nil, false},
		{"no verbs", nil, true},
		{"trailing %", nil, true},
	} {
		got, ok := wrapped(c.format)
		if ok != c.ok || !slices.Equal(got, c.want) {
			t.Errorf("wrapped(%q) = %v, %v; want %v, %v", c.format, got, ok, c.want, c.ok)
		}
	}
}

// FuzzWrapped: any format string is parsed without a panic, and every
// verb found is one byte of the format.
func FuzzWrapped(f *testing.F) {
	for _, s := range []string{"%w", "%v: %w", "%%", "%[2]w", "%", "%5.2f %w"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, format string) {
		w, _ := wrapped(format)
		if len(w) > len(format)/2 {
			t.Errorf("wrapped(%q): %d verbs in %d bytes", format, len(w), len(format))
		}
	})
}
