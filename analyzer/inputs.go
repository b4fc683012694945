package analyzer

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"golang.org/x/mod/modfile"

	"github.com/ydblint/ydblint/internal/modscan"
	"github.com/ydblint/ydblint/internal/srcfiles"
	"github.com/ydblint/ydblint/passes/config"
)

// InputsDigest hashes what schema discovery (passes/schemafact) and the
// configuration (passes/config) read outside the package under analysis,
// in the module roots of dir (the workspace's modules under go.work): the
// schema inputs of the module walk (modscan.Module.SchemaInputs: .sql and
// .yql files, non-test Go files) that may define tables
// (modscan.MentionsSchema), by name and content, with the notes of that
// read (a file skipped, a bound reached); the config file at the root; and
// the schema files of the configured schema paths, which may lie outside
// the module. The module walk is the analysis's own, so the hash covers
// what the analysis reads, within the same bounds. Drivers whose caches do
// not see these files fold it into their cache keys: go vet's tool ID
// (cmd/ydblint -V=full) and the golangci-lint plugin's input marker.
func InputsDigest(dir string) []byte {
	h := sha256.New()
	stamp := func(name string, content []byte) {
		fmt.Fprintf(h, "%s\x00%d\x00%x\n", name, len(content), sha256.Sum256(content))
	}
	for _, root := range moduleRoots(dir) {
		fmt.Fprintf(h, "module %s\n", root)
		// The go command asks for the ID once per run: nothing to cache.
		var scans *modscan.Cache
		files, notes := scans.Module(root).SchemaInputs()
		for _, f := range files {
			if modscan.MentionsSchema(f.Rel, f.Content) {
				stamp(f.Rel, f.Content)
			}
		}
		for _, n := range notes {
			fmt.Fprintf(h, "note %s\n", n)
		}
		for _, name := range config.FileNames {
			if b, err := os.ReadFile(filepath.Join(root, name)); err == nil {
				stamp(name, b)
			}
		}
		// Configured schema paths may lie outside the module.
		for _, p := range config.Load(root, config.Settings{}).SchemaPaths {
			matches, _ := filepath.Glob(p)
			if len(matches) == 0 {
				matches = []string{p}
			}
			sort.Strings(matches)
			for _, m := range matches {
				fi, err := os.Stat(m)
				switch {
				case err != nil:
					fmt.Fprintf(h, "missing %s\n", m)
				case fi.IsDir():
					fmt.Fprintf(h, "dir %s\n", m)
					files, notes := srcfiles.Walk(m, modscan.SchemaLimits(), modscan.IsSchemaFile)
					for _, f := range files {
						stamp(f.Rel, f.Content)
					}
					for _, n := range notes {
						fmt.Fprintf(h, "note %s\n", n)
					}
				default:
					if b, err := os.ReadFile(m); err == nil {
						stamp(m, b)
					}
				}
			}
		}
	}
	return h.Sum(nil)
}

// moduleRoots returns the module root above dir, or the directories a
// go.work above it (or $GOWORK) uses; GOWORK=off: the module alone.
func moduleRoots(dir string) []string {
	if gw := os.Getenv("GOWORK"); gw != "" && gw != "off" {
		if roots := workRoots(gw); roots != nil {
			return roots
		}
	}
	mod := ""
	for d := dir; d != ""; {
		if mod == "" {
			if fi, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && fi.Mode().IsRegular() {
				mod = d
			}
		}
		if os.Getenv("GOWORK") == "" {
			if roots := workRoots(filepath.Join(d, "go.work")); roots != nil {
				return roots
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	if mod == "" {
		return nil
	}
	return []string{mod}
}

// workRoots returns the module directories the go.work file uses, or nil.
func workRoots(file string) []string {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	wf, err := modfile.ParseWork(file, b, nil)
	if err != nil {
		return nil
	}
	roots := []string{}
	for _, u := range wf.Use {
		p := u.Path
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(file), p)
		}
		roots = append(roots, filepath.Clean(p))
	}
	sort.Strings(roots)
	return roots
}
