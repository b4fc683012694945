package main

// The progress line: what a long standalone run is doing, on a terminal.

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// progress shows one updating line on a terminal's standard error while a
// run lasts longer than progressDelay: the phase (loading, analysing k/N
// packages, the module round) and the time so far. A nil *progress shows
// nothing, so callers need not check.
type progress struct {
	w     io.Writer
	start time.Time

	mu          sync.Mutex
	phase       string
	done, total int
	counted     map[string]bool // package paths done in this phase
	want        map[string]bool // package paths this phase counts
	shown       bool            // a line is on the terminal
	stopped     bool

	quit chan struct{}
	wg   sync.WaitGroup
}

// progressDelay is how long a run stays silent before the line appears:
// a quick run prints nothing but its findings.
const progressDelay = time.Second

// progressTick is how often the line is redrawn.
const progressTick = 200 * time.Millisecond

// stderrIsTerminal reports whether f is a character device, and TERM does
// not say the terminal cannot redraw a line.
func stderrIsTerminal(f *os.File) bool {
	if os.Getenv("TERM") == "dumb" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// startProgress starts the line on w, or returns nil when on is false (not
// a terminal, or -json).
func startProgress(w io.Writer, on bool, delay, tick time.Duration) *progress {
	if !on {
		return nil
	}
	p := &progress{w: w, start: time.Now(), quit: make(chan struct{})}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		select {
		case <-time.After(delay):
		case <-p.quit:
			return
		}
		t := time.NewTicker(tick)
		defer t.Stop()
		for {
			p.draw()
			select {
			case <-t.C:
			case <-p.quit:
				return
			}
		}
	}()
	return p
}

// setPhase names what the run does now; packages, when given, are the
// paths setPackageDone counts against (analysing k/N packages).
func (p *progress) setPhase(phase string, packages []string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.phase, p.done = phase, 0
	p.counted, p.want = map[string]bool{}, map[string]bool{}
	for _, path := range packages {
		p.want[path] = true
	}
	p.total = len(p.want)
}

// packageDone counts pkgPath once, if the phase counts it.
func (p *progress) packageDone(pkgPath string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.want[pkgPath] && !p.counted[pkgPath] {
		p.counted[pkgPath] = true
		p.done++
	}
}

// draw rewrites the line.
func (p *progress) draw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped || p.phase == "" {
		return
	}
	line := "ydblint: " + p.phase
	if p.total > 0 {
		line += fmt.Sprintf(" %d/%d packages", p.done, p.total)
	}
	line += fmt.Sprintf(" (%ds)", int(time.Since(p.start).Seconds()))
	fmt.Fprintf(p.w, "\r\033[K%s", line)
	p.shown = true
}

// stop ends the line and clears it, so that the findings start on a clean
// line.
func (p *progress) stop() {
	if p == nil {
		return
	}
	p.mu.Lock()
	if p.stopped {
		p.mu.Unlock()
		return
	}
	p.stopped = true
	p.mu.Unlock()
	close(p.quit)
	p.wg.Wait()
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
