package lsp

// Module evidence in the editor: the standalone driver's module round
// (cmd/ydblint/moduleround.go) for a long-lived server. Facts move along
// imports only, so a package whose hash column only a package it does not
// import proves (an index's writer and its reader) would get nullkey where
// the CI reports hashprefix. The server therefore keeps, per module, the
// hash-prefix evidence each package finds in its own queries and rows,
// merged as the standalone round merges it (schemafact.MergeModule), and
// every analysis applies the merge (analyzer.Runtime.UseModuleEvidence).
//
// The evidence comes from a child process, the ydblint binary running
// EvidenceCommand in the module's root: the whole module when a file of
// the module is first analysed, then the directories of the Go files
// saved or changed since (the whole module again when go.mod, a schema
// file or the configuration changes). A child keeps this analysis off the
// worker goroutine, so a save never waits for it, and out of the server's
// heap, whose memory stays that of its package graphs. When the merge
// changes, the open packages whose planned tables it touches are analysed
// again; the others keep their diagnostics.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ydblint/ydblint/internal/srcfiles"
	"github.com/ydblint/ydblint/passes/queryplan"
	"github.com/ydblint/ydblint/passes/schemafact"
)

// EvidenceCommand is the ydblint subcommand that prints the own
// hash-prefix evidence of the packages it is given as an EvidenceReport
// (cmd/ydblint/evidence.go).
const EvidenceCommand = "lsp-module-evidence"

// EvidenceReport is EvidenceCommand's output.
type EvidenceReport struct {
	Packages []PackageEvidence `json:"packages"`
}

// PackageEvidence is one analysed package (a test variant is one too) and
// the evidence of its own queries and rows.
type PackageEvidence struct {
	ID  string                 `json:"id"`
	Dir string                 `json:"dir"` // directory of its Go files
	Own schemafact.OwnEvidence `json:"own"`
}

// wholeModule marks, among the directories to refresh, a run over the
// whole module.
const wholeModule = ""

// evidenceDelay is how long the server waits after the last save before it
// asks for the saved packages' evidence again: while the user keeps saving,
// the child does not compete with the analyses of the saves, and a burst
// of saves costs one child.
const evidenceDelay = time.Second

// moduleEvidence is what the server knows of one module's evidence. Every
// field is guarded by Server.mu.
type moduleEvidence struct {
	root    string
	own     map[string][]schemafact.OwnEvidence // by package directory
	merged  *schemafact.ModuleEvidence
	pending map[string]bool // directories to ask about; wholeModule for all
	running bool
	timer   *time.Timer
}

// evidenceFor returns the merged evidence of the module rooted at root to
// apply to an analysis (nil when there is none yet, or no evidence
// command), and notes the whole-module run the first time a module is
// seen (analysed arms it).
func (s *Server) evidenceFor(root string) *schemafact.ModuleEvidence {
	if len(s.opts.Evidence) == 0 {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.modules[root]
	if m == nil {
		// Armed when the analysis that asked has published
		// (analysed): the first diagnostics, on a cold build cache
		// minutes of the go command's work, do not share the machine
		// with the child.
		m = &moduleEvidence{root: root, own: map[string][]schemafact.OwnEvidence{}, pending: map[string]bool{wholeModule: true}}
		s.modules[root] = m
	}
	return m.merged
}

// analysed arms the evidence child of path's module when it has work
// pending and none is armed or running: after the module's first
// analysis, the whole-module run.
func (s *Server) analysed(path string) {
	if len(s.opts.Evidence) == 0 {
		return
	}
	root := srcfiles.FindModuleRoot(filepath.Dir(path))
	s.mu.Lock()
	defer s.mu.Unlock()
	if m := s.modules[root]; m != nil && len(m.pending) > 0 && m.timer == nil && !m.running {
		s.armEvidence(m)
	}
}

// evidenceStale notes that the evidence of dir's package may have
// changed (wholeModule: of any package of the module that holds path) and
// asks again after evidenceDelay. Modules not yet seen are left alone:
// their first run reads everything.
func (s *Server) evidenceStale(path string, whole bool) {
	if len(s.opts.Evidence) == 0 {
		return
	}
	root := srcfiles.FindModuleRoot(filepath.Dir(path))
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.modules[root]
	if m == nil {
		return
	}
	if whole {
		m.pending[wholeModule] = true
	} else {
		m.pending[filepath.Dir(path)] = true
	}
	s.armEvidence(m)
}

// armEvidence (re)starts the timer that runs the child for m's pending
// directories evidenceDelay after the last call, unless a child runs (its
// loop takes them next). The first analyses of a module and the saves of
// a burst thus finish before the child competes with them. s.mu is held.
func (s *Server) armEvidence(m *moduleEvidence) {
	if m.running {
		return
	}
	if m.timer != nil {
		m.timer.Stop()
	}
	m.timer = time.AfterFunc(evidenceDelay, func() {
		s.mu.Lock()
		m.timer = nil
		start := !m.running && len(m.pending) > 0
		if start {
			m.running = true
		}
		s.mu.Unlock()
		if start {
			s.refreshEvidence(m)
		}
	})
}

// refreshEvidence runs children until nothing is pending for m, merging
// what each reports, and schedules the open packages whose evidence the
// merge changes. The caller has set m.running.
func (s *Server) refreshEvidence(m *moduleEvidence) {
	defer func() {
		if r := recover(); r != nil {
			s.message(messageError, "module evidence of %s panicked: %v", m.root, r)
			s.mu.Lock()
			m.running = false
			s.mu.Unlock()
		}
	}()
	for {
		s.mu.Lock()
		if len(m.pending) == 0 || s.ctx.Err() != nil {
			m.running = false
			s.mu.Unlock()
			return
		}
		dirs := m.pending
		m.pending = map[string]bool{}
		s.mu.Unlock()

		start := time.Now()
		rep, err := s.runEvidenceCommand(m.root, dirs)
		if s.ctx.Err() != nil {
			continue // shutting down: the loop ends above
		}
		if err != nil {
			s.logf("module evidence of %s not updated: %v", m.root, err)
			continue
		}
		s.mu.Lock()
		old := m.merged
		if dirs[wholeModule] {
			m.own = map[string][]schemafact.OwnEvidence{}
		} else {
			for d := range dirs {
				delete(m.own, d)
			}
		}
		for _, p := range rep.Packages {
			m.own[p.Dir] = append(m.own[p.Dir], p.Own)
		}
		m.merged = mergeOwn(m.own)
		merged := m.merged
		s.mu.Unlock()

		changed := s.packagesAffected(m.root, old, merged)
		for _, doc := range changed {
			s.schedule(doc)
		}
		// Logged after scheduling: a client that reads the line finds the
		// analyses it causes pending.
		s.logf("module evidence of %s: %d package(s) read in %v, hash evidence for %d table(s); %d open package(s) to analyse again",
			m.root, len(rep.Packages), time.Since(start).Round(time.Millisecond), merged.Tables(), len(changed))
	}
}

// runEvidenceCommand runs the evidence child in root for dirs.
func (s *Server) runEvidenceCommand(root string, dirs map[string]bool) (*EvidenceReport, error) {
	var patterns []string
	if dirs[wholeModule] {
		patterns = []string{"./..."}
	} else {
		for d := range dirs {
			rel, err := filepath.Rel(root, d)
			if err != nil || strings.HasPrefix(rel, "..") {
				continue
			}
			patterns = append(patterns, "./"+filepath.ToSlash(rel))
		}
		sort.Strings(patterns)
		if len(patterns) == 0 {
			return &EvidenceReport{}, nil
		}
	}
	args := append(append([]string{}, s.opts.Evidence[1:]...), patterns...)
	cmd := exec.CommandContext(s.ctx, s.opts.Evidence[0], args...)
	cmd.Dir = root
	if os.Getenv("GOMAXPROCS") == "" {
		// One processor for the child and the go command it runs: the
		// analyses of the user's saves keep the others.
		cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%v: %s", err, firstLines(stderr.String(), 5))
	}
	var rep EvidenceReport
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		return nil, fmt.Errorf("reading %s's output: %v", EvidenceCommand, err)
	}
	return &rep, nil
}

// mergeOwn merges the own evidence of every package of a module, as the
// standalone module round does.
func mergeOwn(own map[string][]schemafact.OwnEvidence) *schemafact.ModuleEvidence {
	var list []schemafact.OwnEvidence
	for _, l := range own {
		list = append(list, l...)
	}
	m := schemafact.MergeModule(list) // independent of the order of list
	if m.Empty() {
		return nil
	}
	return m
}

// packagesAffected returns one open document of each open package of the
// module whose analysis the change from old to merged can alter: the
// evidence for a table its query sites were planned on differs, or it
// has not been analysed with evidence yet.
func (s *Server) packagesAffected(root string, old, merged *schemafact.ModuleEvidence) []string {
	if reflect.DeepEqual(old, merged) {
		return nil
	}
	var out []string
	for _, doc := range s.openPackages() {
		if srcfiles.FindModuleRoot(filepath.Dir(doc)) != root {
			continue
		}
		s.mu.Lock()
		planned, known := s.planned[jobKey(doc)]
		s.mu.Unlock()
		if !known || !reflect.DeepEqual(evidenceOn(old, planned), evidenceOn(merged, planned)) {
			out = append(out, doc)
		}
	}
	sort.Strings(out)
	return out
}

// evidenceOn is the part of m about the tables of planned (display
// paths, as query plans name them).
func evidenceOn(m *schemafact.ModuleEvidence, planned map[string]bool) []schemafact.TableHash {
	if m == nil {
		return nil
	}
	var out []schemafact.TableHash
	for _, l := range [][]schemafact.TableHash{m.Hashes, m.Conflicts} {
		for _, h := range l {
			if planned[queryplan.DisplayPath(h.Table)] {
				out = append(out, h)
			}
		}
	}
	return out
}

// plannedTables returns the tables the query sites of root were planned
// on in graph (display paths), as the standalone module round reads them;
// ok is false when the graph has no query plan of root.
func plannedTables(graph *checker.Graph, root *packages.Package) (tables map[string]bool, ok bool) {
	for act := range graph.All() {
		if act.Analyzer != queryplan.Analyzer || act.Package != root {
			continue
		}
		qp, _ := act.Result.(*queryplan.Result)
		if qp == nil {
			return nil, false
		}
		tables = map[string]bool{}
		for _, o := range qp.Outcomes() {
			for _, c := range o.Checks {
				tables[c.Table] = true
			}
		}
		return tables, true
	}
	return nil, false
}

// firstLines returns at most n lines of s.
func firstLines(s string, n int) string {
	lines := strings.SplitN(strings.TrimSpace(s), "\n", n+1)
	if len(lines) > n {
		lines = append(lines[:n], "…")
	}
	return strings.Join(lines, "\n")
}
