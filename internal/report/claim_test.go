package report

import (
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
)

type fakeClaims struct{ m sync.Map }

func (f *fakeClaims) Claim(key string) bool {
	_, loaded := f.m.LoadOrStore(key, true)
	return !loaded
}

// TestClaimOnce: with a shared result offering claims, a key is claimed by
// the first rule only; without one, every rule reports.
func TestClaimOnce(t *testing.T) {
	shared := &fakeClaims{}
	a := &analysis.Pass{ResultOf: map[*analysis.Analyzer]any{{Name: "queryplan"}: shared}}
	b := &analysis.Pass{ResultOf: map[*analysis.Analyzer]any{{Name: "queryplan"}: shared}}
	if !claimOnce(a, "k") || claimOnce(b, "k") || claimOnce(a, "k") {
		t.Error("key k claimed more than once")
	}
	if !claimOnce(b, "other") {
		t.Error("another key was not claimable")
	}
	none := &analysis.Pass{ResultOf: map[*analysis.Analyzer]any{}}
	if !claimOnce(none, "k") || !claimOnce(none, "k") {
		t.Error("without a shared result every call must report")
	}
}
