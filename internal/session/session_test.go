package session

import (
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
)

type evidence struct{ name string }

func (*evidence) ApplyTo(*schema.Catalog) bool { return false }

// TestUseModuleEvidence: the evidence is a scoped setting; each restore
// puts back what was there.
func TestUseModuleEvidence(t *testing.T) {
	s := New()
	if s.ModuleEvidence() != nil {
		t.Fatal("a new Session holds evidence")
	}
	outer := &evidence{"outer"}
	restore := s.UseModuleEvidence(outer)
	if s.ModuleEvidence() != Evidence(outer) {
		t.Fatal("not set")
	}
	inner := s.UseModuleEvidence(nil)
	if s.ModuleEvidence() != nil {
		t.Fatal("not cleared")
	}
	inner()
	if s.ModuleEvidence() != Evidence(outer) {
		t.Fatal("inner restore lost the outer setting")
	}
	restore()
	if s.ModuleEvidence() != nil {
		t.Fatal("not restored")
	}
}

// TestForgetAndOmit: Forget drops the module scans; OmitRelated holds for
// the rest of the Session.
func TestForgetAndOmit(t *testing.T) {
	s := New()
	m := s.Modules().Module(t.TempDir())
	if s.Modules().Module(m.Root()) != m {
		t.Fatal("the module scan was not kept")
	}
	s.Forget()
	if s.Modules().Module(m.Root()) == m {
		t.Fatal("Forget kept the module scan")
	}
	if s.RelatedOmitted() {
		t.Fatal("a new Session omits related information")
	}
	s.OmitRelated()
	if !s.RelatedOmitted() {
		t.Fatal("OmitRelated did not hold")
	}
}

// TestNilSession: a nil Session keeps nothing and never panics.
func TestNilSession(t *testing.T) {
	var s *Session
	s.Forget()
	s.OmitRelated()
	s.UseModuleEvidence(&evidence{})()
	if s.RelatedOmitted() || s.ModuleEvidence() != nil || s.Modules() != nil {
		t.Error("a nil Session holds something")
	}
	if m := s.Modules().Module(t.TempDir()); m == nil {
		t.Error("no Module from a nil Session's scans")
	}
}
