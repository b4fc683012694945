package lsp

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/cmd/ydblint/internal/load"
	"github.com/ydblint/ydblint/passes/config"
)

// maxSnapshots bounds the loaded package graphs the server keeps (one per
// package directory and test-ness, the last used ones), so that memory
// does not grow with the number of packages visited.
const maxSnapshots = 4

// snapshotEntry is the loaded graph for one job key.
type snapshotEntry struct {
	snap *load.Snapshot
	used time.Time
}

// needsFacts reports whether an analyzer, or one it requires, declares
// facts: then dependencies that can hold facts are loaded from source.
func needsFacts(analyzers []*analysis.Analyzer) bool {
	seen := map[*analysis.Analyzer]bool{}
	var walk func(as []*analysis.Analyzer) bool
	walk = func(as []*analysis.Analyzer) bool {
		for _, a := range as {
			if seen[a] {
				continue
			}
			seen[a] = true
			if len(a.FactTypes) > 0 || walk(a.Requires) {
				return true
			}
		}
		return false
	}
	return walk(analyzers)
}

// policy picks the dependencies loaded from source for a module: ydblint's
// (load.YDB, with the packages of the sinks configured for the module)
// when the analyzers use facts, none otherwise.
func (s *Server) policy(moduleRoot string) load.Policy {
	if !needsFacts(s.opts.Analyzers) {
		return nil
	}
	var sinks []string
	overrides := config.Settings{}
	if f := config.Analyzer.Flags.Lookup(config.ConfigFlag); f != nil && f.Value.String() != "" {
		overrides.Config = f.Value.String()
	}
	for _, sk := range config.Load(moduleRoot, overrides).Sinks {
		sinks = append(sinks, sk.Package)
	}
	return load.YDB(sinks)
}

// snapshotFor returns the package graph holding path, up to date with the
// disk: the cached one re-checked incrementally when it can be, else a
// new load. It runs on the worker goroutine only.
func (s *Server) snapshotFor(ctx context.Context, path, moduleRoot string) (*load.Snapshot, string, error) {
	key := jobKey(path)
	s.mu.Lock()
	e := s.snaps[key]
	s.mu.Unlock()
	how := "loaded"
	var snap *load.Snapshot
	if e != nil {
		n, ok, err := e.snap.Update(ctx)
		if err != nil {
			return nil, "", err
		}
		if ok {
			snap, how = n, "re-checked"
			if n == e.snap {
				how = "unchanged"
			}
		}
	}
	if snap == nil {
		var err error
		snap, err = load.Load(ctx, load.Config{
			Dir:    filepath.Dir(path),
			Tests:  strings.HasSuffix(path, "_test.go"),
			Policy: s.policy(moduleRoot),
		}, ".")
		if err != nil {
			return nil, "", fmt.Errorf("loading the package of %s: %w", path, err)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.snaps[key] = &snapshotEntry{snap: snap, used: time.Now()}
	for len(s.snaps) > maxSnapshots {
		oldest := ""
		for k, e := range s.snaps {
			if oldest == "" || e.used.Before(s.snaps[oldest].used) {
				oldest = k
			}
		}
		delete(s.snaps, oldest)
	}
	return snap, how, nil
}

// dropSnapshots forgets every loaded graph (the configuration, and with it
// the packages that need source, changed).
func (s *Server) dropSnapshots() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.snaps)
}

// dependents returns, one per job key, the open documents whose package
// graphs compile path (other than path's own job): they are analysed again
// after path is saved, since their diagnostics may depend on it.
func (s *Server) dependents(path string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	own := jobKey(path)
	seen := map[string]bool{own: true}
	var out []string
	for doc := range s.docs {
		k := jobKey(doc)
		if seen[k] {
			continue
		}
		if e := s.snaps[k]; e != nil && e.snap.Contains(path) {
			seen[k] = true
			out = append(out, doc)
		}
	}
	return out
}

// openPackages returns one open document per job key.
func (s *Server) openPackages() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	seen := map[string]bool{}
	var out []string
	for doc := range s.docs {
		if k := jobKey(doc); !seen[k] {
			seen[k] = true
			out = append(out, doc)
		}
	}
	return out
}
