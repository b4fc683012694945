package main

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the progress goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestProgress(t *testing.T) {
	var w syncBuffer
	p := startProgress(&w, true, 0, 5*time.Millisecond)
	p.setPhase("analysing", []string{"a", "b", "b"})
	p.packageDone("a")
	p.packageDone("a")     // counted once
	p.packageDone("other") // not one this phase counts
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(w.String(), "1/2") && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	p.stop()
	p.stop() // idempotent
	out := w.String()
	if !strings.Contains(out, "\r\033[Kydblint: analysing 1/2 packages (0s)") {
		t.Errorf("no progress line in %q", out)
	}
	if !strings.HasSuffix(out, "\r\033[K") {
		t.Errorf("the line is not cleared at the end: %q", out)
	}

	var quiet syncBuffer
	q := startProgress(&quiet, true, time.Hour, time.Millisecond) // a run shorter than the delay
	q.setPhase("analysing", []string{"a"})
	q.stop()
	if quiet.String() != "" {
		t.Errorf("a run shorter than the delay printed %q", quiet.String())
	}

	var off syncBuffer
	n := startProgress(&off, false, 0, time.Millisecond) // not a terminal, or -json
	n.setPhase("analysing", []string{"a"})
	n.packageDone("a")
	n.stop()
	if n != nil || off.String() != "" {
		t.Errorf("progress off printed %q", off.String())
	}
}
