package sdk

import (
	"slices"
	"testing"
)

func TestConditionalErrorsAt(t *testing.T) {
	for _, tc := range []struct {
		version             string
		statuses, transport []string
	}{
		{"v3.42.7", []string{"UNDETERMINED"}, []string{"Unavailable", "Canceled", "Internal"}},
		{"v3.56.1", []string{"UNDETERMINED", "SESSION_EXPIRED"}, []string{"Unavailable", "Canceled", "DeadlineExceeded", "Internal"}},
		{"v3.136.1", []string{"UNDETERMINED", "SESSION_EXPIRED", "TIMEOUT"}, []string{"Unavailable", "Canceled", "DeadlineExceeded", "Internal"}},
		{"", []string{"UNDETERMINED", "SESSION_EXPIRED", "TIMEOUT"}, []string{"Unavailable", "Canceled", "DeadlineExceeded", "Internal"}},
	} {
		s, tr := ConditionalErrorsAt(tc.version)
		if !slices.Equal(s, tc.statuses) || !slices.Equal(tr, tc.transport) {
			t.Errorf("ConditionalErrorsAt(%q) = %v, %v; want %v, %v", tc.version, s, tr, tc.statuses, tc.transport)
		}
	}
}

func TestLookupIdempotencyOption(t *testing.T) {
	for _, tc := range []struct {
		id   Identity
		want bool
	}{
		{Identity{Pkg: PkgQuery, Name: "WithIdempotent"}, true},
		{Identity{Pkg: PkgTable, Name: "WithIdempotent"}, true},
		{Identity{Pkg: PkgRetry, Name: "WithIdempotent"}, true},
		{Identity{Pkg: PkgRetry, Name: "WithIdempotentOperation"}, false},
		{Identity{Pkg: PkgTable, Recv: "Client", Name: "WithIdempotent"}, false},
	} {
		if got := LookupIdempotencyOption(tc.id) != nil; got != tc.want {
			t.Errorf("LookupIdempotencyOption(%v) = %v; want %v", tc.id, got, tc.want)
		}
	}
}
