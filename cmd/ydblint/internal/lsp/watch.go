package lsp

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/ydblint/ydblint/analyzer"
	"github.com/ydblint/ydblint/internal/modscan"
)

// registerWatchers asks the client to report changes to watchedGlobs
// (client/registerCapability). It runs on its own goroutine: the reply
// arrives on the connection's reading goroutine.
func (s *Server) registerWatchers() {
	watchers := make([]FileSystemWatcher, len(watchedGlobs))
	for i, g := range watchedGlobs {
		watchers[i] = FileSystemWatcher{GlobPattern: g}
	}
	params := RegistrationParams{Registrations: []Registration{{
		ID:              "ydblint-watched-files",
		Method:          "workspace/didChangeWatchedFiles",
		RegisterOptions: DidChangeWatchedFilesRegistrationOptions{Watchers: watchers},
	}}}
	if err := s.connection().Call(s.ctx, "client/registerCapability", params, nil); err != nil {
		s.logf("the client refused to watch files (%v): edits outside the editor to migrations, .ydblint.yml or Go files are seen on the next save", err)
	}
}

// filesChanged handles workspace/didChangeWatchedFiles. A schema file or
// the configuration: the cached module scans are dropped (and, for the
// configuration, the package graphs, whose source set depends on the
// configured sinks) and every open package is analysed again. A Go file
// or a module file changed outside the editor: the open packages whose
// graphs compile it are analysed again (the graphs notice the change on
// disk themselves).
func (s *Server) filesChanged(changes []FileEvent) {
	var schema, config, module bool
	var goFiles, wholeEvidence []string
	for _, c := range changes {
		path, err := uriToPath(c.URI)
		if err != nil {
			continue
		}
		base := filepath.Base(path)
		switch {
		case base == ".ydblint.yml" || base == ".ydblint.yaml":
			config = true
			wholeEvidence = append(wholeEvidence, path)
		case modscan.IsSchemaFile(base):
			schema = true
			wholeEvidence = append(wholeEvidence, path)
		case base == "go.mod" || base == "go.sum" || base == "go.work":
			module = true
			wholeEvidence = append(wholeEvidence, path)
		case strings.HasSuffix(base, ".go"):
			text, err := os.ReadFile(path)
			if err == nil && s.savedByEditor(path, string(text)) {
				continue // didSave handles it
			}
			goFiles = append(goFiles, path)
			s.evidenceStale(path, false)
			if err != nil || !strings.HasSuffix(base, "_test.go") && mentionsTable(string(text)) {
				schema = true // Go DDL elsewhere in the module may have changed
			}
		}
	}
	for _, path := range wholeEvidence {
		s.evidenceStale(path, true) // evidence.go
	}
	if schema || config {
		// The module scans hold migrations, Go DDL, driver options and
		// configuration files read for every package of the module.
		analyzer.Process().ForgetModuleScans()
	}
	if config {
		s.dropSnapshots()
	}
	if schema || config || module {
		for _, doc := range s.openPackages() {
			s.schedule(doc)
		}
		return
	}
	seen := map[string]bool{}
	for _, path := range goFiles {
		s.mu.Lock()
		_, open := s.docs[path]
		s.mu.Unlock()
		if open && !seen[jobKey(path)] {
			seen[jobKey(path)] = true
			s.schedule(path)
		}
		for _, doc := range s.dependents(path) {
			if k := jobKey(doc); !seen[k] {
				seen[k] = true
				s.schedule(doc)
			}
		}
	}
}

// savedByEditor reports whether path is an open document holding text:
// the event is the editor's own save.
func (s *Server) savedByEditor(path, text string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[path]
	return d != nil && d.text == text
}

// mentionsTable reports whether Go source may hold DDL or a CreateTable
// call, which schema discovery's module scan reads: saving such a file drops
// the cached scans.
func mentionsTable(text string) bool {
	return strings.Contains(strings.ToLower(text), "table")
}
