package pkgstate

import (
	"slices"
	"sync"
	"testing"
)

func TestUsesYDB(t *testing.T) {
	for _, tc := range []struct {
		name        string
		set         func(*State)
		uses, known bool
	}{
		{"not recorded", func(*State) {}, false, false},
		{"none", func(s *State) { s.SetUsesYDB(false) }, false, true},
		{"some", func(s *State) { s.SetUsesYDB(true) }, true, true},
		{"recorded again", func(s *State) { s.SetUsesYDB(true); s.SetUsesYDB(false) }, false, true},
	} {
		s := new(State)
		tc.set(s)
		if uses, known := s.UsesYDB(); uses != tc.uses || known != tc.known {
			t.Errorf("%s: UsesYDB() = %v, %v, want %v, %v", tc.name, uses, known, tc.uses, tc.known)
		}
	}
}

// TestClaimFailures: each failure is handed out once, sorted within one
// claim; one recorded after a claim goes to the next caller.
func TestClaimFailures(t *testing.T) {
	s := new(State)
	if got := s.ClaimFailures(); len(got) != 0 {
		t.Errorf("no failures: claimed %q", got)
	}
	s.AddFailure("schemafact: b")
	s.AddFailure("querysite: a")
	if got, want := s.ClaimFailures(), []string{"querysite: a", "schemafact: b"}; !slices.Equal(got, want) {
		t.Errorf("first claim = %q, want %q", got, want)
	}
	if got := s.ClaimFailures(); len(got) != 0 {
		t.Errorf("second claim = %q, want none", got)
	}
	s.AddFailure("queryplan: c")
	if got, want := s.ClaimFailures(), []string{"queryplan: c"}; !slices.Equal(got, want) {
		t.Errorf("claim after a late failure = %q, want %q", got, want)
	}
}

// TestClaim: concurrent callers of one key get exactly one true.
func TestClaim(t *testing.T) {
	s := new(State)
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if s.Claim("k") {
				mu.Lock()
				won++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if won != 1 {
		t.Errorf("key claimed %d times", won)
	}
	if !s.Claim("other") {
		t.Error("another key was not claimable")
	}
}

// TestNilState: a nil State knows nothing, records nothing and hands out
// every claim, so that report works for analyzers without it.
func TestNilState(t *testing.T) {
	var s *State
	s.SetConfig(nil)
	s.SetUsesYDB(true)
	s.AddFailure("x")
	if s.Config() != nil {
		t.Error("Config() != nil")
	}
	if uses, known := s.UsesYDB(); uses || known {
		t.Error("UsesYDB known on a nil State")
	}
	if len(s.ClaimFailures()) != 0 {
		t.Error("failures on a nil State")
	}
	if !s.Claim("k") || !s.Claim("k") {
		t.Error("a nil State must hand out every claim")
	}
}
